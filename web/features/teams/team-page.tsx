import { Suspense, useState } from 'react';
import { PendingRevisionNotice } from '../../components/content/owner-only.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { TeamDetail } from '../../../common/teams.ts';
import { doneMessage } from '../../../common/actions.ts';
import { cancelJoinRequestAction, joinTeamAction, leaveTeamAction } from '../../../common/teams-basics.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormatDate, useFormatNumber, useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { teamShare } from '../../lib/share.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { PrivacyBadge, StatusBadge, TypeBadge } from './team-visuals.tsx';
import { Avatar, TeamBanner, TeamLogo } from '../../components/ui/avatar.tsx';
import { useCancelJoinRequest, useJoinTeam, useLeaveTeam, useTeam } from './teams.api.ts';
import { InvitationAnswer } from './invitation-answer.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';

const ManageTeam = lazyNamed(() => import('./manage-team.tsx'), 'ManageTeam');

export default function TeamPage() {
  const { teamId = '' } = useParams();
  const { t } = useTranslation();
  const { data: team, isLoading, error, refetch, isRefetching } = useTeam(teamId);
  const missing = error instanceof ApiError && (error.status === 404 || error.code === 'TEAM_NOT_FOUND');
  usePageMeta(team ? team.name : missing ? t('notFound.teamNotFound') : error ? t('teams.loadErrorTitle') : undefined, team?.description ?? undefined, {
    share: team ? teamShare(team) : undefined,
  });

  if (isLoading) return <PageSpinner />;
  if (!team) {
    if (missing || !error) {
      return (
        <StateMessage icon="🧭" title={t('notFound.teamNotFound')} text={t('teams.notFoundText')}>
          <ButtonLink to="/teams">{t('teams.browseTeams')}</ButtonLink>
        </StateMessage>
      );
    }
    return (
      <StateMessage icon="⚠️" title={t('teams.loadErrorTitle')} text={errorText(t, error)}>
        <Button onClick={() => void refetch()} disabled={isRefetching}>
          {isRefetching && <Spinner className="h-4 w-4 border-2" />}
          {t('common.retry')}
        </Button>
      </StateMessage>
    );
  }
  return <TeamView team={team} />;
}

function TeamView({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const formatDate = useFormatDate();
  const formatNumber = useFormatNumber();
  const showStatus = team.status !== 'approved' && (team.myRole !== null || team.canManage);

  return (
    <article>
      <TeamBanner team={team} className="h-40 sm:h-56 lg:h-64" priority />
      <div className="mx-auto max-w-6xl px-4">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <TeamLogo team={team} size="lg" className="-mt-12 shadow-md ring-4 ring-white sm:-mt-14" />
          <div className="min-w-0 flex-1 sm:pt-4">
            <div className="flex flex-wrap items-center gap-1.5">
              <TypeBadge type={team.type} />
              <PrivacyBadge isPrivate={team.isPrivate} />
              <StatusBadge status={team.status} />
            </div>
            <h1 className="mt-2 text-3xl font-extrabold break-words text-slate-900 sm:text-4xl">
              <bdi>{team.name}</bdi>
            </h1>
            <p className="mt-1 text-slate-600">
              {t('teams.ledBy')}{' '}
              <Link to={`/profile/${team.leader.id}`} dir="auto" className="font-semibold text-brand-700 hover:underline" data-testid="team-leader">
                {team.leader.name}
              </Link>
            </p>
          </div>
          <div className="flex flex-col items-stretch gap-2 sm:items-end sm:pt-4">
            <JoinArea team={team} />
            {team.canManage && (
              <a href="#manage" className="text-sm font-semibold text-brand-700 hover:underline sm:text-end">
                <span aria-hidden="true" className="me-1">
                  ⚙️
                </span>
                {t('teams.manageTeam')}
              </a>
            )}
          </div>
        </header>

        {showStatus && (
          <div
            role="status"
            className={`mt-6 rounded-xl border p-4 text-sm ${team.status === 'pending' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-red-300 bg-red-50 text-red-900'}`}
          >
            <p className="font-semibold">{team.status === 'pending' ? t('teams.status.pending') : t('teams.status.rejected')}</p>
            <p className="mt-1">{team.status === 'pending' ? t('teams.status.pendingText') : t('teams.status.rejectedText')}</p>
          </div>
        )}

        <PendingRevisionNotice revision={team.pendingRevision} section="teams" />

        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <section aria-labelledby="team-about" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:self-start">
            <h2 id="team-about" className="text-lg font-bold">
              {t('teams.about')}
            </h2>
            {team.description ? (
              <p dir="auto" className="mt-3 text-start whitespace-pre-line text-slate-700">
                {team.description}
              </p>
            ) : (
              <p className="mt-3 text-slate-500 italic">{t('teams.noDescription')}</p>
            )}
            <dl className="mt-5 space-y-3 text-sm">
              {team.location && <Detail icon="📍" label={t('teams.location')} value={<bdi>{team.location}</bdi>} />}
              {team.foundedDate && <Detail icon="📅" label={t('teams.founded')} value={formatDate(team.foundedDate)} />}
              <Detail icon="👥" label={t('teams.members')} value={formatNumber(team.memberCount)} testId="team-member-count" />
              <Detail
                icon="⭐"
                label={t('teams.leader')}
                value={
                  <Link to={`/profile/${team.leader.id}`} dir="auto" className="font-semibold text-brand-700 hover:underline">
                    {team.leader.name}
                  </Link>
                }
              />
            </dl>
            {team.disciplines.length > 0 && (
              <>
                <h3 className="mt-5 text-sm font-semibold text-slate-500">{t('teams.disciplines')}</h3>
                <ul className="mt-2 flex flex-wrap gap-1.5">
                  {team.disciplines.map((d) => (
                    <li key={d.id}>
                      <Link
                        to={`/discipline/${d.id}/teams`}
                        className="inline-flex rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700 hover:bg-slate-200"
                      >
                        <span aria-hidden="true" className="me-1">
                          {d.icon}
                        </span>
                        {name(d)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          <section aria-labelledby="team-members" className="lg:col-span-2">
            <h2 id="team-members" className="text-lg font-bold">
              {t('teams.membersTitle', { count: team.memberCount })}
            </h2>
            {!team.membersVisible && (
              <p className="mt-4 text-sm text-slate-600" data-testid="team-members-hidden">
                {t('teams.membersHidden')}
              </p>
            )}
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="team-members">
              {team.members.map((member) => (
                <li key={member.id}>
                  <Link
                    to={`/profile/${member.id}`}
                    className="flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
                  >
                    <Avatar person={member} size="md" />
                    <span className="w-full truncate font-semibold text-slate-900">
                      <bdi>{member.name}</bdi>
                    </span>
                    {member.role === 'leader' ? (
                      <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">{t('teams.leader')}</span>
                    ) : (
                      <span className="text-xs text-slate-500">{t('teams.joinedOn', { date: formatDate(member.joinedAt) })}</span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>

        {team.canManage && (
          <Suspense fallback={<Spinner />}>
            <ManageTeam team={team} />
          </Suspense>
        )}
      </div>
    </article>
  );
}

function Detail({ icon, label, value, testId }: { icon: string; label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="flex gap-3">
      <span aria-hidden="true">{icon}</span>
      <dt className="w-24 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Spec §4: signed out → nothing; non-member → Join Team / Request to Join; member → Leave Team.
 * Each button submits a form (an action of common/teams-basics.ts), so it works before the scripts; with
 * them it runs in place (leaving asks for confirmation first).
 */
function JoinArea({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const { user, isLoading } = useMe();
  const join = useJoinTeam(team.id);
  const cancel = useCancelJoinRequest(team.id);
  const leave = useLeaveTeam(team.id);
  const [confirmLeave, setConfirmLeave] = useState(false);

  if (isLoading || !user) return null;

  if (team.myRole) {
    const isLeader = team.myRole === 'leader';
    return (
      <div className="flex flex-col gap-1.5 sm:items-end">
        <ActionForm action={leaveTeamAction} fields={{ id: team.id }} onSubmit={() => setConfirmLeave(true)}>
          <Button type="submit" variant="outline" busy={leave.isPending} disabled={isLeader} aria-describedby={isLeader ? 'leader-leave-hint' : undefined}>
            {t('teams.leaveTeam')}
          </Button>
        </ActionForm>
        {isLeader && (
          <p id="leader-leave-hint" className="max-w-xs text-xs text-slate-500 sm:text-end">
            {t('teams.leaderLeaveHint')}
          </p>
        )}
        <ConfirmDialog
          open={confirmLeave}
          onOpenChange={setConfirmLeave}
          title={t('teams.leaveConfirmTitle', { team: team.name })}
          description={team.isPrivate ? t('teams.leaveConfirmPrivate') : t('teams.leaveConfirmPublic')}
          confirmLabel={t('teams.leaveTeam')}
          pending={leave.isPending}
          onConfirm={() =>
            // mutateAsync: leaving a hidden (pending) team unmounts this page, and the toast must still show.
            leave
              .mutateAsync()
              .then(
                () => notifyFlash(t, doneMessage(leaveTeamAction, null, { id: team.id })),
                (error: unknown) => notify('error', t('teams.toast.leaveError'), errorText(t, error)),
              )
              .finally(() => setConfirmLeave(false))
          }
        />
      </div>
    );
  }

  if (team.invited) {
    return (
      <div
        role="status"
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:items-end"
        data-testid="team-invited"
      >
        <p className="font-semibold text-slate-900">{t('teams.invitation.title')}</p>
        <InvitationAnswer teamId={team.id} teamName={team.name} />
      </div>
    );
  }

  if (team.isPrivate && team.myRequest === 'pending') {
    return (
      <div
        role="status"
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:items-end"
        data-testid="request-pending"
      >
        <p className="font-semibold text-slate-900">
          <span aria-hidden="true" className="me-1">
            ⏳
          </span>
          {t('teams.requestSent')}
        </p>
        <p className="text-slate-600">{t('teams.requestSentText')}</p>
        <ActionForm
          action={cancelJoinRequestAction}
          fields={{ id: team.id }}
          onSubmit={() =>
            cancel.mutate(undefined, {
              onSuccess: () => notifyFlash(t, doneMessage(cancelJoinRequestAction, null, { id: team.id })),
              onError: (error) => notify('error', t('teams.toast.cancelRequestError'), errorText(t, error)),
            })
          }
        >
          <Button type="submit" size="sm" variant="ghost" busy={cancel.isPending}>
            {t('teams.cancelRequest')}
          </Button>
        </ActionForm>
      </div>
    );
  }

  const requestJoin = () =>
    join.mutate(undefined, {
      // The same messages as the plain form's (common/teams-basics.ts).
      onSuccess: (answer) => notifyFlash(t, doneMessage(joinTeamAction, answer, { id: team.id })),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) notifyFlash(t, joinTeamAction.signedOut);
        else notify('error', t('teams.toast.joinError'), errorText(t, error));
      },
    });

  if (team.isPrivate && team.myRequest === 'declined') {
    return (
      <div
        role="status"
        className="flex max-w-xs flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:items-end"
        data-testid="request-declined"
      >
        <p className="text-slate-700">{t('teams.requestDeclined')}</p>
        <ActionForm action={joinTeamAction} fields={{ id: team.id }} onSubmit={requestJoin}>
          <Button type="submit" size="sm" variant="outline" busy={join.isPending}>
            {t('teams.requestAgain')}
          </Button>
        </ActionForm>
      </div>
    );
  }

  return (
    <ActionForm action={joinTeamAction} fields={{ id: team.id }} onSubmit={requestJoin}>
      <Button type="submit" size="lg" busy={join.isPending} data-testid="join-team">
        {team.isPrivate ? t('teams.requestToJoin') : t('teams.joinTeam')}
      </Button>
    </ActionForm>
  );
}
