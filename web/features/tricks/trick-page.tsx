import { useState } from 'react';
import { OwnerActions, PendingRevisionNotice } from '../../components/content/owner-only.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Navigate, useNavigate, useParams } from 'react-router';
import { contentPath, isHttpUrl } from '../../../common/content-basics.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { PROGRESS_STATES, videoEmbed, type ProgressState } from '../../../common/tricks-basics.ts';
import type { Trick } from '../../../common/tricks.ts';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { useFormatDate, useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { trickShare } from '../../lib/share.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useMe } from '../../lib/session.ts';
import { useDisciplineHub } from '../../lib/disciplines.ts';
import { CommentsSection, LikeButton, RatingInput } from '../reactions/index.ts';
import { DifficultyBadge, TrickLevelBadge } from './trick-badges.tsx';
import { useDeleteTrick, useSetTrickProgress, useTrick } from './tricks.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const TrickFormDialog = lazyNamed(() => import('./trick-form-dialog.tsx'), 'TrickFormDialog');

/** /discipline/:disciplineId/tricktionary/:trickId: every step and tip, the video, and one's own progression. */
export default function TrickPage() {
  const { disciplineId = '', trickId = '' } = useParams();
  const { t } = useTranslation();
  const name = useLocalizedName();
  const hub = useDisciplineHub(disciplineId);
  const trick = useTrick(trickId);
  const listUrl = `/discipline/${disciplineId}/tricktionary`;
  usePageMeta(
    trick.data && hub.data
      ? `${trick.data.name} - ${t('nav.tricktionary')} - ${name(hub.data)}`
      : hub.isLoading || trick.isLoading
        ? undefined
        : hub.data
          ? t('errors.CONTENT_NOT_FOUND')
          : t('discipline.sectionNotFound'),
    trick.data?.description.slice(0, 160),
    { share: trick.data ? trickShare(trick.data) : undefined },
  );

  if (hub.isLoading || trick.isLoading) return <PageSpinner />;
  if (!hub.data)
    return <StateMessage icon="🧭" title={t('discipline.sectionNotFound')} text={t('discipline.notFoundText')} homeLabel={t('common.returnHome')} />;
  if (!trick.data) {
    return (
      <StateMessage icon="🎯" title={t('errors.CONTENT_NOT_FOUND')} text={t('tricks.notFoundText')}>
        <BackLink to={listUrl}>{t('tricks.backToTricktionary')}</BackLink>
      </StateMessage>
    );
  }
  // A shared link with another discipline in it still leads to the trick, under its own discipline.
  if (trick.data.disciplineId !== hub.data.id) return <Navigate to={contentPath('trick', trick.data.disciplineId, trick.data.id)} replace />;
  return <TrickDetail trick={trick.data} discipline={hub.data} />;
}

function TrickDetail({ trick, discipline }: { trick: Trick; discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { user } = useMe();
  const remove = useDeleteTrick();
  const listUrl = `/discipline/${discipline.id}/tricktionary`;
  const canEdit = trick.mine || user?.role === 'admin';

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <BackLink to={listUrl}>{t('tricks.backToTricktionary')}</BackLink>

      <header className="mt-4 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <TrickLevelBadge level={trick.level} />
          <DifficultyBadge difficulty={trick.difficulty} />
          <StatusBadge status={trick.status} />
        </div>
        <h1 dir="auto" className="text-3xl font-extrabold break-words text-slate-900" data-testid="trick-name">
          {trick.name}
        </h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          {trick.author && (
            <span className="flex items-center gap-2">
              <Avatar person={trick.author} size="sm" />
              {t('content.byAuthor', { name: trick.author.name })}
            </span>
          )}
          <time dateTime={trick.createdAt}>{formatDate(trick.createdAt)}</time>
          <LikeButton type="trick" id={trick.id} reactions={trick.reactions} name={trick.name} />
        </div>
        {canEdit && (
          <OwnerActions
            item={trick}
            section="tricks"
            listPath={listUrl}
            name={trick.name}
            remove={remove}
            onDeleted={() => void navigate(listUrl, { replace: true })}
            Editor={TrickFormDialog}
          />
        )}
      </header>

      <p dir="auto" className="mt-6 whitespace-pre-line text-slate-700">
        {trick.description}
      </p>

      <ProgressButtons trick={trick} />

      <TrickVideo url={trick.videoUrl} name={trick.name} />

      <section className="mt-8">
        <h2 className="text-xl font-bold text-slate-900">{t('tricks.stepsTitle')}</h2>
        <ol className="mt-3 space-y-2" data-testid="trick-steps">
          {trick.steps.map((step, i) => (
            <li key={i} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <span className="break-words text-slate-800">{step}</span>
            </li>
          ))}
        </ol>
      </section>

      {trick.tips.length > 0 && (
        <section className="mt-8">
          <h2 className="text-xl font-bold text-slate-900">{t('tricks.tipsTitle')}</h2>
          <ul className="mt-3 space-y-2" data-testid="trick-tips">
            {trick.tips.map((tip, i) => (
              <li key={i} className="flex gap-2 rounded-xl bg-amber-50 p-3 text-slate-800">
                <span aria-hidden="true">💡</span>
                <span className="break-words">{tip}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="mt-8">
        <h2 className="mb-3 text-xl font-bold text-slate-900">{t('tricks.ratingTitle')}</h2>
        <RatingInput type="trick" id={trick.id} rating={trick.rating} />
      </section>

      <div className="mt-10">
        <PendingRevisionNotice revision={trick.pendingRevision} section="tricks" />
        <CommentsSection type="trick" id={trick.id} />
      </div>
    </div>
  );
}

/** 'Mark as learning' and 'Mark as landed'; clicking the current mark again removes it. */
function ProgressButtons({ trick }: { trick: Trick }) {
  const { t } = useTranslation();
  const gate = useLoginGate();
  const progress = useSetTrickProgress(trick.id);
  const [target, setTarget] = useState<ProgressState | null>(null);

  const toggle = (state: ProgressState) =>
    gate(t('tricks.loginToTrack'), () => {
      const next = trick.myProgress === state ? null : state;
      setTarget(state);
      progress.mutate(next, {
        onSuccess: () => notify('success', next ? t(`tricks.toast.marked.${next}`, { name: trick.name }) : t('tricks.toast.unmarked')),
        onError: (error) => notify('error', t('tricks.toast.progressError'), errorText(t, error)),
        onSettled: () => setTarget(null),
      });
    });

  return (
    <section className="mt-6 flex flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4" aria-label={t('tricks.progressLabel')}>
      <span className="me-2 text-sm font-semibold text-slate-700">{t('tricks.progressLabel')}</span>
      {PROGRESS_STATES.map((state) => {
        const active = trick.myProgress === state;
        return (
          <Button
            key={state}
            variant={active ? 'default' : 'outline'}
            size="sm"
            aria-pressed={active}
            disabled={progress.isPending}
            onClick={() => toggle(state)}
            data-testid={`trick-mark-${state}`}
          >
            {progress.isPending && target === state ? (
              <Spinner className="h-4 w-4 border-2" />
            ) : (
              <span aria-hidden="true">{state === 'landed' ? '✅' : '📚'}</span>
            )}
            {t(`tricks.mark.${state}`)}
          </Button>
        );
      })}
    </section>
  );
}

/** The video in YouTube's or Vimeo's player when it is one of theirs, else a plain link. */
function TrickVideo({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  const embed = videoEmbed(url);
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold text-slate-900">{t('tricks.videoTitle')}</h2>
      {embed ? (
        <div className="mt-3 aspect-video overflow-hidden rounded-2xl bg-black shadow-sm">
          <iframe
            src={embed.embedUrl}
            title={t('tricks.videoFrameTitle', { name })}
            className="h-full w-full"
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            allowFullScreen
            data-testid="trick-video-frame"
          />
        </div>
      ) : (
        isHttpUrl(url) && (
          <p className="mt-3">
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="font-semibold break-all text-brand-700 hover:underline"
              data-testid="trick-video-link"
            >
              {t('tricks.watchVideo')}
              <span aria-hidden="true"> ↗</span>
            </a>
          </p>
        )
      )}
    </section>
  );
}
