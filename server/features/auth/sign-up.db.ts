import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Our own confirmation links, in better-auth's verifications table: only the SHA-256 of a token is
 * stored (a leaked row opens nothing), under an identifier that names that hash, with the account in
 * `value` so that a new sign-up or a new link can void the earlier ones.
 */
const PREFIX = 'confirm-email:';
const identifierOf = (token: string) => PREFIX + createHash('sha256').update(token).digest('base64url');

export type SignUpTarget = { id: string; name: string; emailVerified: boolean; preferredLanguage: string | null };

export async function findAccountByEmail(db: Kysely<DB>, email: string): Promise<SignUpTarget | undefined> {
  const row = await db.selectFrom('profiles').select(['id', 'name', 'email_verified', 'preferred_language']).where('email', '=', email).executeTakeFirst();
  return row && { id: row.id, name: row.name, emailVerified: row.email_verified, preferredLanguage: row.preferred_language };
}

/** The language a new account signed up in: its mails are written in it until the person chooses another. */
export async function saveSignUpLanguage(db: Kysely<DB>, userId: string, language: string): Promise<void> {
  await db.updateTable('profiles').set({ preferred_language: language }).where('id', '=', userId).execute();
}

/**
 * A new sign-up of an address nobody confirmed yet: its name and password become the newcomer's and
 * whatever the earlier registrant held (links, sessions) stops working.
 */
export async function supersedePendingSignUp(db: Kysely<DB>, userId: string, name: string, passwordHash: string, language: string | null): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const updated = await tx.updateTable('profiles').set({ name, preferred_language: language, updated_at: new Date() }).where('id', '=', userId).where('email_verified', '=', false).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await sql`update accounts set password = ${passwordHash}, updated_at = now() where user_id = ${userId} and provider_id = 'credential'`.execute(tx);
    await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await sql`delete from verifications where identifier like ${PREFIX + '%'} and value = ${userId}`.execute(tx);
    return true;
  });
}

/** A fresh confirmation token for this account; its earlier links stop working. */
export async function issueConfirmation(db: Kysely<DB>, userId: string, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (tx) => {
    await sql`delete from verifications where identifier like ${PREFIX + '%'} and value = ${userId}`.execute(tx);
    await sql`insert into verifications (id, identifier, value, expires_at)
      values (${randomUUID()}, ${identifierOf(token)}, ${userId}, now() + make_interval(secs => ${ttlSeconds}))`.execute(tx);
  });
  return token;
}

export type PendingConfirmation = { userId: string; email: string; passwordHash: string | null };

/** The unconfirmed account a live token belongs to, with the password hash its sign-up chose. */
export async function findPendingConfirmation(db: Kysely<DB>, token: string): Promise<PendingConfirmation | undefined> {
  const { rows } = await sql<{ user_id: string; email: string; password: string | null }>`
    select p.id as user_id, p.email, a.password
    from verifications v
    join profiles p on p.id = v.value and not p.email_verified
    left join accounts a on a.user_id = p.id and a.provider_id = 'credential'
    where v.identifier = ${identifierOf(token)} and v.expires_at > now()`.execute(db);
  const row = rows[0];
  return row && { userId: row.user_id, email: row.email, passwordHash: row.password };
}

/** Marks the address confirmed and voids every confirmation link of the account. */
export async function confirmEmail(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('profiles').set({ email_verified: true, updated_at: new Date() }).where('id', '=', userId).execute();
    await sql`delete from verifications where identifier like ${PREFIX + '%'} and value = ${userId}`.execute(tx);
  });
}
