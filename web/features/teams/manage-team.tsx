import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { TeamDetail } from '../../../common/teams.ts';
import { proposedVersion } from '../../components/content/pending-revision-notice.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { ImagesPanel } from './manage-team-images.tsx';
import { MembersPanel } from './manage-team-members.tsx';
import { TeamForm, teamValues } from './team-form.tsx';
import { useDecideJoinRequest, useDeleteTeam, useJoinRequests, useUpdateTeam } from './teams.api.ts';

/** Manage Team's tabs; the first is the page's address without `?manage=`. */
const MANAGE_TABS = ['members', 'requests', 'details', 'images', 'danger'] as const;

/**
 * The address of a Manage Team tab (`?manage=requests#manage`): each tab opens without the scripts,
 * and the page then scrolls to the section.
 */
function manageTabPath(teamId: string, tab: string): string {
  return `/team/${teamId}${tab === MANAGE_TABS[0] ? '' : `?manage=${tab}`}#manage`;
}

/** Manage Team (leader or admin; the server checks every call): members, requests, details, images, deletion. */
export function ManageTeam({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The tab is the address's: the server renders the one asked for (web/routes.tsx loads its data).
  const tab = params.get('manage') ?? MANAGE_TABS[0];
  const requests = useJoinRequests(team.id, true);
  const pending = (requests.data ?? []).filter((r) => r.status === 'pending').length;

  return (
    <section id="manage" aria-labelledby="manage-title" className="mt-12 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="manage-title" className="text-2xl font-bold">
        <span aria-hidden="true" className="me-2">
          ⚙️
        </span>
        {t('teams.manageTeam')}
      </h2>
      <div className="mt-4">
        <Tabs
          label={t('teams.manageTeam')}
          active={tab}
          hrefOf={(id) => manageTabPath(team.id, id)}
          tabs={[
            { id: 'members', label: t('teams.manage.members'), content: <MembersPanel team={team} /> },
            {
              id: 'requests',
              label: (
                <>
                  {t('teams.manage.requests')}
                  {pending > 0 && (
                    <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white" aria-label={t('teams.manage.pendingCount', { count: pending })}>
                      {pending}
                    </span>
                  )}
                </>
              ),
              content: <RequestsPanel team={team} />,
            },
            { id: 'details', label: t('teams.manage.details'), content: <DetailsPanel team={team} /> },
            { id: 'images', label: t('teams.manage.images'), content: <ImagesPanel team={team} /> },
            { id: 'danger', label: t('teams.manage.danger'), content: <DangerPanel team={team} /> },
          ]}
        />
      </div>
    </section>
  );
}

function RequestsPanel({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const requests = useJoinRequests(team.id, true);
  const decide = useDecideJoinRequest(team.id);
  const pending = (requests.data ?? []).filter((r) => r.status === 'pending');

  if (requests.isLoading) return <Spinner className="h-6 w-6 border-2" />;
  if (requests.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-red-700" role="alert">
        {t('teams.manage.requestsError')} {errorText(t, requests.error)}
        <Button size="sm" variant="outline" onClick={() => void requests.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (pending.length === 0) {
    return <p className="text-sm text-slate-500">{team.isPrivate ? t('teams.manage.noRequests') : t('teams.manage.noRequestsPublic')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="join-requests">
      {pending.map((request) => (
        <li key={request.id} className="flex flex-wrap items-center gap-3 py-3">
          <Avatar person={request.user} />
          <div className="min-w-0 flex-1">
            <Link to={`/profile/${request.user.id}`} className="block truncate font-medium hover:underline">
              <bdi>{request.user.name}</bdi>
            </Link>
            <span className="text-xs text-slate-500">{t('teams.manage.requestedOn', { date: formatDate(request.createdAt) })}</span>
          </div>
          <span className="flex gap-2">
            <Button
              size="sm"
              disabled={decide.isPending}
              aria-label={t('teams.manage.acceptPerson', { name: request.user.name })}
              onClick={() =>
                decide.mutate(
                  { requestId: request.id, decision: 'accept' },
                  {
                    onSuccess: () => notify('success', t('teams.toast.requestAccepted', { name: request.user.name })),
                    onError: (error) => notify('error', t('teams.toast.requestError'), errorText(t, error)),
                  },
                )
              }
            >
              {t('teams.manage.accept')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              aria-label={t('teams.manage.declinePerson', { name: request.user.name })}
              onClick={() =>
                decide.mutate(
                  { requestId: request.id, decision: 'decline' },
                  {
                    onSuccess: () => notify('success', t('teams.toast.requestDeclined', { name: request.user.name })),
                    onError: (error) => notify('error', t('teams.toast.requestError'), errorText(t, error)),
                  },
                )
              }
            >
              {t('teams.manage.decline')}
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}

function DetailsPanel({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const update = useUpdateTeam(team.id);
  // The form starts from the leader's edit waiting for review, so that saving again builds on it.
  const proposedDisciplines = team.pendingRevision?.changes.disciplineIds as string[] | undefined;
  return (
    <div className="max-w-2xl">
      <TeamForm
        key={team.id}
        defaultValues={teamValues(proposedVersion(team), proposedDisciplines ?? team.disciplines.map((d) => d.id))}
        submitLabel={t('common.save')}
        pending={update.isPending}
        onSubmit={async (values) => {
          try {
            const saved = await update.mutateAsync(values);
            notify('success', t('teams.toast.saved'), saved.pendingRevision ? t('content.revision.toast') : undefined);
          } catch (error) {
            notify('error', t('teams.toast.updateError'), errorText(t, error));
            throw error;
          }
        }}
      />
    </div>
  );
}

function DangerPanel({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteTeam(team.id);
  const [confirm, setConfirm] = useState(false);
  return (
    <div className="rounded-xl border border-red-200 bg-red-50/50 p-4">
      <h3 className="font-semibold text-red-800">{t('teams.manage.deleteTitle')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('teams.manage.deleteText')}</p>
      <Button variant="destructive" className="mt-4" onClick={() => setConfirm(true)}>
        {t('teams.manage.deleteTeam')}
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('teams.manage.confirmDeleteTitle')}
        description={t('teams.manage.confirmDeleteText', { team: team.name })}
        confirmLabel={t('teams.manage.deleteTeam')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutateAsync().then(
            () => {
              notify('success', t('teams.toast.deleted', { team: team.name }));
              void navigate('/teams');
            },
            (error: unknown) => {
              setConfirm(false);
              notify('error', t('teams.toast.deleteError'), errorText(t, error));
            },
          )
        }
      />
    </div>
  );
}
