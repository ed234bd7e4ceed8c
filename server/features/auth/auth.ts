import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/schemas.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { deleteAccount } from '../admin/index.ts';
import { authMails } from './auth-mails.ts';
import { mailLanguage } from '../../lib/mail-texts.ts';
import { AUTH_COOKIE_PREFIX } from '../../lib/session.ts';
import { sessionReader } from './session-reader.ts';

// OWASP's argon2id floor is m=19 MiB, t=2, p=1; we stay at that floor's memory with one more pass.
const ARGON2 = { algorithm: 2 /* Argon2id; the package's enum is an ambient const enum */, memoryCost: 19456, timeCost: 3, parallelism: 1 } as const;

export const AUTH_BASE_PATH = '/api/auth';
/** The web page a confirmation link opens: it asks for the password chosen at sign-up. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
/** How long a confirmation link works. */
export const CONFIRMATION_TTL_SECONDS = 60 * 60 * 24;

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (stored: string, password: string) => verify(stored, password);

/** Table and column names in our own snake_case schema (migration 0001). */
const tables = {
  user: {
    modelName: 'profiles',
    fields: { emailVerified: 'email_verified', image: 'avatar_url', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
  session: {
    modelName: 'sessions',
    fields: {
      expiresAt: 'expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      userId: 'user_id',
    },
  },
  account: {
    modelName: 'accounts',
    fields: {
      accountId: 'account_id',
      providerId: 'provider_id',
      userId: 'user_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  verification: {
    modelName: 'verifications',
    fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
} as const;

export type DeletedUser = { id: string; avatarUrl: string | null; bannerUrl: string | null; photoUrls: string[] };

/**
 * Whom an account mail goes to, in the language saved on the account, greeted by name only once the
 * address is confirmed: before, the name is whatever its latest registrant typed (auth-mails.ts).
 */
const recipient = (user: { email: string; name: string; emailVerified: boolean; preferred_language?: unknown }) => ({
  to: user.email,
  name: user.emailVerified ? user.name : undefined,
  language: mailLanguage(typeof user.preferred_language === 'string' ? user.preferred_language : null),
});

/** Why an account was kept, as the error its deletion answers. */
const ACCOUNT_KEPT = { 'not-found': 'USER_NOT_FOUND', 'leads-a-team': 'LEADER_MUST_TRANSFER', 'last-admin': 'LAST_ADMIN' } as const;

export function createAuth(opts: {
  config: Config;
  db: Kysely<DB>;
  mailer: Mailer;
  allowedOrigins: string[];
  log: FastifyBaseLogger;
  /** Removes what the account left outside the database (uploaded files). */
  onUserDeleted?: (user: DeletedUser) => Promise<void>;
}) {
  const { config, db, mailer, allowedOrigins, log } = opts;
  const secure = config.publicUrl.startsWith('https://');
  /** Self-deletion and an admin's deletion both end here: the rules of deleteAccount, then the uploaded files. */
  const removeAccount = async (userId: string): Promise<void> => {
    const removed = await deleteAccount(db, userId);
    if (typeof removed === 'string') fail(ACCOUNT_KEPT[removed]);
    await opts.onUserDeleted?.(removed);
  };
  const auth = betterAuth({
    appName: 'Stoked',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: { db, type: 'postgres' },
    telemetry: { enabled: false },
    // better-auth's messages go to our pino log, at their own level.
    logger: { level: 'warn', log: (level, message, ...args) => log[level]({ args }, `[auth] ${message}`) },
    // Our own limiter (rate-limit.ts) counts in the database so that several servers share it.
    rateLimit: { enabled: false },
    // Same-origin requests are trusted whatever host name the visitor used (localhost or 127.0.0.1).
    trustedOrigins: (request) => {
      const host = request?.headers.get('host');
      const proto = request ? new URL(request.url).protocol : 'http:';
      return host ? [...allowedOrigins, `${proto}//${host}`] : allowedOrigins;
    },
    user: {
      ...tables.user,
      deleteUser: {
        enabled: true,
        // The account goes here, by the rules and in the transaction of an admin's deletion too;
        // better-auth's own deletion that follows finds nothing left and clears the session cookie.
        beforeDelete: async (user) => {
          try {
            await removeAccount(user.id);
          } catch (error) {
            if (error instanceof AppError)
              throw new APIError(error.statusCode === 404 ? 'NOT_FOUND' : 'CONFLICT', { code: error.code, message: error.message });
            throw error;
          }
        },
      },
      additionalFields: {
        bio: { type: 'string', required: false, input: false },
        location: { type: 'string', required: false, input: false },
        banner_url: { type: 'string', required: false, input: false },
        preferred_language: { type: 'string', required: false, input: false },
      },
    },
    session: { ...tables.session, expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    account: tables.account,
    verification: tables.verification,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }) => verifyPassword(stored, password),
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(authMails.passwordReset(recipient(user), url));
      },
    },
    // Confirmation is ours (auth.routes.ts): a link alone must never sign anyone in, and confirming
    // asks for the password chosen at sign-up, so better-auth sends no verification mail of its own.
    emailVerification: { sendOnSignUp: false, sendOnSignIn: false },
    plugins: [
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        schema: {
          user: { fields: { banReason: 'ban_reason', banExpires: 'ban_expires' } },
          session: { fields: { impersonatedBy: 'impersonated_by' } },
        },
      }),
    ],
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      // Fastify's request.ip, which already applies the trusted-proxy rule (session.ts toWebHeaders).
      ipAddress: { ipAddressHeaders: ['x-stoked-client-ip'] },
      // A session is read with its user in one statement (a join) instead of two: every signed-in
      // request reads it.
      database: { joins: true },
    },
  });
  // The session of every request is read here; better-auth's getSession whenever it has to write.
  return Object.assign(auth, { removeAccount, readSession: sessionReader(auth.$context, db) });
}

export type Auth = ReturnType<typeof createAuth>;
