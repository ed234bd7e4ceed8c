import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { ATHLETE_CARD_ACHIEVEMENTS, type Athlete, type AthleteList, type athleteListQuerySchema } from '../../../common/profiles.ts';
import type { DB } from '../../db/schema.ts';
import { cappedTotal, countRows, knownTotal } from '../../lib/content.ts';
import { containsLowerText } from '../../lib/like.ts';

export type AthleteFilters = z.output<typeof athleteListQuerySchema>;

/**
 * The athletes of a discipline: confirmed, non-banned people following it, most followed first (then by name, id).
 * One statement per page (followers and disciplines ride along), and one for its total unless the page tells
 * it; undefined for an unknown discipline.
 */
export async function listAthletes(db: Kysely<DB>, disciplineId: string, filters: AthleteFilters): Promise<AthleteList | undefined> {
  // Walks discipline_athletes_rank_idx in the list's order (migration 0008); a search or level filter, and
  // its count, test the index's own columns, so the count reads that index alone.
  let query = db.selectFrom('discipline_athletes as a').where('a.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsLowerText(q, ['a.name_lower', 'a.location_lower']));
  }
  if (filters.level) query = query.where('a.athlete_level', '=', filters.level);

  const ordered = query
    .innerJoin('profiles as p', 'p.id', 'a.user_id')
    .select([
      'a.user_id as id',
      'a.name',
      'p.avatar_url',
      'p.location',
      'a.athlete_level',
      // The person's followers_count (migration 0007), copied here by a trigger.
      'a.followers_count as followers',
      sql<Athlete['disciplines']>`coalesce((
        select json_agg(json_build_object('id', d.id, 'name', d.name, 'names', d.names, 'icon', d.icon) order by f.created_at desc)
        from discipline_followers f join disciplines d on d.id = f.discipline_id where f.user_id = a.user_id), '[]'::json)`.as('disciplines'),
      sql<string[]>`coalesce((
        select jsonb_agg(e.value order by e.ord) from jsonb_array_elements_text(p.achievements) with ordinality e(value, ord)
        where e.ord <= ${ATHLETE_CARD_ACHIEVEMENTS}), '[]'::jsonb)`.as('achievements'),
    ])
    .orderBy('a.followers_count', 'desc')
    .orderBy('a.name')
    .orderBy('a.user_id');
  const rows = await ordered
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();
  const { total, totalCapped } = await athletesTotal(db, disciplineId, query, rows.length, filters);
  // No row: an unknown discipline, or one without athletes (or a page past the last one).
  if (rows.length === 0 && !(await db.selectFrom('disciplines').select('id').where('id', '=', disciplineId).executeTakeFirst())) return undefined;
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      avatarUrl: r.avatar_url,
      location: r.location,
      level: r.athlete_level,
      followers: r.followers,
      disciplines: r.disciplines,
      achievements: r.achievements,
    })),
    total,
    totalCapped,
    page: filters.page,
    pageSize: filters.limit,
  };
}

/**
 * The list's total: the kept count when nothing narrows it; else what the page tells (a partial page), a
 * 1- or 2-character search's kept count of athletes having that text, or a count of at most COUNT_CAP + 1
 * matches — capped alike.
 */
async function athletesTotal(
  db: Kysely<DB>,
  disciplineId: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<DB, any, any>,
  rowCount: number,
  filters: AthleteFilters,
): Promise<{ total: number; totalCapped: boolean }> {
  const q = filters.q?.trim().toLowerCase();
  if (!q && !filters.level) return { total: await athletesCount(db, disciplineId), totalCapped: false };
  const known = knownTotal(rowCount, filters.page, filters.limit);
  if (known !== undefined) return { total: known, totalCapped: false };
  // Characters as PostgreSQL counts them (code points), the texts being substrings of the lowered columns.
  if (q && !filters.level && [...q].length <= 2) {
    const row = await db.selectFrom('discipline_athlete_texts').select('n').where('discipline_id', '=', disciplineId).where('text', '=', q).executeTakeFirst();
    return cappedTotal(row?.n ?? 0);
  }
  return cappedTotal(await countRows(db, query));
}

/** The discipline's confirmed, non-banned followers, as triggers keep the count (migration 0007). */
async function athletesCount(db: Kysely<DB>, disciplineId: string): Promise<number> {
  const row = await db.selectFrom('public_counts').select('n').where('key', '=', `athletes:${disciplineId}`).executeTakeFirst();
  return row?.n ?? 0;
}
