import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link, useNavigate } from 'react-router';
import { MEMBER_SEARCH_MIN } from '../../../common/teams-basics.ts';
import type { Person, TeamDetail, TeamMember } from '../../../common/teams.ts';
import { proposedVersion } from '../../components/content/pending-revision-notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormatDate } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { TeamForm, teamValues } from './team-form.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { TeamImageFileInput, TeamImagePreview } from './team-image-input.tsx';
import {
  useCancelInvitation,
  useDecideJoinRequest,
  useDeleteTeam,
  useInvitations,
  useInviteMember,
  useJoinRequests,
  useMemberSearch,
  useRemoveMember,
  useRemoveTeamImage,
  useTransferLeadership,
  useUpdateTeam,
  useUploadTeamImage,
  type TeamImageKind,
} from './teams.api.ts';

/** Manage Team (leader or admin; the server checks every call): members, requests, details, images, deletion. */
export function ManageTeam({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('members');
  const requests = useJoinRequests(team.id, true);
  const pending = (requests.data ?? []).filter((r) => r.status === 'pending').length;

  return (
    <section id="manage" aria-labelledby="manage-title" className="mt-12 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="manage-title" className="text-2xl font-bold">
        <span aria-hidden="true" className="me-2">⚙️</span>
        {t('teams.manageTeam')}
      </h2>
      <div className="mt-4">
        <Tabs
          label={t('teams.manageTeam')}
          active={tab}
          onChange={setTab}
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

function MembersPanel({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const ids = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim());
  const search = useMemberSearch(team.id, query);
  const add = useInviteMember(team.id);
  const invitations = useInvitations(team.id, true);
  const cancelInvitation = useCancelInvitation(team.id);
  const remove = useRemoveMember(team.id);
  const transfer = useTransferLeadership(team.id);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [promoting, setPromoting] = useState<TeamMember | null>(null);
  const tooShort = query.length < MEMBER_SEARCH_MIN;

  useEffect(() => {
    if (search.error) notify('error', t('teams.toast.searchError'), errorText(t, search.error));
  }, [search.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const addPerson = (person: Person) =>
    add.mutate(person.id, {
      onSuccess: () => notify('success', t('teams.toast.invited'), person.name),
      onError: (error) => notify('error', t('teams.toast.addError'), errorText(t, error)),
    });

  const results = tooShort ? [] : (search.data ?? []);

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div>
        <h3 className="font-semibold">{t('teams.manage.addTitle')}</h3>
        <div className="mt-3 space-y-1">
          <label htmlFor={`${ids}-search`} className="block text-sm font-medium text-slate-700">
            {t('teams.manage.searchLabel')}
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            autoComplete="off"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={`${ids}-search-hint`}
            aria-controls={`${ids}-results`}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
          <p id={`${ids}-search-hint`} className="text-xs text-slate-500">
            {t('teams.manage.searchHint', { count: MEMBER_SEARCH_MIN })}
          </p>
        </div>
        <div id={`${ids}-results`} aria-live="polite" className="mt-3">
          {!tooShort && search.isFetching && !search.data ? (
            <Spinner className="h-6 w-6 border-2" />
          ) : !tooShort && search.isSuccess && results.length === 0 ? (
            <p className="text-sm text-slate-500">{t('teams.manage.noResults')}</p>
          ) : (
            <ul className={`divide-y divide-slate-100 ${search.isPlaceholderData ? 'opacity-60' : ''}`} data-testid="member-search-results">
              {results.map((person) => (
                <li key={person.id} className="flex items-center gap-3 py-2">
                  <Avatar person={person} />
                  <span className="min-w-0 flex-1 truncate font-medium">
                    <bdi>{person.name}</bdi>
                  </span>
                  <Button size="sm" onClick={() => addPerson(person)} disabled={add.isPending} aria-label={t('teams.manage.addPerson', { name: person.name })}>
                    {add.isPending && add.variables === person.id && <Spinner className="h-4 w-4 border-2" />}
                    {t('teams.manage.add')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <div>
        <h3 className="font-semibold">{t('teams.membersTitle', { count: team.memberCount })}</h3>
        <ul className="mt-3 divide-y divide-slate-100" data-testid="manage-members">
          {team.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 py-2">
              <Avatar person={member} />
              <Link to={`/profile/${member.id}`} className="min-w-0 flex-1 truncate font-medium hover:underline">
                <bdi>{member.name}</bdi>
              </Link>
              {member.role === 'leader' ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">{t('teams.leader')}</span>
              ) : (
                <span className="flex gap-1">
                  <Button size="sm" variant="outline" onClick={() => setPromoting(member)} aria-label={t('teams.manage.transferTo', { name: member.name })}>
                    {t('teams.manage.transfer')}
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setRemoving(member)} aria-label={t('teams.manage.removePerson', { name: member.name })}>
                    {t('teams.manage.remove')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
        {!!invitations.data?.length && (
          <>
            <h3 className="mt-6 font-semibold">{t('teams.manage.invitedTitle', { count: invitations.data.length })}</h3>
            <ul className="mt-3 divide-y divide-slate-100" data-testid="manage-invitations">
              {invitations.data.map(({ user }) => (
                <li key={user.id} className="flex flex-wrap items-center gap-3 py-2">
                  <Avatar person={user} />
                  <span className="min-w-0 flex-1 truncate font-medium">
                    <bdi>{user.name}</bdi>
                  </span>
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">{t('teams.manage.invitedBadge')}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={cancelInvitation.isPending}
                    onClick={() =>
                      cancelInvitation.mutate(user.id, {
                        onSuccess: () => notify('success', t('teams.toast.invitationCancelled'), user.name),
                        onError: (error) => notify('error', t('teams.toast.cancelInvitationError'), errorText(t, error)),
                      })
                    }
                    aria-label={t('teams.manage.cancelInvitationPerson', { name: user.name })}
                  >
                    {t('teams.manage.cancelInvitation')}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('teams.manage.removeTitle', { name: removing?.name ?? '' })}
        description={t('teams.manage.removeText', { name: removing?.name ?? '', team: team.name })}
        confirmLabel={t('teams.manage.remove')}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => notify('success', t('teams.toast.memberRemoved')),
            onError: (error) => notify('error', t('teams.toast.removeError'), errorText(t, error)),
            onSettled: () => setRemoving(null),
          })
        }
      />
      <ConfirmDialog
        open={promoting !== null}
        onOpenChange={(open) => !open && setPromoting(null)}
        title={t('teams.manage.transferTitle', { name: promoting?.name ?? '' })}
        description={t('teams.manage.transferText', { name: promoting?.name ?? '' })}
        confirmLabel={t('teams.manage.transfer')}
        destructive={false}
        pending={transfer.isPending}
        onConfirm={() =>
          promoting &&
          // mutateAsync: the toast must show even though this panel disappears with the leadership.
          transfer
            .mutateAsync(promoting.id)
            .then(
              () => notify('success', t('teams.toast.transferred')),
              (error: unknown) => notify('error', t('teams.toast.transferError'), errorText(t, error)),
            )
            .finally(() => setPromoting(null))
        }
      />
    </div>
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

/** Codes that say the file itself was refused (as opposed to the upload failing). */
const FILE_PROBLEMS = new Set(['INVALID_IMAGE', 'FILE_TOO_LARGE', 'TOO_MANY_FILES', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']);

function ImagesPanel({ team }: { team: TeamDetail }) {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <ImageEditor team={team} kind="logo" />
      <ImageEditor team={team} kind="banner" />
    </div>
  );
}

function ImageEditor({ team, kind }: { team: TeamDetail; kind: TeamImageKind }) {
  const { t } = useTranslation();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTeamImage(team.id);
  const remove = useRemoveTeamImage(team.id);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const current = kind === 'logo' ? team.logoUrl : team.bannerUrl;
  const busy = upload.isPending || remove.isPending;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const clear = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const pick = (chosen: File) => {
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const send = () =>
    file &&
    upload.mutate(
      { kind, file },
      {
        onSuccess: (saved) => {
          clear();
          notify('success', kind === 'logo' ? t('teams.toast.logoUpdated') : t('teams.toast.bannerUpdated'), saved.pendingRevision ? t('content.revision.toast') : undefined);
        },
        onError: (error) => {
          const fileProblem = error instanceof ApiError && FILE_PROBLEMS.has(error.code);
          const title = fileProblem ? t('teams.toast.uploadError') : kind === 'logo' ? t('teams.toast.uploadLogoError') : t('teams.toast.uploadBannerError');
          notify('error', title, errorText(t, error));
        },
      },
    );

  const shown = { name: team.name, logoUrl: preview ?? team.logoUrl, bannerUrl: preview ?? team.bannerUrl };
  return (
    <div className="space-y-3" data-testid={`image-${kind}`}>
      <h3 className="font-semibold">{kind === 'logo' ? t('teams.manage.logo') : t('teams.manage.banner')}</h3>
      <TeamImagePreview kind={kind} team={shown} bannerClassName="h-28 rounded-lg" />
      <p className="text-xs text-slate-500">{preview ? t('teams.manage.previewHint') : kind === 'logo' ? t('teams.manage.logoHint') : t('teams.manage.bannerHint')}</p>
      <div className="space-y-1">
        <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-slate-700">
          {t('teams.manage.chooseImage')}
        </label>
        <TeamImageFileInput id={`${ids}-file`} ref={input} onPick={pick} onNone={clear} disabled={busy} />
      </div>
      <div className="flex flex-wrap gap-2">
        {file ? (
          <>
            <Button size="sm" onClick={send} disabled={busy}>
              {upload.isPending && <Spinner className="h-4 w-4 border-2" />}
              {t('teams.manage.upload')}
            </Button>
            <Button size="sm" variant="outline" onClick={clear} disabled={busy}>
              {t('common.cancel')}
            </Button>
          </>
        ) : (
          current && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() =>
                remove.mutate(kind, {
                  onSuccess: (saved) =>
                    notify('success', kind === 'logo' ? t('teams.toast.logoRemoved') : t('teams.toast.bannerRemoved'), saved.pendingRevision ? t('content.revision.toast') : undefined),
                  onError: (error) => notify('error', t('teams.toast.updateError'), errorText(t, error)),
                })
              }
            >
              {remove.isPending && <Spinner className="h-4 w-4 border-2" />}
              {kind === 'logo' ? t('teams.manage.removeLogo') : t('teams.manage.removeBanner')}
            </Button>
          )
        )}
      </div>
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
