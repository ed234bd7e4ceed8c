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

export type SignUpInput = {
  /** Ids for the rows a new address needs (better-auth's generator), unused otherwise. */
  ids: { user: string; account: string };
  name: string;
  email: string;
  passwordHash: string;
  /** The sign-up page's language: the new or taken-over account's mails are written in it. */
  language: string | null;
  ttlSeconds: number;
};

/** A confirmed account met (nothing of the sign-up kept), or the account that now waits for confirmation with its one live link. */
export type SignUpWrite = { kind: 'taken'; name: string; preferredLanguage: string | null } | { kind: 'pending'; userId: string; token: string };

/** Queues the mail a write calls for, in the write's own transaction (decision 0019): it goes out only if the write is kept. */
export type MailOf<W> = (tx: Kysely<DB>, written: W) => Promise<void>;

/**
 * A sign-up in one transaction of the same statements whatever the address is, so that its time does
 * not tell (issue 37): a new address gets its account; an unconfirmed one takes the newest sign-up's
 * name, password and language, and whatever its earlier registrants held (links, sessions) stops
 * working; a confirmed one is left as it was (its row rewritten with its own values, locked and read).
 * The profile's row is locked first, so that the later statements of two sign-ups of one address
 * run one after the other and the newest wins. Rows are written as better-auth writes them (as
 * setup-admin.db.ts does): a profile and its credential account. `mail` queues its mail (a
 * confirmation, or a warning to a confirmed account's owner) in the same transaction.
 */
export async function writeSignUp(db: Kysely<DB>, input: SignUpInput, mail: MailOf<SignUpWrite>): Promise<SignUpWrite> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: string; email_verified: boolean; name: string; preferred_language: string | null }>`
      insert into profiles as p (id, name, email, preferred_language) values (${input.ids.user}, ${input.name}, ${input.email}, ${input.language})
      on conflict (email) do update set
        name = case when p.email_verified then p.name else excluded.name end,
        preferred_language = case when p.email_verified then p.preferred_language else excluded.preferred_language end,
        updated_at = case when p.email_verified then p.updated_at else now() end
      returning p.id, p.email_verified, p.name, p.preferred_language`.execute(tx);
    const profile = rows[0]!;
    const pending = !profile.email_verified;
    // A confirmed account's lookups below ask for nobody (not skipped: the same work), and find nothing.
    const heldBy = pending ? profile.id : '';
    await sql`
      with password_set as (
        update accounts set password = ${input.passwordHash}, updated_at = now()
        where user_id = ${heldBy} and provider_id = 'credential'
        returning id
      ),
      credential as (
        insert into accounts (id, account_id, provider_id, user_id, password)
        select ${input.ids.account}, ${profile.id}, 'credential', ${profile.id}, ${input.passwordHash}
        where ${pending} and not exists (select from password_set)
      ),
      signed_out as (delete from sessions where user_id = ${heldBy}),
      voided as (delete from verifications where value = ${heldBy} and identifier like ${PREFIX + '%'})
      insert into verifications (id, identifier, value, expires_at)
      select ${randomUUID()}, ${identifierOf(token)}, ${profile.id}, now() + make_interval(secs => ${input.ttlSeconds})
      where ${pending}`.execute(tx);
    const written: SignUpWrite = pending
      ? { kind: 'pending', userId: profile.id, token }
      : { kind: 'taken', name: profile.name, preferredLanguage: profile.preferred_language };
    await mail(tx, written);
    return written;
  });
}

/** A fresh confirmation token for this account; its earlier links stop working. */
export async function issueConfirmation(db: Kysely<DB>, userId: string, ttlSeconds: number, mail: MailOf<string>): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (tx) => {
    await sql`delete from verifications where identifier like ${PREFIX + '%'} and value = ${userId}`.execute(tx);
    await sql`insert into verifications (id, identifier, value, expires_at)
      values (${randomUUID()}, ${identifierOf(token)}, ${userId}, now() + make_interval(secs => ${ttlSeconds}))`.execute(tx);
    await mail(tx, token);
  });
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
