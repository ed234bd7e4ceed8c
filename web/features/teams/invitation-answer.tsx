import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useAnswerInvitation } from './teams.api.ts';

/** Accept / Decline of an invitation to a team: nobody joins a team without saying yes (checklist line 38). */
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
    <span className="flex gap-2" data-testid="invitation-answer">
      <Button size="sm" disabled={answer.isPending} onClick={() => send('accept')} aria-label={t('teams.invitation.acceptTeam', { team: teamName })}>
        {answer.isPending && answer.variables?.answer === 'accept' && <Spinner className="h-4 w-4 border-2" />}
        {t('teams.invitation.accept')}
      </Button>
      <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => send('decline')} aria-label={t('teams.invitation.declineTeam', { team: teamName })}>
        {answer.isPending && answer.variables?.answer === 'decline' && <Spinner className="h-4 w-4 border-2" />}
        {t('teams.invitation.decline')}
      </Button>
    </span>
  );
}
