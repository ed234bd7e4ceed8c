import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { formActionPath } from '../../../common/forms.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useAnswerInvitation } from './teams.api.ts';

/**
 * Accept / Decline of an invitation to a team: nobody joins a team without saying yes (checklist line 38).
 * One form with two submit buttons (the `accept-invitation` / `decline-invitation` actions), so the
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
    <ActionForm action="accept-invitation" fields={{ teamId, teamName }} className="flex gap-2" testId="invitation-answer">
      <Button
        type="submit"
        size="sm"
        disabled={answer.isPending}
        onClick={(event) => {
          event.preventDefault();
          send('accept');
        }}
        aria-label={t('teams.invitation.acceptTeam', { team: teamName })}
      >
        {answer.isPending && answer.variables?.answer === 'accept' && <Spinner className="h-4 w-4 border-2" />}
        {t('teams.invitation.accept')}
      </Button>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        formAction={formActionPath('decline-invitation')}
        disabled={answer.isPending}
        onClick={(event) => {
          event.preventDefault();
          send('decline');
        }}
        aria-label={t('teams.invitation.declineTeam', { team: teamName })}
      >
        {answer.isPending && answer.variables?.answer === 'decline' && <Spinner className="h-4 w-4 border-2" />}
        {t('teams.invitation.decline')}
      </Button>
    </ActionForm>
  );
}
