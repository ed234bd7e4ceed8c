import type { z } from 'zod';
import type { Flash } from './forms.ts';

/**
 * Actions defined once (issue 38, docs/decisions/0018). Each write a page offers is one definition:
 * its name (the plain form's `/actions/<name>`), its JSON route (method and path), its fields and the
 * messages of its outcome. It lives zod-free next to the section's plain facts (`common/<section>-basics.ts`,
 * decision 0009: a page that shows a button loads no validation code), and the section's schema module
 * gives it its input (`withInput`). From it come the JSON route and the plain-HTML handler
 * (server/lib/actions.ts `serveAction`, both calling one function of the feature), the page's form
 * (web/components/ui/action-form.tsx) and the request the app sends (`actionRequest`).
 */
export type ActionMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Action<N extends string = string, F extends object = Record<string, unknown>, A = unknown> {
  name: N;
  method: ActionMethod;
  /** The JSON route; each `:field` of it is the field of that name. */
  path: string;
  /** The message of its success (catalogue keys); none for an action whose result shows by itself. */
  done?: Flash | ((answer: A, fields: F) => Flash | undefined);
  /** A visitor sent to log in is told this, where the app says more than 'Login Required'. */
  signedOut?: Flash;
  /** The heading of a refusal's message, its error's text under it; else the error alone. */
  failTitle?: string;
  /** Where the plain form goes on success, instead of back to the page it came from. */
  to?: (answer: A, fields: F, back: string) => string;
  /** Where a refused plain form goes instead of back (the page whose form it is: an opened editor, say), with what was typed. */
  failTo?: (fields: Readonly<Record<string, string>>, back: string) => string;
  /** The action signs someone in: its 401 is a wrong password, a refusal like the others, not a visitor to send to log in. */
  authenticates?: boolean;
}

/** Any action, whatever its fields and answer (a form's `action` prop). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAction = Action<string, any, any>;
/** An action with the fields `F`, whatever it answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ActionOf<F extends object> = Action<string, F, any>;

/** `defineAction<Fields, Answer>()({ … })`: the fields and the answer are named as types, the rest as values. */
export const defineAction =
  <F extends object, A = unknown>() =>
  <const N extends string>(action: Action<N, F, A>): Action<N, F, A> =>
    action;

/** An action's input: an object's fields, or a choice of such objects (a session's, a condition report's). */
export type ActionInput = z.ZodType<object>;

/** An action with the schema of its fields: what the server serves. */
export type ActionWithInput<N extends string = string, F extends object = Record<string, unknown>, A = unknown, I extends ActionInput = ActionInput> = Action<
  N,
  F,
  A
> & { input: I };

/** Gives `action` its input schema (in the section's schema module); the schema must give the action's fields. */
export const withInput = <N extends string, F extends object, A, I extends ActionInput>(
  action: Action<N, F, A>,
  input: I & z.ZodType<F, unknown>,
): ActionWithInput<N, F, A, I> => ({
  ...action,
  input,
});

/** The fields of an action's path, in order. */
export const pathFields = (path: string): string[] => [...path.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1]!);

/** What the app sends for `fields`: the path with its fields filled in (encoded), the rest as the JSON body. */
export function actionRequest<F extends object>(action: ActionOf<F>, fields: F): { method: ActionMethod; path: string; body?: Record<string, unknown> } {
  const inPath = pathFields(action.path);
  const values = fields as Record<string, unknown>;
  const path = action.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
  const body = Object.fromEntries(Object.entries(values).filter(([name]) => !inPath.includes(name)));
  return { method: action.method, path, ...(Object.keys(body).length > 0 ? { body } : {}) };
}

/** The message an action's success shows, in the app's toast and after the plain form alike. */
export function doneMessage<F extends object, A>(action: Action<string, F, A>, answer: A, fields: F): Flash | undefined {
  return typeof action.done === 'function' ? action.done(answer, fields) : action.done;
}
