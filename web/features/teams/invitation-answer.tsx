import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { AnswerForm } from '../../components/ui/answer-form.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { acceptInvitationAction, declineInvitationAction } from '../../../common/teams-basics.ts';
import { useAnswerInvitation } from './teams.api.ts';

/**
 * Accept / Decline of an invitation to a team: nobody joins a team without saying yes (checklist line 38).
 * One form with two submit buttons (the `accept-invitation` / `decline-invitation` actions, common/teams-basics.ts), so the
 * answer can be given before the scripts run; with them it is sent in place.
 */
export function InvitationAnswer({ teamId, teamName }: { teamId: string; teamName: string }) {
  const { t } = useTranslation();
  const answer = useAnswerInvitation();
  const [answered, setAnswered] = useState<'joined' | 'declined' | null>(null);

  if (answered) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {answered === 'joined' ? t('teams.invitation.joined', { team: teamName }) : t('teams.invitation.declined', { team: teamName })}
      </p>
    );
  }

  const send = (choice: 'accept' | 'decline') =>
    answer.mutate(
      { teamId, answer: choice },
      {
        onSuccess: ({ status }) => setAnswered(status),
        onError: (error) => notify('error', t('teams.invitation.answerError'), errorText(t, error)),
      },
    );

  return (
    <AnswerForm
      accept={{ action: acceptInvitationAction, label: t('teams.invitation.accept'), ariaLabel: t('teams.invitation.acceptTeam', { team: teamName }) }}
      decline={{ action: declineInvitationAction, label: t('teams.invitation.decline'), ariaLabel: t('teams.invitation.declineTeam', { team: teamName }) }}
      fields={{ id: teamId, teamName }}
      pending={answer.isPending ? answer.variables?.answer === 'accept' : undefined}
      onAnswer={(accepted) => send(accepted ? 'accept' : 'decline')}
      testId="invitation-answer"
    />
  );
}
