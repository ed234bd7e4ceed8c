import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SetupAdminResult } from '../../../common/admin-settings.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Auth } from '../auth/index.ts';

// Any constant other than the migrations' lock: concurrent bootstraps wait for each other.
const BOOTSTRAP_LOCK = 7_301_1978;
export const ADMIN_NAME = 'Admin';

type Log = { warn(msg: string): void; info(msg: string): void };

export type EnsureAdminDeps = { db: Kysely<DB>; auth: Auth; admin: Config['admin']; log: Log };

/**
 * `created` carries the generated password, for the command line only; the HTTP route drops it.
 * `email-taken`: the address belongs to an account that is not an admin (409 ADMIN_EMAIL_TAKEN).
 */
export type EnsureAdminOutcome = (SetupAdminResult & { email?: string; generatedPassword?: string }) | { status: 'email-taken' };

/** 24 random bytes: 192 bits, in URL-safe base64 (32 characters). */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}

async function adminExists(db: Kysely<DB>): Promise<boolean> {
  return Boolean(await db.selectFrom('profiles').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst());
}

/**
 * Makes the first admin, only while there is none: ADMIN_EMAIL with ADMIN_PASSWORD, or a generated
 * password that is logged once. An existing non-admin account with that address is never promoted
 * (`email-taken`): whoever signed up with it first would otherwise become admin.
 *
 * The rows are written here rather than through auth.api: the check and the creation must share one
 * transaction under the advisory lock, and better-auth writes outside it (on PGlite's single
 * connection it would even wait for this transaction forever). The password is hashed with
 * better-auth's own configured hasher (argon2id) and stored as better-auth's credential account.
 */
export async function ensureAdmin({ db, auth, admin, log }: EnsureAdminDeps): Promise<EnsureAdminOutcome> {
  // The cheap answer for every call after the first, without hashing anything.
  if (await adminExists(db)) return { status: 'exists' };

  const generated = admin.password ? undefined : generatePassword();
  const context = await auth.$context;
  const hash = await context.password.hash(admin.password ?? generated!);

  const created = await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(tx);
    if (await adminExists(tx)) return false;
    const taken = await tx
      .selectFrom('profiles')
      .select('id')
      .where(sql`lower(email)`, '=', admin.email.toLowerCase())
      .executeTakeFirst();
    if (taken) return 'email-taken' as const;
    const id = context.generateId({ model: 'user' }) || randomUUID();
    await tx.insertInto('profiles').values({ id, name: ADMIN_NAME, email: admin.email.toLowerCase(), email_verified: true, role: 'admin' }).execute();
    // better-auth's credential account (the table is better-auth's, outside our typed schema).
    const accountId = context.generateId({ model: 'account' }) || randomUUID();
    await sql`insert into accounts (id, account_id, provider_id, user_id, password) values (${accountId}, ${id}, 'credential', ${id}, ${hash})`.execute(tx);
    return true;
  });
  if (created === 'email-taken') return { status: created };
  if (!created) return { status: 'exists' };

  if (generated) {
    log.warn(`Admin account created: ${admin.email} with the generated password ${generated}`);
    log.warn('This password is shown only once: sign in and change it now (Admin Panel → Settings → Password).');
  } else {
    log.info(`Admin account created: ${admin.email} (password from ADMIN_PASSWORD)`);
  }
  return { status: 'created', email: admin.email, generatedPassword: generated };
}
