import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A person others may see: confirmed and not banned (profiles, their followers, their tricks). */
export async function profileIsVisible(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('id').where('id', '=', id).where('email_verified', '=', true).where('banned', '=', false).executeTakeFirst();
  return !!row;
}
