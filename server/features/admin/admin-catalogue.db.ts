import { sql, type Kysely, type Transaction } from 'kysely';
import {
  DEFAULT_CATALOGUE_COLOR,
  isInUse,
  type AdminCategory,
  type AdminDiscipline,
  type CategoryCreate,
  type CategoryUpdate,
  type DisciplineCreate,
  type DisciplineUpdate,
  type DisciplineUsage,
} from '../../../common/admin-catalogue.ts';
import type { DB } from '../../db/schema.ts';

type Names = Record<string, string>;

/** `name` is the English name: names.en always follows it, so that every reader sees the edit. */
function storedNames(name: string, names: Names | undefined, current: Names = {}): string {
  const { en: _en, ...others } = names ?? current;
  return JSON.stringify({ ...others, en: name });
}

const count = (table: 'team_disciplines' | 'articles' | 'events' | 'places' | 'reviews' | 'tricks' | 'shops' | 'ride_sessions' | 'discipline_followers') =>
  sql<number>`(select count(*)::int from ${sql.table(table)} x where x.discipline_id = d.id)`;

function disciplinesQuery(db: Kysely<DB> | Transaction<DB>) {
  return db
    .selectFrom('disciplines as d')
    .select([
      'd.id',
      'd.name',
      'd.names',
      'd.icon',
      'd.color',
      sql<string[]>`coalesce((select array_agg(dc.category_id order by dc.category_id) from discipline_categories dc where dc.discipline_id = d.id), '{}')`.as(
        'categoryIds',
      ),
      count('team_disciplines').as('teams'),
      count('articles').as('articles'),
      count('events').as('events'),
      count('places').as('places'),
      count('reviews').as('reviews'),
      count('tricks').as('tricks'),
      count('shops').as('shops'),
      count('ride_sessions').as('sessions'),
      count('discipline_followers').as('followers'),
    ]);
}

type DisciplineRow = Awaited<ReturnType<ReturnType<typeof disciplinesQuery>['executeTakeFirstOrThrow']>>;

function toDiscipline(r: DisciplineRow): AdminDiscipline {
  const { teams, articles, events, places, reviews, tricks, shops, sessions, followers } = r;
  return {
    id: r.id,
    name: r.name,
    names: r.names as Names,
    icon: r.icon,
    color: r.color,
    categoryIds: r.categoryIds,
    usage: { teams, articles, events, places, reviews, tricks, shops, sessions, followers },
  };
}

export async function listAdminDisciplines(db: Kysely<DB>): Promise<AdminDiscipline[]> {
  return (await disciplinesQuery(db).orderBy('d.name').orderBy('d.id').execute()).map(toDiscipline);
}

export async function getAdminDiscipline(db: Kysely<DB> | Transaction<DB>, id: string): Promise<AdminDiscipline | undefined> {
  const row = await disciplinesQuery(db).where('d.id', '=', id).executeTakeFirst();
  return row && toDiscipline(row);
}

/** Whether every one of `categoryIds` exists: checked before anything is written, so that a refusal writes nothing. */
async function categoriesExist(tx: Transaction<DB>, categoryIds: string[]): Promise<boolean> {
  const wanted = [...new Set(categoryIds)];
  if (wanted.length === 0) return true;
  const found = await tx.selectFrom('categories').select('id').where('id', 'in', wanted).execute();
  return found.length === wanted.length;
}

/** Spec §4 Discipline save: the links are replaced, deleting all and inserting the selected ones. */
async function replaceCategoryLinks(tx: Transaction<DB>, disciplineId: string, categoryIds: string[]): Promise<void> {
  const wanted = [...new Set(categoryIds)];
  await tx.deleteFrom('discipline_categories').where('discipline_id', '=', disciplineId).execute();
  if (wanted.length > 0) {
    await tx
      .insertInto('discipline_categories')
      .values(wanted.map((category_id) => ({ discipline_id: disciplineId, category_id })))
      .execute();
  }
}

export async function createDiscipline(db: Kysely<DB>, input: DisciplineCreate): Promise<AdminDiscipline | 'exists' | 'unknown-category'> {
  return db.transaction().execute(async (tx) => {
    if (!(await categoriesExist(tx, input.categoryIds))) return 'unknown-category';
    // DO NOTHING keeps the transaction usable, so a taken ID is a clear `exists` rather than a failed statement.
    const inserted = await tx
      .insertInto('disciplines')
      .values({
        id: input.id,
        name: input.name,
        names: storedNames(input.name, input.names),
        icon: input.icon ?? '',
        color: input.color ?? (await firstCategoryColor(tx, input.categoryIds)),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'exists';
    await replaceCategoryLinks(tx, input.id, input.categoryIds);
    return toDiscipline(await disciplinesQuery(tx).where('d.id', '=', input.id).executeTakeFirstOrThrow());
  });
}

/** A new discipline takes the colour of its first category, as the seeded ones share their category's palette. */
async function firstCategoryColor(tx: Transaction<DB>, categoryIds: string[]): Promise<string> {
  if (categoryIds.length === 0) return DEFAULT_CATALOGUE_COLOR;
  const row = await tx.selectFrom('categories').select('color').where('id', 'in', categoryIds).orderBy('position').orderBy('id').executeTakeFirst();
  return row?.color ?? DEFAULT_CATALOGUE_COLOR;
}

export async function updateDiscipline(db: Kysely<DB>, id: string, input: DisciplineUpdate): Promise<AdminDiscipline | 'not-found' | 'unknown-category'> {
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom('disciplines').select('names').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) return 'not-found';
    if (!(await categoriesExist(tx, input.categoryIds))) return 'unknown-category';
    // Omitted optional fields keep their stored values.
    await tx
      .updateTable('disciplines')
      .set({ name: input.name, names: storedNames(input.name, input.names, current.names as Names), icon: input.icon, color: input.color })
      .where('id', '=', id)
      .execute();
    await replaceCategoryLinks(tx, id, input.categoryIds);
    return toDiscipline(await disciplinesQuery(tx).where('d.id', '=', id).executeTakeFirstOrThrow());
  });
}

/**
 * Content and teams point at their discipline with ON DELETE CASCADE: deleting a discipline in use
 * would silently destroy what users wrote, so it is refused (its usage returned) until that content is moved or removed.
 * Followers are not content: their follows go with the discipline.
 */
export async function deleteDiscipline(db: Kysely<DB>, id: string): Promise<'deleted' | 'not-found' | { inUse: DisciplineUsage }> {
  return db.transaction().execute(async (tx) => {
    // The row lock waits for inserts that reference the discipline (they hold a key-share lock) and blocks new ones.
    const locked = await tx.selectFrom('disciplines').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) return 'not-found';
    const { usage } = toDiscipline(await disciplinesQuery(tx).where('d.id', '=', id).executeTakeFirstOrThrow());
    if (isInUse(usage)) return { inUse: usage };
    await tx.deleteFrom('discipline_categories').where('discipline_id', '=', id).execute();
    await tx.deleteFrom('disciplines').where('id', '=', id).execute();
    return 'deleted';
  });
}

function categoriesQuery(db: Kysely<DB> | Transaction<DB>) {
  return db
    .selectFrom('categories as c')
    .select([
      'c.id',
      'c.name',
      'c.names',
      'c.icon',
      'c.color',
      'c.position',
      sql<
        string[]
      >`coalesce((select array_agg(dc.discipline_id order by dc.discipline_id) from discipline_categories dc where dc.category_id = c.id), '{}')`.as(
        'disciplineIds',
      ),
    ]);
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoriesQuery>['executeTakeFirstOrThrow']>>;
const toCategory = (r: CategoryRow): AdminCategory => ({ ...r, names: r.names as Names });

export async function listAdminCategories(db: Kysely<DB>): Promise<AdminCategory[]> {
  return (await categoriesQuery(db).orderBy('c.name').orderBy('c.id').execute()).map(toCategory);
}

export async function getAdminCategory(db: Kysely<DB>, id: string): Promise<AdminCategory | undefined> {
  const row = await categoriesQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row && toCategory(row);
}

export async function createCategory(db: Kysely<DB>, input: CategoryCreate): Promise<AdminCategory | 'exists'> {
  return db.transaction().execute(async (tx) => {
    // A new category comes last on the public pages, which order by position.
    const inserted = await tx
      .insertInto('categories')
      .values((eb) => ({
        id: input.id,
        name: input.name,
        names: storedNames(input.name, input.names),
        icon: input.icon ?? '',
        color: input.color ?? DEFAULT_CATALOGUE_COLOR,
        position: eb.selectFrom('categories').select(sql<number>`coalesce(max(position) + 1, 0)`.as('next')),
      }))
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'exists';
    return toCategory(await categoriesQuery(tx).where('c.id', '=', input.id).executeTakeFirstOrThrow());
  });
}

export async function updateCategory(db: Kysely<DB>, id: string, input: CategoryUpdate): Promise<AdminCategory | 'not-found'> {
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom('categories').select('names').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) return 'not-found';
    await tx
      .updateTable('categories')
      .set({ name: input.name, names: storedNames(input.name, input.names, current.names as Names), icon: input.icon, color: input.color })
      .where('id', '=', id)
      .execute();
    return toCategory(await categoriesQuery(tx).where('c.id', '=', id).executeTakeFirstOrThrow());
  });
}

/** Its disciplines stay; only their links to it go. */
export async function deleteCategory(db: Kysely<DB>, id: string): Promise<'deleted' | 'not-found'> {
  return db.transaction().execute(async (tx) => {
    // Nothing to unlink when it does not exist, so the deletion of the links needs no rollback.
    await tx.deleteFrom('discipline_categories').where('category_id', '=', id).execute();
    const deleted = await tx.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
    return deleted.numDeletedRows === 0n ? 'not-found' : 'deleted';
  });
}
