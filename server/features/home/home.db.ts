import { sql, type Kysely } from 'kysely';
import type { HomeStats } from '../../../common/schemas.ts';
import type { DB } from '../../db/schema.ts';

export async function getHomeStats(db: Kysely<DB>): Promise<HomeStats> {
  // Athletes and spots are kept by triggers (migration 0007); events depend on the clock, so an index counts them.
  const { rows } = await sql<HomeStats>`select
    coalesce((select n from public_counts where key = 'athletes'), 0) as athletes,
    coalesce((select n from public_counts where key = 'spots'), 0) as spots,
    (select count(*)::int from events where status = 'approved' and end_date >= now() and start_date < now() + interval '30 days') as events,
    (select count(*)::int from disciplines) as disciplines`.execute(db);
  return rows[0]!;
}
