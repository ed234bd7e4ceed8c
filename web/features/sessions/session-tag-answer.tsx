import { useState } from 'react';
import { AnswerForm } from '../../components/ui/answer-form.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { acceptSessionTagAction, declineSessionTagAction } from '../../../common/sessions-basics.ts';
import { useAnswerTag } from './sessions.api.ts';

/**
 * Accept or Decline under a "tagged you in a session" notification (actions `accept-session-tag` and
 * `decline-session-tag`, common/sessions-basics.ts): nobody shows as a companion before accepting. Once answered, the answer.
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
    <AnswerForm
      accept={{ action: acceptSessionTagAction, label: t('sessions.tag.accept') }}
      decline={{ action: declineSessionTagAction, label: t('sessions.tag.decline') }}
      fields={{ id: sessionId }}
      pending={answer.isPending ? answer.variables?.accept : undefined}
      onAnswer={send}
      testId="session-tag-answer"
    />
  );
}
