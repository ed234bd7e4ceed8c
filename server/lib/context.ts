import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isLanguageCode, LANGUAGE_COOKIE, LANGUAGE_PARAM, type LanguageCode } from '../../common/languages.ts';
import type { SessionUser } from '../../common/schemas.ts';
import type { DB } from '../db/schema.ts';
import { fail } from './errors.ts';
import { readerLanguage } from './reader-language.ts';
import { currentUser, requireSession } from './session.ts';

/** Who is asking, as the discipline sections judge it: nobody, a rider or an admin. */
export type Viewer = { id: string; role: 'user' | 'admin' } | null;

/**
 * What a feature's read or write is given (docs/decisions/0017): the database, who asks, in which
 * language, the clock, the app's services, and a memo of what one request has already found out.
 * Below the routes nothing sees a FastifyRequest: a JSON route, a page's loader and a form all make
 * one of these from their request and call the same function with it.
 */
export type Ctx = {
  readonly app: FastifyInstance;
  readonly db: Kysely<DB>;
  /** The asker's address (rate limits of people not signed in). */
  readonly ip: string;
  now(): Date;
  /** The signed-in person, or null; read once per request. */
  user(): Promise<SessionUser | null>;
  /** `user()` as a viewer of the sections. */
  viewer(): Promise<Viewer>;
  /** The signed-in person; else UNAUTHORIZED. */
  requireUser(): Promise<SessionUser>;
  /** A signed-in admin; else UNAUTHORIZED or FORBIDDEN. */
  requireAdmin(): Promise<SessionUser>;
  /** The signed-in person and the id of the session they asked with; else UNAUTHORIZED. */
  requireSession(): Promise<{ user: SessionUser; sessionId: string }>;
  /** The language the asker reads the site in (server/lib/reader-language.ts). */
  language(): Promise<LanguageCode>;
  /**
   * `read()` made once for this request: a page's loaders ask several reads in one request, and what
   * they would each find out alike (whether an item or a profile may be seen) is found out once.
   * `key` names what is read and everything it depends on.
   */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
  /**
   * Gives the request's later `once(key)` the answer a read of more already found out (an item's own
   * query tells whether it may be seen). One already asked for is kept.
   */
  tell<T>(key: string, answer: () => Promise<T>): void;
};

const contexts = new WeakMap<FastifyRequest, Ctx>();

/** The context of `request`, made once for it: a page and all its loaders' reads share one. */
export function contextOf(request: FastifyRequest): Ctx {
  let ctx = contexts.get(request);
  if (!ctx) {
    ctx = makeContext(request);
    contexts.set(request, ctx);
  }
  return ctx;
}

function makeContext(request: FastifyRequest): Ctx {
  return contextFrom(request.server, {
    ip: request.ip,
    user: () => currentUser(request),
    requireSession: () => requireSession(request),
    // A page's address may name its language (`?lang=`): its data is then read in that language too.
    language: () => readerLanguage(request, askedLanguage(request)),
  });
}

/**
 * A visitor's context, for work the server does as nobody in particular (a share card shows what
 * anyone may see): no session, the language given.
 */
export function visitorContext(app: FastifyInstance, language: LanguageCode): Ctx {
  return contextFrom(app, { ip: '', user: async () => null, requireSession: () => fail('UNAUTHORIZED'), language: async () => language });
}

type Asker = {
  ip: string;
  user(): Promise<SessionUser | null>;
  requireSession(): Promise<{ user: SessionUser; sessionId: string }>;
  language(): Promise<LanguageCode>;
};

function contextFrom(app: FastifyInstance, asker: Asker): Ctx {
  const memo = new Map<string, Promise<unknown>>();
  let language: Promise<LanguageCode> | undefined;
  const { user } = asker;
  const ctx: Ctx = {
    app,
    db: app.db,
    ip: asker.ip,
    now: () => new Date(),
    user,
    viewer: async () => {
      const u = await user();
      return u && { id: u.id, role: u.role };
    },
    requireUser: async () => (await user()) ?? fail('UNAUTHORIZED'),
    requireAdmin: async () => {
      const u = await ctx.requireUser();
      if (u.role !== 'admin') fail('FORBIDDEN');
      return u;
    },
    requireSession: asker.requireSession,
    language: () => (language ??= asker.language()),
    once<T>(key: string, read: () => Promise<T>): Promise<T> {
      let pending = memo.get(key) as Promise<T> | undefined;
      if (!pending) {
        pending = read();
        memo.set(key, pending);
      }
      return pending;
    },
    tell<T>(key: string, answer: () => Promise<T>): void {
      if (memo.has(key)) return;
      const told = answer();
      // Its failure is the caller's to report (it awaits the read this comes from); a later `once` sees it too.
      told.catch(() => {});
      memo.set(key, told);
    },
  };
  return ctx;
}

/** The language the request's address names (`?lang=`), if it names one of ours. */
export function askedLanguage(request: FastifyRequest): LanguageCode | undefined {
  const asked = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_PARAM];
  return isLanguageCode(asked) ? asked : undefined;
}

/** The language cookie of `request`, if it names one of ours. */
export function cookieLanguage(request: FastifyRequest): LanguageCode | undefined {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  return isLanguageCode(cookie) ? cookie : undefined;
}
