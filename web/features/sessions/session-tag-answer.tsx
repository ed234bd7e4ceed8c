import { useState } from 'react';
import { formActionPath } from '../../../common/forms.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useAnswerTag } from './sessions.api.ts';

/**
 * Accept or Decline under a "tagged you in a session" notification (forms `accept-session-tag` and
 * `decline-session-tag`): nobody shows as a companion before accepting. Once answered, the answer.
 */
export function SessionTagAnswer({ sessionId, answered }: { sessionId: string; answered?: 'accepted' | 'declined' }) {
  const { t } = useTranslation();
  const answer = useAnswerTag();
  const [done, setDone] = useState(answered);

  if (done) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t(done === 'accepted' ? 'sessions.tag.accepted' : 'sessions.tag.declined')}
      </p>
    );
  }

  const send = (accept: boolean) =>
    answer.mutate(
      { sessionId, accept },
      {
        onSuccess: () => setDone(accept ? 'accepted' : 'declined'),
        onError: (error) => notify('error', t('sessions.tag.answerError'), errorText(t, error)),
      },
    );

  return (
    <ActionForm action="accept-session-tag" fields={{ sessionId }} className="flex gap-2" testId="session-tag-answer">
      <Button
        type="submit"
        size="sm"
        disabled={answer.isPending}
        onClick={(event) => {
          event.preventDefault();
          send(true);
        }}
      >
        {answer.isPending && answer.variables?.accept && <Spinner className="h-4 w-4 border-2" />}
        {t('sessions.tag.accept')}
      </Button>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        formAction={formActionPath('decline-session-tag')}
        disabled={answer.isPending}
        onClick={(event) => {
          event.preventDefault();
          send(false);
        }}
      >
        {answer.isPending && answer.variables?.accept === false && <Spinner className="h-4 w-4 border-2" />}
        {t('sessions.tag.decline')}
      </Button>
    </ActionForm>
  );
}
