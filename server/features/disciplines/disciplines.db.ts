import { sql, type Kysely } from 'kysely';
import type { CategoryWithDisciplines, DisciplineHub, DisciplineSummary } from '../../../common/schemas.ts';
import type { DB } from '../../db/schema.ts';

type Names = Record<string, string>;

async function categoriesWithDisciplines(db: Kysely<DB>, categoryId?: string): Promise<CategoryWithDisciplines[]> {
  let categoriesQuery = db.selectFrom('categories').select(['id', 'name', 'names', 'icon', 'color']).orderBy('position').orderBy('name');
  let linksQuery = db
    .selectFrom('discipline_categories as dc')
    .innerJoin('disciplines as d', 'd.id', 'dc.discipline_id')
    .select(['dc.category_id', 'd.id', 'd.name', 'd.names', 'd.icon', 'd.color'])
    .orderBy('d.name');
  if (categoryId) {
    categoriesQuery = categoriesQuery.where('id', '=', categoryId);
    linksQuery = linksQuery.where('dc.category_id', '=', categoryId);
  }
  const [categories, links] = await Promise.all([categoriesQuery.execute(), linksQuery.execute()]);
  return categories.map((c) => ({
    ...c,
    names: c.names as Names,
    disciplines: links.filter((l) => l.category_id === c.id).map((l) => ({ id: l.id, name: l.name, names: l.names as Names, icon: l.icon, color: l.color })),
  }));
}

export const listCategories = (db: Kysely<DB>) => categoriesWithDisciplines(db);

export async function getCategory(db: Kysely<DB>, id: string): Promise<CategoryWithDisciplines | undefined> {
  return (await categoriesWithDisciplines(db, id))[0];
}

export async function listDisciplines(db: Kysely<DB>): Promise<DisciplineSummary[]> {
  const rows = await db
    .selectFrom('disciplines as d')
    .leftJoin('discipline_categories as dc', 'dc.discipline_id', 'd.id')
    .select([
      'd.id',
      'd.name',
      'd.names',
      'd.icon',
      'd.color',
      sql<string[]>`coalesce(array_agg(dc.category_id order by dc.category_id) filter (where dc.category_id is not null), '{}')`.as('categoryIds'),
    ])
    .groupBy('d.id')
    .orderBy('d.name')
    .execute();
  return rows.map((r) => ({ ...r, names: r.names as Names }));
}

/**
 * Members: distinct people who follow the discipline or belong to one of its approved teams, as
 * triggers keep the figure (discipline_members and public_counts, migration 0007).
 */
const membersCount = (disciplineId: string) => sql<number>`coalesce((select n from public_counts where key = ${`members:${disciplineId}`}), 0)`;

/** The hub in one round trip: the discipline, its categories, its counts (kept by triggers, migration 0007) and the caller's follow state. */
export async function getDisciplineHub(db: Kysely<DB>, id: string, userId: string | null): Promise<DisciplineHub | undefined> {
  const row = await db
    .selectFrom('disciplines as d')
    .where('d.id', '=', id)
    .select([
      'd.id',
      'd.name',
      'd.names',
      'd.icon',
      'd.color',
      sql<DisciplineHub['categories']>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'names', c.names, 'icon', c.icon, 'color', c.color) order by c.position)
        from discipline_categories dc join categories c on c.id = dc.category_id where dc.discipline_id = d.id), '[]'::json)`.as('categories'),
      membersCount(id).as('members'),
      sql<number>`coalesce((select n from public_counts where key = ${'approved:places:' + id}), 0)`.as('spots'),
      sql<number>`coalesce((select n from public_counts where key = ${'approved:events:' + id}), 0)`.as('events'),
      sql<number>`coalesce((select n from public_counts where key = ${'approved:tricks:' + id}), 0)`.as('tricks'),
      sql<boolean>`exists (select 1 from discipline_followers f where f.discipline_id = d.id and f.user_id = ${userId})`.as('following'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    names: row.names as Names,
    icon: row.icon,
    color: row.color,
    categoryIds: row.categories.map((c) => c.id),
    categories: row.categories,
    stats: { members: row.members, spots: row.spots, events: row.events, tricks: row.tricks },
    following: row.following,
  };
}

export async function disciplineExists(db: Kysely<DB>, id: string): Promise<boolean> {
  return !!(await db.selectFrom('disciplines').select('id').where('id', '=', id).executeTakeFirst());
}

export async function setFollow(db: Kysely<DB>, userId: string, disciplineId: string, follow: boolean): Promise<{ following: boolean; members: number }> {
  if (follow) {
    await db
      .insertInto('discipline_followers')
      .values({ user_id: userId, discipline_id: disciplineId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await db.deleteFrom('discipline_followers').where('user_id', '=', userId).where('discipline_id', '=', disciplineId).execute();
  }
  const { rows } = await sql<{ members: number }>`select ${membersCount(disciplineId)} as members`.execute(db);
  return { following: follow, members: rows[0]!.members };
}
