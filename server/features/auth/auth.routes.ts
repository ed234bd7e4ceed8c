import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withInput, type ActionInput, type ActionWithInput } from '../../../common/actions.ts';
import { confirmEmailAction, forgotPasswordAction, logInAction, logOutAction, registerAction, resetPasswordAction } from '../../../common/auth-basics.ts';
import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '../../../common/error-codes.ts';
import { emailSchema, languageSchema, meSchema, nameSchema, PASSWORD_MAX, passwordSchema } from '../../../common/schemas.ts';
import { ping } from '../../db/client.ts';
import { serveRequestForm, type FormFields, type FormReader } from '../../lib/actions.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { mailLanguage } from '../../lib/mail-texts.ts';
import type { Limit } from '../../lib/rate-limit.ts';
import { read } from '../../lib/reads.ts';
import { requireUser, toWebHeaders } from '../../lib/session.ts';
import { AUTH_BASE_PATH, verifyPassword } from './auth.ts';
import { deviceCookieHeader, knownDevice } from './device-cookie.ts';
import { register, sendConfirmation } from './sign-up.ts';
import { confirmEmail, findAccountByEmail, findPendingConfirmation } from './sign-up.db.ts';

const signUpBody = z.object({
  name: nameSchema,
  email: emailSchema,
  // Checked again here so that an over-long password is refused as PASSWORD_TOO_LONG (the shared
  // schema alone answers VALIDATION_ERROR for it, auth.test.ts), as better-auth's own sign-up would
  // refuse it: sign-up writes its rows itself (sign-up.ts) and never reaches better-auth.
  password: passwordSchema.refine((p) => p.length <= PASSWORD_MAX, { error: 'PASSWORD_TOO_LONG' }),
  // The page's language: the confirmation mail and the later ones are written in it.
  language: languageSchema.optional(),
});
const signInBody = z.object({ email: emailSchema, password: z.string().min(1).max(128), rememberMe: z.boolean().optional() });
const emailBody = z.object({ email: emailSchema });
const changePasswordBody = z.object({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema });
const resetPasswordBody = z.object({ token: z.string().min(1).max(500), newPassword: passwordSchema });
const deleteUserBody = z.object({ password: z.string().min(1).max(128) });
const confirmEmailBody = z.object({ token: z.string().min(1).max(500), password: z.string().min(1).max(128) });

export const RESET_PASSWORD_PATH = '/reset-password';

type Shaped = {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** The better-auth endpoint to call instead of the requested one. */
  path?: string;
  /** Our own answer: nothing goes to better-auth. */
  answer?: Record<string, unknown>;
  after?: (status: number, reply: FastifyReply) => Promise<void>;
};
/** An endpoint of ours in front of better-auth's: `body` is the request's (a JSON route's or a plain form's, read into the same fields). */
type Endpoint = (request: FastifyRequest, app: FastifyInstance, body: unknown) => Promise<Shaped>;

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const message = result.error.issues[0]?.message;
    const code: ErrorCode = isErrorCode(message) ? message : 'VALIDATION_ERROR';
    fail(code, { status: 400 });
  }
  return result.data;
}

const minutes = (n: number) => n * 60;

/**
 * Wrong passwords are counted per address and source: past LOGIN_FAILURES_PER_SOURCE that source
 * alone waits. Per address from every source, past loginFailuresPerHour, only browsers without a
 * device cookie for the account wait (device-cookie.ts); a browser with one counts its own failures
 * instead, so a flood of guesses from anywhere never locks the owner out of a device they used before.
 */
const LOGIN_FAILURES_PER_SOURCE = { max: 10, windowSeconds: minutes(15) };

/** Sign-up's one answer, whatever became of the address (new, unconfirmed or already an account). */
const SIGN_UP_ANSWER = { status: 'check-your-inbox' };

function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 2000) : undefined]));
}

/** A link with a callbackURL redirects (to our page only); without one better-auth answers JSON. */
function redirect(request: FastifyRequest, path: string): Record<string, string> {
  return queryOf(request).callbackURL === undefined ? {} : { callbackURL: path };
}

/**
 * The better-auth endpoints the web app uses, each with its limits and with the body rebuilt from
 * the fields we accept, so that no client can set role, image or any other column (mass assignment).
 */
const ENDPOINTS: Record<string, Endpoint> = {
  'GET /get-session': async () => ({}),
  // The reset mail's link: only its token comes from the client, the redirect is ours (an invalid
  // callbackURL made better-auth fail with a 500, and a foreign one is an open redirect).
  [`GET ${RESET_PASSWORD_PATH}/:token`]: async (request) => ({ query: redirect(request, RESET_PASSWORD_PATH) }),
  'POST /sign-out': async () => ({ body: {} }),
  'POST /sign-up/email': async (request, app, body) => {
    await app.limiter.consume(`signup:ip:${request.ip}`, { max: app.config.rateLimits.signupPer30Min, windowSeconds: minutes(30) });
    await register(app, parse(signUpBody, body));
    return { answer: SIGN_UP_ANSWER };
  },
  // The confirmation link's page sends its token with the password chosen at sign-up: the link alone
  // signs nobody in (login CSRF), and only who chose that password gets the account.
  'POST /confirm-email': async (request, app, body) => {
    // A few tries for each sign-up one address may make; guesses at one account are limited below.
    await app.limiter.consume(`confirm:ip:${request.ip}`, { max: 4 * app.config.rateLimits.signupPer30Min, windowSeconds: minutes(30) });
    const { token, password } = parse(confirmEmailBody, body);
    const pending = await findPendingConfirmation(app.db, token);
    if (!pending) fail('INVALID_TOKEN');
    await app.limiter.consume(`confirm:${pending.userId}`, { max: 10, windowSeconds: minutes(30) });
    if (!pending.passwordHash || !(await verifyPassword(pending.passwordHash, password))) {
      fail('CONFIRM_PASSWORD_MISMATCH');
    }
    await confirmEmail(app.db, pending.userId);
    return {
      path: '/sign-in/email',
      body: { email: pending.email, password, rememberMe: true },
      after: async (status, reply) => {
        if (status === 200) reply.header('set-cookie', deviceCookieHeader(app.config.authSecret, pending.email, app.config.publicUrl.startsWith('https://')));
      },
    };
  },
  'POST /sign-in/email': async (request, app, body) => {
    const limits = app.config.rateLimits;
    await app.limiter.consume(`login:ip:${request.ip}`, { max: limits.loginPerMinute, windowSeconds: 60 });
    const { email, password, rememberMe } = parse(signInBody, body);
    const device = knownDevice(request, app.config.authSecret, email);
    const counters: [string, Limit][] = device
      ? [[`login-fail:device:${device}`, LOGIN_FAILURES_PER_SOURCE]]
      : [
          [`login-fail:${email}:${request.ip}`, LOGIN_FAILURES_PER_SOURCE],
          [`login-fail:${email}`, { max: limits.loginFailuresPerHour, windowSeconds: minutes(60) }],
        ];
    // Counted as failures before the password is checked, so that concurrent guesses cannot all pass
    // a check made before any of them failed; taken back when the password was right.
    for (const [key, limit] of counters) await app.limiter.consume(key, limit);
    return {
      body: { email, password, rememberMe: rememberMe ?? true },
      after: async (status, reply) => {
        if (status !== 401) for (const [key, limit] of counters) await app.limiter.undo(key, limit);
        if (status === 200) reply.header('set-cookie', deviceCookieHeader(app.config.authSecret, email, app.config.publicUrl.startsWith('https://')));
      },
    };
  },
  'POST /change-password': async (request, app, body) => {
    const user = await requireUser(request);
    await app.limiter.consume(`change-password:${user.id}`, { max: 10, windowSeconds: minutes(60) });
    const { currentPassword, newPassword } = parse(changePasswordBody, body);
    // Spec: a password change signs out the other sessions.
    return { body: { currentPassword, newPassword, revokeOtherSessions: true } };
  },
  'POST /request-password-reset': async (request, app, body) => {
    await app.limiter.consume(`reset-mail:ip:${request.ip}`, { max: 10, windowSeconds: minutes(30) });
    const { email } = parse(emailBody, body);
    await app.limiter.consume(`reset-mail:${email}`, { max: 3, windowSeconds: minutes(30) });
    return { body: { email, redirectTo: RESET_PASSWORD_PATH } };
  },
  'POST /reset-password': async (request, app, body) => {
    await app.limiter.consume(`reset:ip:${request.ip}`, { max: 20, windowSeconds: minutes(30) });
    const { token, newPassword } = parse(resetPasswordBody, body);
    return { body: { token, newPassword } };
  },
  'POST /delete-user': async (request, app, body) => {
    const user = await requireUser(request);
    await app.limiter.consume(`delete-user:${user.id}`, { max: 10, windowSeconds: minutes(60) });
    const { password } = parse(deleteUserBody, body);
    return { body: { password } };
  },
  'POST /send-verification-email': async (request, app, body) => {
    await app.limiter.consume(`verify-mail:ip:${request.ip}`, { max: 10, windowSeconds: minutes(30) });
    const { email } = parse(emailBody, body);
    await app.limiter.consume(`verify-mail:${email}`, { max: 3, windowSeconds: minutes(30) });
    // A new link for an unconfirmed address only: it still needs the password chosen at sign-up.
    const account = await findAccountByEmail(app.db, email);
    if (account && !account.emailVerified) await sendConfirmation(app, { id: account.id, language: mailLanguage(account.preferredLanguage) }, email);
    return { answer: { status: true } };
  },
};

// better-auth's own codes, mapped onto ours so that the web app translates one list.
const CODE_MAP: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  // Sign-in answers INVALID_EMAIL_OR_PASSWORD; INVALID_PASSWORD comes from password checks of a signed-in user.
  INVALID_PASSWORD: 'WRONG_PASSWORD',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  USER_ALREADY_EXISTS: 'USER_ALREADY_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'USER_ALREADY_EXISTS',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  FAILED_TO_GET_SESSION: 'UNAUTHORIZED',
  MISSING_OR_NULL_ORIGIN: 'BAD_ORIGIN',
  INVALID_ORIGIN: 'BAD_ORIGIN',
};

/** Passes the request to better-auth and sets status and headers; returns the body, which the route sends. */
async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  requestedPath: string,
  path: string,
  body: Record<string, unknown> | undefined,
  query?: Record<string, string>,
) {
  const app = request.server;
  const url = new URL(`${AUTH_BASE_PATH}${path}`, app.config.publicUrl);
  // The client's own query goes only to the endpoint it asked for, never to one an endpoint hands over to.
  url.search = query ? new URLSearchParams(query).toString() : path === requestedPath ? new URL(request.url, 'http://x').search : '';
  const headers = toWebHeaders(request);
  headers.delete('content-length');
  if (body) headers.set('content-type', 'application/json');
  const response = await app.auth.handler(new Request(url, { method: request.method, headers, body: body ? JSON.stringify(body) : undefined }));
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 500 && !(await databaseAnswers(app))) {
    // better-auth turns a database failure into a bare 500: say what it is, as every other route does.
    reply.status(503).header('retry-after', '5');
    reply.header('content-type', 'application/json; charset=utf-8');
    return { code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE };
  }
  if (response.status >= 400) {
    let upstream: { code?: string; message?: string } = {};
    try {
      upstream = JSON.parse(text);
    } catch {
      // not JSON: fall through to the status-based code
    }
    const code: ErrorCode =
      (upstream.code && CODE_MAP[upstream.code]) ||
      (isErrorCode(upstream.code) ? upstream.code : undefined) ||
      (response.status === 401 ? 'UNAUTHORIZED' : response.status === 403 ? 'FORBIDDEN' : response.status === 429 ? 'RATE_LIMITED' : 'VALIDATION_ERROR');
    reply.header('content-type', 'application/json; charset=utf-8');
    return { code, message: ERROR_MESSAGES[code] };
  }
  return withoutToken(text);
}

/** The session token travels in the HttpOnly cookie only, never where a script could read it. */
function withoutToken(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text, (key, value: unknown) => (key === 'token' ? undefined : value)));
  } catch {
    return text;
  }
}

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  try {
    await ping(app.db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers `method path` of the auth API with `body`: our endpoint, then better-auth's if it hands
 * over. Sets the reply's status and the session's cookies; returns the body to send.
 */
async function answerAuth(request: FastifyRequest, reply: FastifyReply, method: string, path: string, body: unknown): Promise<unknown> {
  // The reset link (GET /reset-password/:token) checks the token and redirects to our reset page.
  const key = method === 'GET' && path.startsWith(`${RESET_PASSWORD_PATH}/`) ? `GET ${RESET_PASSWORD_PATH}/:token` : `${method} ${path}`;
  const endpoint = Object.hasOwn(ENDPOINTS, key) ? ENDPOINTS[key] : undefined;
  if (!endpoint) fail('NOT_FOUND');
  const shaped = await endpoint(request, request.server, body);
  if (shaped.answer) return shaped.answer;
  // An endpoint of ours may hand over to another of better-auth's (confirming signs in).
  const result = await forward(request, reply, path, shaped.path ?? path, shaped.body, shaped.query);
  // Before the answer goes out, so that the client's next request sees the updated counters.
  await shaped.after?.(reply.statusCode, reply);
  return result;
}

/** A text field as typed, or none when empty (an optional choice left unset). */
const optional = (fields: FormFields, name: string) => fields.get(name) || undefined;
const samePasswords = (first: string) => (value: { confirmPassword?: string } & Record<string, unknown>) => value[first] === value.confirmPassword;

/**
 * The account's plain forms (common/auth-basics.ts): each calls the endpoint its JSON route calls,
 * with the session's cookies going to the browser as better-auth set them.
 */
function serveAuthForms(app: FastifyInstance): void {
  const serve = <I extends ActionInput>(action: ActionWithInput<string, never, unknown, I>, path: string, form?: FormReader) =>
    serveRequestForm(
      app,
      action,
      async (request, reply, input) => {
        const answer = await answerAuth(request, reply, 'POST', path, input);
        if (reply.statusCode < 400) return answer;
        const code = (answer as { code?: unknown } | null)?.code;
        const known: ErrorCode = isErrorCode(code) ? code : 'VALIDATION_ERROR';
        // better-auth's Retry-After, when it sent one, tells the form's message how long to wait.
        const retryAfter = reply.getHeader('retry-after');
        throw new AppError(reply.statusCode, known, ERROR_MESSAGES[known], retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) });
      },
      form,
    );
  const confirmPassword = z
    .string()
    .max(PASSWORD_MAX + 100)
    .optional();
  serve(withInput(logInAction, signInBody.extend({ next: z.string().max(2000).optional() })) as never, '/sign-in/email');
  serve(withInput(logOutAction, z.object({})) as never, '/sign-out');
  serve(
    withInput(
      registerAction,
      signUpBody.extend({ confirmPassword }).refine(samePasswords('password'), { path: ['confirmPassword'], error: 'PASSWORDS_DONT_MATCH' }),
    ) as never,
    '/sign-up/email',
    (fields) => ({ ...Object.fromEntries(fields), language: optional(fields, 'language') }),
  );
  serve(withInput(forgotPasswordAction, emailBody) as never, '/request-password-reset');
  serve(
    withInput(
      resetPasswordAction,
      resetPasswordBody.extend({ confirmPassword }).refine(samePasswords('newPassword'), { path: ['confirmPassword'], error: 'NEW_PASSWORDS_DONT_MATCH' }),
    ) as never,
    '/reset-password',
  );
  serve(withInput(confirmEmailAction, confirmEmailBody) as never, '/confirm-email');
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { cache: 'no-store' },
    schema: { hide: true },
    // The path the router matched (decoded), never the raw URL: `/%61pi/auth/x` is `/api/auth/x`.
    handler: async (request, reply) => answerAuth(request, reply, request.method, `/${(request.params as { '*': string })['*']}`, request.body),
  });
  serveAuthForms(app);

  read(app, '/api/me', { tags: ['auth'], cache: 'no-store', response: meSchema }, async (ctx) => {
    return { user: await ctx.user() };
  });
}
