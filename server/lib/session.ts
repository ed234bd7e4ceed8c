import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_HEADER } from '../../common/offline.ts';
import type { SessionUser } from '../../common/schemas.ts';
import { fail } from './errors.ts';

/**
 * better-auth names its cookies `<prefix>.session_token` etc. (`__Secure-` in front over https). Here,
 * below the features, because the HTTP cache (./http-cache.ts) tells a session by it too (hasSession).
 */
export const AUTH_COOKIE_PREFIX = 'stoked';

const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.`);

/** The request carries a session cookie or an Authorization header: someone may be signed in. */
export function hasSession(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return (cookie !== undefined && SESSION_COOKIE.test(cookie)) || request.headers.authorization !== undefined;
}

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  // The proxy header is trusted only when configured; better-auth reads the client IP from here.
  headers.set('x-stoked-client-ip', request.ip);
  return headers;
}

/** What is read of a session, by the auth feature's reader or by better-auth. */
type SessionRead = { session: { id: string }; user: { id: string; name: string; email: string; role?: string | null; image?: string | null } };

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
/** Which row of `sessions` the request came with, for what must end with that session (live streams). */
const sessionIds = new WeakMap<FastifyRequest, string>();

/** The signed-in user of this request, or null. Read once per request (a rendered page's loaders share its request). */
export function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  // No session cookie nor Authorization header: nobody to look up (most of a visitor's reads).
  if (!pending && !hasSession(request)) {
    pending = Promise.resolve(null);
    cache.set(request, pending);
  }
  if (!pending) {
    const { auth } = request.server;
    pending = auth
      .readSession(request.headers.cookie, request.headers.authorization)
      .then((read): Promise<SessionRead | null> | SessionRead | null => (read === undefined ? auth.api.getSession({ headers: toWebHeaders(request) }) : read))
      .then((s) => {
        if (!s) return null;
        sessionIds.set(request, s.session.id);
        return {
          id: s.user.id,
          name: s.user.name,
          email: s.user.email,
          role: s.user.role === 'admin' ? ('admin' as const) : ('user' as const),
          avatarUrl: s.user.image ?? null,
          preferredLanguage: (s.user as { preferred_language?: string | null }).preferred_language ?? null,
        };
      });
    cache.set(request, pending);
  }
  return pending;
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) fail('UNAUTHORIZED');
  return user;
}

/** The signed-in user and the id of the session the request came with. */
export async function requireSession(request: FastifyRequest): Promise<{ user: SessionUser; sessionId: string }> {
  const user = await requireUser(request);
  return { user, sessionId: sessionIds.get(request)! };
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') fail('FORBIDDEN');
  return user;
}

const SESSION_TOKEN_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;
const SETS_SESSION_COOKIE = new RegExp(`^(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=([^;]*)`);

/**
 * Whether an answer's cookies start another session than the request's (signing in or out, a
 * password changed): a renewal sets the same signed token again, with a later expiry, and is not a
 * change (it would empty the browser's cache once a day for nothing).
 */
function changesSession(request: FastifyRequest, setCookies: unknown): boolean {
  const sent = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.replace(/^__Secure-/, '').startsWith(`${SESSION_TOKEN_COOKIE}=`));
  const before = sent?.slice(sent.indexOf('=') + 1);
  return [setCookies].flat().some((c) => {
    const set = typeof c === 'string' ? SETS_SESSION_COOKIE.exec(c) : null;
    return set !== null && set[1] !== before;
  });
}

/**
 * What the browser keeps of a session is forgotten when it changes (issue 37), whichever way:
 * - an answer that sets or clears the session cookie (signing in or out, a password changed, with
 *   scripts or as a plain form) says `Clear-Site-Data: "cache"`: the browser's HTTP cache, where the
 *   pictures seen are kept for a year (a secret spot's photos among them), is emptied. "cache" leaves
 *   the service worker, its precache and the outbox alone ("storage" would take them all).
 * - every answer that read who is signed in names the session (SESSION_HEADER, 'none' for nobody, else
 *   a hash of the session's id): the service worker forgets what it kept when the name changes, which
 *   is how it learns of a session that ended elsewhere or expired.
 */
export function registerSessionSignals(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (changesSession(request, reply.getHeader('set-cookie'))) reply.header('clear-site-data', '"cache"');
    const session = await sessionName(request);
    if (session !== undefined) reply.header(SESSION_HEADER, session);
    return payload;
  });
}

/** The request's session as SESSION_HEADER names it; undefined when this request never read it. */
async function sessionName(request: FastifyRequest): Promise<string | undefined> {
  if (!hasSession(request)) return 'none';
  const read = cache.get(request);
  if (!read) return undefined;
  const user = await read.catch(() => undefined);
  if (user === undefined) return undefined;
  if (user === null) return 'none';
  const sessionId = sessionIds.get(request);
  if (!sessionId) return undefined;
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}
