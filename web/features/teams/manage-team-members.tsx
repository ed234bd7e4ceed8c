import { useState } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { MEMBER_SEARCH_MIN } from '../../../common/teams-basics.ts';
import type { Person, TeamDetail, TeamMember } from '../../../common/teams.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { MemberPicker } from './member-picker.tsx';
import { memberSearchQuery, useCancelInvitation, useInvitations, useInviteMember, useRemoveMember, useTransferLeadership } from './teams.api.ts';

/** Manage Team › Members: inviting people, the members with their transfer and remove buttons, the open invitations. */
export function MembersPanel({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const add = useInviteMember(team.id);
  const invitations = useInvitations(team.id, true);
  const cancelInvitation = useCancelInvitation(team.id);
  const remove = useRemoveMember(team.id);
  const transfer = useTransferLeadership(team.id);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [promoting, setPromoting] = useState<TeamMember | null>(null);

  const addPerson = (person: Person) =>
    add.mutate(person.id, {
      onSuccess: () => notify('success', t('teams.toast.invited'), person.name),
      onError: (error) => notify('error', t('teams.toast.addError'), errorText(t, error)),
    });

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div>
        <h3 className="font-semibold">{t('teams.manage.addTitle')}</h3>
        <div className="mt-3">
          <MemberPicker
            label={t('teams.manage.searchLabel')}
            hint={t('teams.manage.searchHint', { count: MEMBER_SEARCH_MIN })}
            minLength={MEMBER_SEARCH_MIN}
            search={(q) => memberSearchQuery(team.id, q)}
            emptyText={t('teams.manage.noResults')}
            pickBy={{
              kind: 'button',
              text: t('teams.manage.add'),
              labelOf: (person) => t('teams.manage.addPerson', { name: person.name }),
              onPick: addPerson,
              busy: add.isPending,
              busyId: add.variables,
            }}
            testId="member-search"
          />
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
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setRemoving(member)}
                    aria-label={t('teams.manage.removePerson', { name: member.name })}
                  >
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
