import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormatNumber, useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { useDisciplineHub } from '../../lib/disciplines.ts';
import { useFollowDiscipline } from './disciplines.api.ts';
import { doneMessage } from '../../../common/actions.ts';
import { followDisciplineAction, unfollowDisciplineAction } from '../../../common/disciplines-basics.ts';
import { SECTIONS } from './sections.ts';
import { SaveOffline } from '../../components/content/save-offline.tsx';
import type { SaveRequest } from '../../lib/saved-offline.ts';

export default function DisciplinePage() {
  const { disciplineId = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useLocalizedName();
  const formatNumber = useFormatNumber();
  const { user } = useMe();
  const { data: hub, isLoading, isError } = useDisciplineHub(disciplineId);
  const follow = useFollowDiscipline(disciplineId);
  const title = hub ? name(hub) : isError ? t('discipline.notFound') : undefined;
  usePageMeta(title, hub ? t('discipline.metaDescription', { name: name(hub) }) : undefined);

  if (isLoading) return <PageSpinner />;
  if (!hub) return <StateMessage icon="🧭" title={t('discipline.notFound')} text={t('discipline.notFoundText')} homeLabel={t('common.returnHome')} />;

  const label = name(hub);
  const toggleFollow = () => {
    if (!user) {
      notifyFlash(t, followDisciplineAction.signedOut);
      void navigate('/login');
      return;
    }
    const next = !hub.following;
    const action = next ? followDisciplineAction : unfollowDisciplineAction;
    follow.mutate(next, {
      // The same message as the plain form's (common/disciplines-basics.ts).
      onSuccess: (answer) => notifyFlash(t, doneMessage(action, answer, { id: hub.id, label })),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          notifyFlash(t, followDisciplineAction.signedOut);
          void navigate('/login');
          return;
        }
        notify('error', t('auth.toast.error'), next ? t('discipline.toast.couldNotFollow') : t('discipline.toast.couldNotUnfollow'));
        console.warn(errorText(t, error));
      },
    });
  };

  const stats = [
    { key: 'members', value: hub.stats.members },
    { key: 'spots', value: hub.stats.spots },
    { key: 'events', value: hub.stats.events },
    { key: 'tricks', value: hub.stats.tricks },
  ] as const;

  return (
    <>
      <section className="text-white" style={{ background: `linear-gradient(135deg, ${hub.color}, #0f172a)` }}>
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-14 text-center">
          <span className="text-7xl" aria-hidden="true">
            {hub.icon}
          </span>
          <h1 className="text-4xl font-extrabold">{label}</h1>
          <div className="flex flex-wrap justify-center gap-2">
            {hub.categories.map((c) => (
              <Link key={c.id} to={`/category/${c.id}`} className="rounded-full bg-white/15 px-3 py-1 text-sm hover:bg-white/25">
                <span aria-hidden="true" className="me-1">
                  {c.icon}
                </span>
                {name(c)}
              </Link>
            ))}
          </div>
          <ActionForm action={hub.following ? unfollowDisciplineAction : followDisciplineAction} fields={{ id: hub.id, label }} onSubmit={toggleFollow}>
            <Button
              type="submit"
              size="lg"
              variant={hub.following ? 'outline' : 'default'}
              className={hub.following ? 'bg-white/10 text-white border-white/50 hover:bg-white/20' : ''}
              aria-pressed={hub.following}
              busy={follow.isPending}
              data-testid="follow-button"
            >
              {hub.following ? `✓ ${t('discipline.following')}` : t('discipline.follow')}
            </Button>
          </ActionForm>
        </div>
      </section>
      <section className="bg-white">
        <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
          {stats.map((s) => (
            <div key={s.key}>
              <dt className="text-sm text-slate-500">{t(`discipline.${s.key}`)}</dt>
              <dd className="mt-1 text-3xl font-bold text-slate-900" data-testid={`hub-${s.key}`}>
                {formatNumber(s.value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-2xl font-bold">{t('discipline.sectionsTitle', { name: label })}</h2>
          <SaveOffline request={saveRequest(hub.id, label)} />
        </div>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <Link
                to={`/discipline/${hub.id}/${section.id}`}
                className="flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-md"
              >
                <span className="text-3xl" aria-hidden="true">
                  {section.icon}
                </span>
                <span className="text-lg font-semibold">{t(`nav.${section.id}`)}</span>
                <span className="text-sm text-slate-600">{t(`discipline.sections.${section.id}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * A discipline saved for offline: its hub, its spots (the first five pages of the list, and each
 * one's page), its tricks and its upcoming events (the list's first three pages, and this month's calendar).
 */
const saveRequest = (id: string, label: string): SaveRequest => {
  const base = `/discipline/${encodeURIComponent(id)}`;
  return {
    id: `discipline:${id}`,
    label,
    paths: [base, `${base}/places?page=5`, `${base}/tricktionary?page=3`, `${base}/events?view=calendar`, `${base}/events?page=3`],
    withPlaces: true,
  };
};
