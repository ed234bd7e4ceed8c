import type { FormEvent, ReactNode } from 'react';
import type { AnyAction } from '../../../common/actions.ts';
import { formActionPath } from '../../../common/forms.ts';
import { FormReplyScope } from '../../lib/flash.tsx';
import { FormTarget } from './form-target.tsx';

/** Where the browser posts `action`'s plain form. */
export const actionPath = (action: AnyAction) => formActionPath(action.name);

/**
 * An action as a plain HTML form (common/actions.ts): before the scripts run, or without them, the
 * browser posts it and the server answers with this page again and a message (a refusal brings the
 * fields back as typed, each with its error); once the app runs, `onSubmit` does it in place
 * (optimistically, with a toast) and the browser sends nothing.
 */
export function ActionForm({
  action,
  fields = {},
  onSubmit,
  onSubmitEvent,
  noValidate,
  className,
  children,
  testId,
}: {
  /** The action (common/actions.ts): a misspelt one does not compile. */
  action: AnyAction;
  /** Hidden fields: what the action is about (ids). */
  fields?: Record<string, string>;
  /** Runs the action in the app; the form's own fields come along. */
  onSubmit?: (data: FormData) => void;
  /** Or the submit event itself, for a form whose library reads its fields (react-hook-form's `handleSubmit`). */
  onSubmitEvent?: (event: FormEvent<HTMLFormElement>) => void;
  noValidate?: boolean;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (onSubmitEvent) return onSubmitEvent(event);
    if (!onSubmit) return;
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form method="post" action={actionPath(action)} onSubmit={submit} noValidate={noValidate} className={className} data-testid={testId}>
      <FormTarget fields={fields} />
      <FormReplyScope action={action.name}>{children}</FormReplyScope>
    </form>
  );
}
