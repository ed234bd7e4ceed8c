import type { AnyAction } from '../../../common/actions.ts';
import { ActionForm, actionPath } from './action-form.tsx';
import { Button } from './button.tsx';

type Choice = { action: AnyAction; label: string; ariaLabel?: string };

/**
 * Accept or decline something asked of the person (an invitation to a team, a companion's tag): one
 * plain form with two submit buttons, each posting its own action, so the answer can be given before
 * the scripts run; with them `onAnswer` sends it in place. `pending`: the answer under way, if any.
 */
export function AnswerForm({
  accept,
  decline,
  fields,
  pending,
  onAnswer,
  testId,
}: {
  accept: Choice;
  decline: Choice;
  fields: Record<string, string>;
  pending: boolean | undefined;
  onAnswer: (accepted: boolean) => void;
  testId: string;
}) {
  const button = (choice: Choice, accepted: boolean) => (
    <Button
      type="submit"
      size="sm"
      variant={accepted ? undefined : 'outline'}
      formAction={accepted ? undefined : actionPath(choice.action)}
      busy={pending === accepted}
      disabled={pending !== undefined}
      onClick={(event) => {
        event.preventDefault();
        onAnswer(accepted);
      }}
      aria-label={choice.ariaLabel}
    >
      {choice.label}
    </Button>
  );
  return (
    <ActionForm action={accept.action} fields={fields} className="flex gap-2" testId={testId}>
      {button(accept, true)}
      {button(decline, false)}
    </ActionForm>
  );
}
