import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type LiveSession = { userId: string; role: 'user' | 'admin' };

/** Keeps one statement's parameter list well within PostgreSQL's limit, whatever the number of streams. */
const CHUNK = 1000;

/**
 * Of `sessionIds`, those still good for a live stream, with their user and current role: present
 * (not signed out or revoked), unexpired, of an account that exists and is not banned. A ban whose
 * end has passed no longer counts, as better-auth lifts it at the next sign-in.
 */
export async function liveSessions(db: Kysely<DB>, sessionIds: string[]): Promise<Map<string, LiveSession>> {
  const found = new Map<string, LiveSession>();
  for (let i = 0; i < sessionIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('profiles as p', 'p.id', 's.user_id')
      .select(['s.id', 's.user_id', 'p.role'])
      .where('s.id', 'in', sessionIds.slice(i, i + CHUNK))
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where((eb) => eb.or([eb('p.banned', '=', false), eb('p.ban_expires', '<=', sql<Date>`now()`)]))
      .execute();
    for (const row of rows) found.set(row.id, { userId: row.user_id, role: row.role });
  }
  return found;
}
