import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { LevelBadge } from '../../components/ui/level-badge.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useFormatNumber, useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { profileShare } from '../../lib/share.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { useDisplayTimeZone } from '../../lib/use-hydrated.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useMe } from '../../lib/session.ts';
import { useBlockPerson, useStartConversation } from '../messages/index.ts';
import { ProfileSessions } from '../sessions/index.ts';
import { TrickProgression } from '../tricks/index.ts';
import { ActivityList } from './activity-list.tsx';
import { ProfileHero } from './profile-hero.tsx';
import { TeamLinks } from './team-links.tsx';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { useActivity, useFollowPerson, usePublicProfile } from './profiles.api.ts';
import { dateTimeFormat } from '../../lib/intl.ts';
import { doneMessage } from '../../../common/actions.ts';
import { followPersonAction, unfollowPersonAction } from '../../../common/profiles-basics.ts';

export default function PublicProfilePage() {
  const { userId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const name = useLocalizedName();
  const formatNumber = useFormatNumber();
  const timeZone = useDisplayTimeZone();
  const { user } = useMe();
  const { data: profile, isLoading, isError } = usePublicProfile(userId);
  const activity = useActivity(profile?.id);
  const follow = useFollowPerson(userId);
  const start = useStartConversation();
  const block = useBlockPerson(userId);
  const loginGate = useLoginGate();
  const [confirmBlock, setConfirmBlock] = useState(false);
  // The tab is the address's (?tab=activity): each opens without the scripts.
  const [params] = useSearchParams();
  const tab = params.get('tab') ?? 'overview';
  usePageMeta(profile?.name ?? (isError ? t('notFound.userNotFound') : undefined), profile?.bio ?? undefined, {
    share: profile ? profileShare(profile) : undefined,
  });

  if (isLoading) return <PageSpinner />;
  if (!profile) return <StateMessage icon="🧭" title={t('notFound.userNotFound')} homeLabel={t('common.goHome')} />;

  const toggleFollow = () => {
    if (!user) {
      notify('error', t('discipline.toast.loginRequired'), t('profile.public.loginRequiredText'));
      void navigate('/login');
      return;
    }
    const next = !profile.isFollowing;
    const fields = { id: profile.id, name: profile.name };
    follow.mutate(next, {
      // The same message as the plain form's (common/profiles-basics.ts).
      onSuccess: (answer) => notifyFlash(t, doneMessage(next ? followPersonAction : unfollowPersonAction, answer, fields)),
      onError: (error) => notify('error', t('auth.toast.error'), errorText(t, error)),
    });
  };

  const openConversation = () =>
    loginGate(t('messages.loginRequiredText'), () =>
      start.mutate(profile.id, {
        onSuccess: ({ id }) => void navigate(`/messages/${id}`),
        onError: (error) => notify('error', t('messages.startFailed'), errorText(t, error)),
      }),
    );

  const setBlocked = (next: boolean) =>
    block.mutate(next, {
      onSuccess: () => {
        setConfirmBlock(false);
        notify('success', t(next ? 'profile.block.blocked' : 'profile.block.unblocked', { name: profile.name }));
      },
      onError: (error) => notify('error', t(next ? 'profile.block.blockFailed' : 'profile.block.unblockFailed'), errorText(t, error)),
    });

  const since = dateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone }).format(new Date(profile.createdAt));
  const achievements = profile.achievements.length ? (
    <ul className="space-y-2">
      {profile.achievements.map((a, i) => (
        <li key={i} className="flex items-center gap-2 rounded-xl bg-white p-3 shadow-sm">
          <span aria-hidden="true">🏆</span>
          {a}
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-slate-600">{t('profile.achievements.none')}</p>
  );

  return (
    <>
      <ProfileHero
        person={profile}
        subtitle={
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <LevelBadge level={profile.athleteLevel} />
            {profile.location && <span>📍 {profile.location}</span>}
            <span>{t('profile.public.memberSince', { date: since })}</span>
          </span>
        }
        actions={
          profile.isSelf ? (
            <Link to="/profile" className="font-semibold text-brand-700 hover:underline">
              {t('profile.public.editOwn')}
            </Link>
          ) : (
            <>
              {!profile.blockedByMe && (
                <ActionForm
                  action={profile.isFollowing ? unfollowPersonAction : followPersonAction}
                  fields={{ id: profile.id, name: profile.name }}
                  onSubmit={toggleFollow}
                >
                  <Button
                    type="submit"
                    variant={profile.isFollowing ? 'outline' : 'default'}
                    aria-pressed={profile.isFollowing}
                    busy={follow.isPending}
                    data-testid="follow-person"
                  >
                    {profile.isFollowing ? t('profile.public.unfollow') : t('profile.public.follow')}
                  </Button>
                </ActionForm>
              )}
              {!profile.blockedByMe && (
                <Button variant="outline" busy={start.isPending} onClick={openConversation} data-testid="message-person">
                  {t('profile.public.message')}
                </Button>
              )}
              {user &&
                (profile.blockedByMe ? (
                  <Button variant="outline" busy={block.isPending} onClick={() => setBlocked(false)} data-testid="block-person">
                    {t('profile.block.unblock')}
                  </Button>
                ) : (
                  <Button variant="ghost" onClick={() => setConfirmBlock(true)} data-testid="block-person">
                    {t('profile.block.block')}
                  </Button>
                ))}
              <ConfirmDialog
                open={confirmBlock}
                onOpenChange={setConfirmBlock}
                title={t('profile.block.confirmTitle', { name: profile.name })}
                description={t('profile.block.confirmText', { name: profile.name })}
                confirmLabel={t('profile.block.block')}
                pending={block.isPending}
                onConfirm={() => setBlocked(true)}
              />
            </>
          )
        }
      />
      <div className="mx-auto max-w-5xl px-4 py-8">
        {profile.bio && (
          <p dir="auto" className="mb-6 max-w-3xl whitespace-pre-line text-slate-700">
            {profile.bio}
          </p>
        )}
        <dl className="mb-8 flex gap-8">
          <div>
            <dt className="text-sm text-slate-500">{t('profile.public.followers')}</dt>
            <dd className="text-2xl font-bold" data-testid="followers-count">
              {formatNumber(profile.followers)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">{t('profile.public.following')}</dt>
            <dd className="text-2xl font-bold" data-testid="following-count">
              {formatNumber(profile.following)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">{t('profile.public.conditionReports')}</dt>
            <dd className="text-2xl font-bold" data-testid="condition-reports-count">
              {formatNumber(profile.conditionReports)}
            </dd>
          </div>
        </dl>
        <div className="mb-8">
          <ProfileSessions userId={profile.id} />
        </div>
        <Tabs
          label={t('profile.tabsLabel')}
          active={tab}
          hrefOf={(id) => `/profile/${encodeURIComponent(profile.id)}${id === 'overview' ? '' : `?tab=${id}`}`}
          tabs={[
            {
              id: 'overview',
              label: t('profile.tabs.overview'),
              content: (
                <div className="grid gap-8 md:grid-cols-2">
                  <section>
                    <h2 className="mb-3 text-lg font-semibold">{t('profile.public.disciplines')}</h2>
                    {profile.disciplines.length ? (
                      <ul className="flex flex-wrap gap-2">
                        {profile.disciplines.map((d) => (
                          <li key={d.id}>
                            <Link
                              to={`/discipline/${d.id}`}
                              className="inline-flex items-center gap-1 rounded-full bg-white px-3 py-1 text-sm shadow-sm hover:bg-slate-50"
                            >
                              <span aria-hidden="true">{d.icon}</span>
                              {name(d)}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="text-slate-600">{t('profile.public.noDisciplines')}</p>
                    )}
                    <h2 className="mt-6 mb-3 text-lg font-semibold">{t('profile.relationships.teams')}</h2>
                    <TeamLinks teams={profile.teams} />
                  </section>
                  <section>
                    <h2 className="mb-3 text-lg font-semibold">{t('profile.public.recentActivity')}</h2>
                    <ActivityList items={activity.data?.slice(0, 5)} loading={activity.isLoading} />
                  </section>
                  <section className="md:col-span-2">
                    <h2 className="mb-3 text-lg font-semibold">{t('tricks.progression.title')}</h2>
                    <TrickProgression userId={profile.id} own={profile.isSelf} />
                  </section>
                </div>
              ),
            },
            { id: 'activity', label: t('profile.tabs.activity'), content: <ActivityList items={activity.data} loading={activity.isLoading} /> },
            { id: 'achievements', label: t('profile.tabs.achievements'), content: achievements },
          ]}
        />
      </div>
    </>
  );
}
