import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { ATHLETE_CARD_ACHIEVEMENTS, type Athlete, type AthleteList, type athleteListQuerySchema } from '../../../common/profiles.ts';
import type { DB } from '../../db/schema.ts';
import { containsText } from '../../lib/like.ts';

export type AthleteFilters = z.output<typeof athleteListQuerySchema>;

/**
 * The athletes of a discipline: confirmed, non-banned people following it, most followed first.
 * One statement per page (counts, disciplines and total ride along); undefined for an unknown discipline.
 */
export async function listAthletes(db: Kysely<DB>, disciplineId: string, filters: AthleteFilters): Promise<AthleteList | undefined> {
  let query = db
    .selectFrom('discipline_followers as df')
    .innerJoin('profiles as p', 'p.id', 'df.user_id')
    .where('df.discipline_id', '=', disciplineId)
    .where('p.email_verified', '=', true)
    .where('p.banned', '=', false);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['p.name', 'p.location']));
  }
  if (filters.level) query = query.where('p.athlete_level', '=', filters.level);

  const followers = sql<number>`(select count(*)::int from user_follows uf where uf.followee_id = p.id)`;
  const rows = await query
    .select([
      'p.id',
      'p.name',
      'p.avatar_url',
      'p.location',
      'p.athlete_level',
      followers.as('followers'),
      sql<Athlete['disciplines']>`coalesce((
        select json_agg(json_build_object('id', d.id, 'name', d.name, 'names', d.names, 'icon', d.icon) order by f.created_at desc)
        from discipline_followers f join disciplines d on d.id = f.discipline_id where f.user_id = p.id), '[]'::json)`.as('disciplines'),
      sql<string[]>`coalesce((
        select jsonb_agg(a.value order by a.ord) from jsonb_array_elements_text(p.achievements) with ordinality a(value, ord)
        where a.ord <= ${ATHLETE_CARD_ACHIEVEMENTS}), '[]'::jsonb)`.as('achievements'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .orderBy(followers, 'desc')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();

  let total = rows[0]?.total;
  if (total === undefined) {
    // No row: an unknown discipline, or a page past the last one, where the window count has no row to ride on.
    const discipline = await db.selectFrom('disciplines').select('id').where('id', '=', disciplineId).executeTakeFirst();
    if (!discipline) return undefined;
    total =
      filters.page === 1 ? 0 : (await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  }
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
    total: Number(total),
    page: filters.page,
    pageSize: filters.limit,
  };
}
