import { sql, type Kysely } from 'kysely';
import type { HomeStats } from '../../../common/schemas.ts';
import type { DB } from '../../db/schema.ts';

export async function getHomeStats(db: Kysely<DB>): Promise<HomeStats> {
  const { rows } = await sql<HomeStats>`select
    (select count(*)::int from profiles where email_verified and not banned) as athletes,
    (select count(*)::int from places where status = 'approved') as spots,
    (select count(*)::int from events where status = 'approved' and end_date >= now() and start_date < now() + interval '30 days') as events,
    (select count(*)::int from disciplines) as disciplines`.execute(db);
  return rows[0]!;
}
