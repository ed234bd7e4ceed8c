import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../common/schemas.ts';
import { fail } from './errors.ts';
import { pageOf } from './page-scope.ts';

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

/** The signed-in user of this request, or null. Read once per request (and once per rendered page). */
export function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  const page = pending ? undefined : pageOf(request);
  if (page) {
    pending = currentUser(page).then((user) => {
      const sessionId = sessionIds.get(page);
      if (sessionId) sessionIds.set(request, sessionId);
      return user;
    });
    cache.set(request, pending);
  }
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
