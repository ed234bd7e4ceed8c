import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The one rule for a person others may see or reach: confirmed and not banned. `alias` names the
 * profiles table in the query (a filter of searches; `profileIsVisible` asks it of one account).
 */
export function visiblePerson(alias: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.email_verified`)} and not ${sql.ref(`${alias}.banned`)})`;
}

/** A person others may see: confirmed and not banned (profiles, their followers, their tricks, team invitations). */
export async function profileIsVisible(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db.selectFrom('profiles as p').select('p.id').where('p.id', '=', id).where(visiblePerson('p')).executeTakeFirst();
  return !!row;
}
