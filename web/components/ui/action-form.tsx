import type { FormEvent, ReactNode } from 'react';
import type { AnyAction } from '../../../common/actions.ts';
import { formActionPath, type PlainFormName } from '../../../common/forms.ts';
import { FormTarget } from './form-target.tsx';

/** What a page's form posts: an action defined once, or a plain form still written apart. */
export type FormActionRef = AnyAction | PlainFormName;

/** Where the browser posts `ref`'s plain form. */
export const actionPath = (ref: FormActionRef) => formActionPath(typeof ref === 'string' ? ref : ref.name);

/**
 * An action as a plain HTML form (common/forms.ts): before the scripts run, or without them, the
 * browser posts it and the server answers with this page again and a message; once the app runs,
 * `onSubmit` does it in place (optimistically, with a toast) and the browser sends nothing.
 */
export function ActionForm({
  action,
  fields = {},
  onSubmit,
  className,
  children,
  testId,
}: {
  /** The action (common/actions.ts), or the name of a plain form still written apart (a key of a feature's `*.forms.ts`). */
  action: FormActionRef;
  /** Hidden fields: what the action is about (ids). */
  fields?: Record<string, string>;
  /** Runs the action in the app; the form's own fields come along. */
  onSubmit?: (data: FormData) => void;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmit) return;
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form method="post" action={actionPath(action)} onSubmit={submit} className={className} data-testid={testId}>
      <FormTarget fields={fields} />
      {children}
    </form>
  );
}
