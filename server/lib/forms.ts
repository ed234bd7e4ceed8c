import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerServedForm } from './actions.ts';
import { BACK_FIELD, FLASH_COOKIE, FORM_ACTION_PREFIX, safeBack, type Flash, type PlainFormName } from '../../common/forms.ts';

/**
 * Plain HTML forms (common/forms.ts): each names a call of the JSON API, which this sends in-process
 * with the sender's own cookies, origin and address, so every rule of the API applies as it is
 * (permissions, validation, limits, notifications); then the sender is sent back (303) with the
 * outcome as a flash message. One way to do each thing: the API; the form is another way to ask.
 */

export type FormFields = URLSearchParams;

export interface FormAction {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The API path, built from the form's fields (each part encoded). */
  path: (fields: FormFields) => string;
  /** The JSON body, if the call has one. */
  body?: (fields: FormFields) => unknown;
  /** The flash message on success (catalogue keys); none for actions whose result shows by itself. */
  done?: Flash | ((answer: unknown, fields: FormFields) => Flash | undefined);
  /** Where to go on success instead of back. */
  to?: (answer: unknown, fields: FormFields, back: string) => string;
  /** Where to go on failure instead of back (a form page keeps what was typed in its address). */
  failTo?: (fields: FormFields, back: string) => string;
  /** The heading of a failure's message (the toast's), with the API's error as its text; else the error alone. */
  failTitle?: string;
  /** The form signs someone in: its 401 is a wrong password, a failure like the others, not a visitor to send to log in. */
  authenticates?: boolean;
  /** What a visitor sent to log in is told, when the app's toast says more than 'Login Required' (the spec's words for following and joining). */
  signedOut?: Flash;
  /** A check of the form's own fields the API cannot make (two typed passwords agree): an error code refuses it unsent. */
  refuse?: (fields: FormFields) => string | undefined;
}

export type FormActions = Readonly<Partial<Record<PlainFormName, FormAction>>>;

const FORM_TYPE = 'application/x-www-form-urlencoded';
const FLASH_SECONDS = 60;

/** Every text field of a form, trimmed; an absent field is ''. */
export const field = (fields: FormFields, name: string) => (fields.get(name) ?? '').trim();
/** A path segment from a field, encoded. */
export const segment = (fields: FormFields, name: string) => encodeURIComponent(field(fields, name));

export function flashCookie(reply: FastifyReply, flash: Flash, secure: boolean): void {
  reply.setCookie(FLASH_COOKIE, JSON.stringify(flash), { path: '/', maxAge: FLASH_SECONDS, httpOnly: true, sameSite: 'lax', secure });
}

/** The API's refusal as a flash: the translated message of its error code. */
function failure(body: string, retryAfter: unknown): Flash {
  let code = 'INTERNAL_ERROR';
  const parsed = safeJson(body) as { code?: unknown } | null;
  if (typeof parsed?.code === 'string' && /^[A-Z_]{2,60}$/.test(parsed.code)) code = parsed.code;
  const seconds = Number(retryAfter) > 0 ? String(Number(retryAfter)) : '60';
  return { kind: 'error', title: `errors.${code}`, ...(code === 'RATE_LIMITED' ? { params: { seconds } } : {}) };
}

/** The headers of the sender that the API judges a request by: who (cookies), from where (origin), in which language. */
export function senderHeaders(request: FastifyRequest): Record<string, string> {
  const pass = ['cookie', 'origin', 'sec-fetch-site', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'host'];
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of pass) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * `POST /actions/:action` with a urlencoded body. The origin guard (server/lib/origin-guard.ts)
 * admits that body type only here and only with this site's Origin, so a cross-site form is refused
 * before it gets this far.
 */
export function registerForms(app: FastifyInstance, actions: FormActions): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  app.post<{ Params: { action: string } }>(`${FORM_ACTION_PREFIX}:action`, { schema: { hide: true } }, async (request, reply) => {
    const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const back = safeBack(fields.get(BACK_FIELD) ?? pathOfReferer(request));
    const secure = request.protocol === 'https';
    const served = app.actions.get(request.params.action);
    if (served) {
      return answerServedForm(request, reply, served, fields, back, (flash, location) => {
        if (flash) flashCookie(reply, flash, secure);
        return reply.code(303).header('location', safeBack(location)).header('cache-control', 'no-store').send();
      });
    }
    const action = Object.hasOwn(actions, request.params.action) ? actions[request.params.action as PlainFormName] : undefined;
    if (!action) {
      flashCookie(reply, { kind: 'error', title: 'errors.NOT_FOUND' }, secure);
      return reply.code(303).header('location', back).send();
    }
    const refused = action.refuse?.(fields);
    if (refused) {
      flashCookie(reply, { kind: 'error', title: `errors.${refused}` }, secure);
      return reply
        .code(303)
        .header('location', safeBack(action.failTo?.(fields, back) ?? back))
        .header('cache-control', 'no-store')
        .send();
    }
    const body = action.body?.(fields);
    const answer = await app.inject({
      method: action.method,
      url: action.path(fields),
      headers: { ...senderHeaders(request), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      remoteAddress: request.ip,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return answerForm(request, reply, action, answer, fields, back);
  });
}

/** Sends the sender of a form back (303) with the API's answer to it as a flash message. */
export function answerForm(
  request: FastifyRequest,
  reply: FastifyReply,
  action: FormAction,
  answer: { statusCode: number; body: string; headers: Record<string, string | string[] | number | undefined> },
  fields: FormFields,
  back: string,
) {
  const secure = request.protocol === 'https';
  // A sign-in or sign-out sets or ends the session: its cookies go to the browser as they are.
  const cookies = answer.headers['set-cookie'];
  if (cookies) reply.header('set-cookie', cookies);
  const ok = answer.statusCode >= 200 && answer.statusCode < 300;
  let location = back;
  let flash: Flash | undefined;
  if (ok) {
    const json = answer.body ? safeJson(answer.body) : null;
    flash = typeof action.done === 'function' ? action.done(json, fields) : action.done;
    if (action.to) location = safeBack(action.to(json, fields, back));
  } else if (answer.statusCode === 401 && !action.authenticates) {
    // A visitor's action: they log in, then come back to where they were.
    flash = action.signedOut ?? { kind: 'error', title: 'content.loginRequired' };
    location = `/login?next=${encodeURIComponent(back)}`;
  } else {
    const error = failure(answer.body, answer.headers['retry-after']);
    flash = action.failTitle ? { ...error, title: action.failTitle, text: error.title } : error;
    if (action.failTo) location = safeBack(action.failTo(fields, back));
  }
  if (flash) flashCookie(reply, flash, secure);
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function pathOfReferer(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === request.headers.host ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** The flash a page request carries, to show once; the cookie is cleared with the page. */
export function takeFlash(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const value = request.cookies[FLASH_COOKIE];
  if (value === undefined) return undefined;
  reply.clearCookie(FLASH_COOKIE, { path: '/' });
  return value;
}
