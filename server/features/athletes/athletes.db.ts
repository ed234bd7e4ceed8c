import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { ATHLETE_CARD_ACHIEVEMENTS, type Athlete, type AthleteList, type athleteListQuerySchema } from '../../../common/profiles.ts';
import type { DB } from '../../db/schema.ts';
import { pageRows } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';

export type AthleteFilters = z.output<typeof athleteListQuerySchema>;

/**
 * The athletes of a discipline: confirmed, non-banned people following it, most followed first.
 * One statement per page (counts, disciplines and total ride along); undefined for an unknown discipline.
 */
export async function listAthletes(db: Kysely<DB>, disciplineId: string, filters: AthleteFilters): Promise<AthleteList | undefined> {
  // Walks profiles_athletes_rank_idx most followed first and probes each person's follow (migration 0007).
  let query = db
    .selectFrom('profiles as p')
    .where('p.email_verified', '=', true)
    .where('p.banned', '=', false)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('discipline_followers as df').select('df.user_id').whereRef('df.user_id', '=', 'p.id').where('df.discipline_id', '=', disciplineId)),
    );
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['p.name', 'p.location']));
  }
  if (filters.level) query = query.where('p.athlete_level', '=', filters.level);

  const ordered = query
    .select([
      'p.id',
      'p.name',
      'p.avatar_url',
      'p.location',
      'p.athlete_level',
      // Kept equal to the person's user_follows rows by a trigger (migration 0007).
      'p.followers_count as followers',
      sql<Athlete['disciplines']>`coalesce((
        select json_agg(json_build_object('id', d.id, 'name', d.name, 'names', d.names, 'icon', d.icon) order by f.created_at desc)
        from discipline_followers f join disciplines d on d.id = f.discipline_id where f.user_id = p.id), '[]'::json)`.as('disciplines'),
      sql<string[]>`coalesce((
        select jsonb_agg(a.value order by a.ord) from jsonb_array_elements_text(p.achievements) with ordinality a(value, ord)
        where a.ord <= ${ATHLETE_CARD_ACHIEVEMENTS}), '[]'::jsonb)`.as('achievements'),
    ])
    .orderBy('p.followers_count', 'desc')
    .orderBy('p.name')
    .orderBy('p.id');
  const filtered = !!q || !!filters.level;
  const { rows, total, totalCapped } = filtered
    ? await pageRows(db, ordered, filters.page, filters.limit)
    : {
        rows: await ordered.limit(filters.limit).offset((filters.page - 1) * filters.limit).execute(),
        total: await athletesCount(db, disciplineId),
        totalCapped: false,
      };
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

/** The discipline's confirmed, non-banned followers, as triggers keep the count (migration 0007). */
async function athletesCount(db: Kysely<DB>, disciplineId: string): Promise<number> {
  const row = await db.selectFrom('public_counts').select('n').where('key', '=', `athletes:${disciplineId}`).executeTakeFirst();
  return row?.n ?? 0;
}
