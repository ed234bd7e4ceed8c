import { nameIn } from '../../common/languages.ts';
import { sql, type Expression, type Insertable, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, type Updateable } from 'kysely';
import type { ContentType } from '../../common/content-basics.ts';
import type { ContentStatus, Page, RatingSummary, ReactionSummary } from '../../common/content.ts';
import { COUNT_CAP } from '../../common/paging.ts';
import type { Person } from '../../common/teams.ts';
import type { DB } from '../db/schema.ts';
import { queueForApproval, renameQueuedItem } from './approval-queue.ts';
import { inTransaction } from '../db/client.ts';
import type { Ctx } from './context.ts';

/**
 * What every discipline section (places, events, tricks, reviews, shops, articles) shares on the
 * server: who may see an item, paging, authors, and the like/comment/rating figures of its card.
 */

export type { Viewer } from './context.ts';
import type { Viewer } from './context.ts';
type Db = Kysely<DB>;

/** The table of each content type. */
export const CONTENT_TABLES = {
  article: 'articles',
  event: 'events',
  place: 'places',
  review: 'reviews',
  trick: 'tricks',
  shop: 'shops',
} as const satisfies Record<ContentType, keyof DB>;

/**
 * Whether the item `alias` is told of as new (feeds, activity): a recurring event's dates were all made
 * at once, so only the first date still there of its series is (migration 0023); any other item is.
 */
export function toldAsNew(type: ContentType, alias: string): RawBuilder<SqlBool> {
  if (type !== 'event') return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.ref(`${alias}.series_id`)} is null or not exists (
    select 1 from events earlier where earlier.series_id = ${sql.ref(`${alias}.series_id`)} and earlier.series_index < ${sql.ref(`${alias}.series_index`)}))`;
}

/**
 * Approved items; pending or rejected ones only for their author and admins. `alias` is the table of
 * `type`. A secret place (issue 20, item 4) is never approved (migration 0016's check), so this shows
 * it to its author and admins only, and a crew place also to the members of its team.
 */
export function visibleTo(type: ContentType, alias: string, viewer: Viewer): Expression<SqlBool> {
  if (viewer?.role === 'admin') return sql<SqlBool>`true`;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  if (!viewer) return sql<SqlBool>`${column('status')} = 'approved'`;
  const crew =
    type === 'place'
      ? sql`or (${column('visibility')} = 'crew' and exists (select 1 from team_members vm where vm.team_id = ${column('team_id')} and vm.user_id = ${viewer.id}))`
      : sql``;
  return sql<SqlBool>`(${column('status')} = 'approved' or ${column('author_id')} = ${viewer.id} ${crew})`;
}

/** Whether the item exists and `viewer` may see it. */
export async function isVisible(db: Db, type: ContentType, id: string, viewer: Viewer): Promise<boolean> {
  const row = await db
    .selectFrom(`${CONTENT_TABLES[type]} as c` as 'places as c')
    .select('c.id')
    .where('c.id', '=', id)
    .where(visibleTo(type, 'c', viewer))
    .executeTakeFirst();
  return !!row;
}

/**
 * `isVisible` for a route that lists something of one item: a rendered page's API calls (an event's
 * attendees and its comments, say) ask it once between them.
 */
export const isVisibleOnce = (ctx: Ctx, type: ContentType, id: string, viewer: Viewer): Promise<boolean> =>
  ctx.once(visibleKey(type, id, viewer), () => isVisible(ctx.db, type, id, viewer));

/**
 * The item `found` by a query with `visibleTo`'s rule (a section's `get`), and for the page's later
 * calls whether `viewer` may see it: an event page's attendees and comments then ask nothing more.
 */
export function tellVisible<T>(ctx: Ctx, type: ContentType, id: string, viewer: Viewer, found: Promise<T | undefined>): Promise<T | undefined> {
  ctx.tell(visibleKey(type, id, viewer), () => found.then((item) => item !== undefined));
  return found;
}

const visibleKey = (type: ContentType, id: string, viewer: Viewer) => `visible:${type}:${id}:${viewer?.id ?? ''}`;

export async function disciplineExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('disciplines').select('id').where('id', '=', id).executeTakeFirst());
}

/** A discipline's name in `language` (its default name without one); undefined for no such discipline. */
export async function disciplineName(db: Db, id: string, language: string): Promise<string | undefined> {
  const row = await db.selectFrom('disciplines').select(['name', 'names']).where('id', '=', id).executeTakeFirst();
  return row ? nameIn(row, language) : undefined;
}

/**
 * One page of an ordered query and the total of all pages. The page stops at its LIMIT; the total is a
 * second statement (an index-only count where an index fits) and is skipped when the page itself shows
 * it: a window count would join and sort every matching row before the LIMIT. A counted total stops at
 * COUNT_CAP (`totalCapped` when more match); a kept `count` is exact.
 */
export async function pageRows<O>(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<DB, any, O>,
  page: number,
  limit: number,
  /** Where a kept count equals what `query` matches. */
  count?: () => Promise<number>,
): Promise<{ rows: O[]; total: number; totalCapped: boolean }> {
  const offset = (page - 1) * limit;
  const rows = await query.limit(limit).offset(offset).execute();
  const known = knownTotal(rows.length, page, limit);
  if (known !== undefined) return { rows, total: known, totalCapped: false };
  if (count) return { rows, total: await count(), totalCapped: false };
  return { rows, ...cappedTotal(await countRows(db, query)) };
}

/** The total of a count that stopped after COUNT_CAP + 1 rows. */
export function cappedTotal(counted: number): { total: number; totalCapped: boolean } {
  return counted > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: counted, totalCapped: false };
}

/** The total when a page tells it (a partial page, or an empty first page), else undefined. */
export function knownTotal(rowCount: number, page: number, limit: number): number | undefined {
  if (rowCount > 0 && rowCount < limit) return (page - 1) * limit + rowCount;
  if (rowCount === 0 && page === 1) return 0;
  return undefined;
}

/**
 * How many rows `query` matches, up to COUNT_CAP + 1 (so that a broad search reads at most that many
 * matches), its columns and order left out so that the planner may count from an index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countRows(db: Db, query: SelectQueryBuilder<DB, any, any>): Promise<number> {
  const counted = await db
    .selectFrom(
      query
        .clearSelect()
        .clearOrderBy()
        .clearLimit()
        .clearOffset()
        .select(sql<number>`1`.as('one'))
        .limit(COUNT_CAP + 1)
        .as('f'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** A page of `query` newest first (ties broken by id), its rows mapped by `toItem`; `alias` names the content table. */
export async function newestFirstPage<O, T>(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<DB, any, O>,
  alias: string,
  filters: { page: number; limit: number },
  toItem: (row: O) => T,
  count?: () => Promise<number>,
): Promise<Page<T>> {
  const ordered = query.orderBy(sql.ref(`${alias}.created_at`), 'desc').orderBy(sql.ref(`${alias}.id`), 'desc');
  const { rows, total, totalCapped } = await pageRows(db, ordered, filters.page, filters.limit, count);
  return toPage(rows.map(toItem), { total, totalCapped }, filters);
}

/** A count kept exact by triggers (public_counts, migration 0007); 0 when nothing was counted yet. */
export async function keptCount(db: Db, key: string): Promise<number> {
  const row = await db.selectFrom('public_counts').select('n').where('key', '=', key).executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * The kept count of a discipline's approved items of `type`, where it is the list's total: an anonymous
 * viewer sees approved items only, and no search narrows them. Otherwise undefined (the list counts).
 */
export function publicTotal(db: Db, type: ContentType, disciplineId: string, viewer: Viewer, narrowed: boolean): (() => Promise<number>) | undefined {
  if (viewer || narrowed) return undefined;
  return () => keptCount(db, `approved:${CONTENT_TABLES[type]}:${disciplineId}`);
}

export function toPage<T>(items: T[], counted: { total: number; totalCapped: boolean }, filters: { page: number; limit: number }): Page<T> {
  return { items, total: counted.total, totalCapped: counted.totalCapped, page: filters.page, pageSize: filters.limit };
}

/** The author of an item from `author_id, author_name, author_avatar_url`; null once the account is gone. */
export function authorOf(row: { author_id: string | null; author_name: string | null; author_avatar_url: string | null }): Person | null {
  return row.author_id ? { id: row.author_id, name: row.author_name ?? '', avatarUrl: row.author_avatar_url ?? null } : null;
}

/**
 * The columns every section's item reads, for its content row at `alias` joined to its author as `a`
 * (`.leftJoin('profiles as a', 'a.id', 'pl.author_id')`): those of common's contentItemFields and the
 * card's likes and comments. `itemFields` turns them into the item's fields.
 */
export function itemColumns(type: ContentType, alias: string, viewer: Viewer) {
  const column = <T>(name: string) => sql<T>`${sql.ref(`${alias}.${name}`)}`;
  return [
    column<string>('id').as('id'),
    column<string>('discipline_id').as('discipline_id'),
    column<ContentStatus>('status').as('status'),
    column<Date | string>('created_at').as('created_at'),
    column<string | null>('author_id').as('author_id'),
    sql<string | null>`a.name`.as('author_name'),
    sql<string | null>`a.avatar_url`.as('author_avatar_url'),
    ...reactionColumns(type, `${alias}.id`, viewer),
  ] as const;
}

/** The table of a content type, for a query's types. */
type ContentTable<T extends ContentType> = DB[(typeof CONTENT_TABLES)[T]];

/**
 * The items of `type` that `viewer` may see, from their table as `c` joined to their author, with the
 * columns of `itemColumns`: a section selects its own columns (`'c.name'`…) and turns a row into its
 * item with `itemFields` and them.
 */
export function visibleItems<T extends ContentType>(db: Db, type: T, viewer: Viewer): SelectQueryBuilder<DB & { c: ContentTable<T> }, 'c', ItemRow> {
  const query = db
    .selectFrom(`${CONTENT_TABLES[type]} as c` as 'places as c')
    .leftJoin('profiles as a', 'a.id', 'c.author_id')
    .where(visibleTo(type, 'c', viewer))
    .select(itemColumns(type, 'c', viewer));
  // Typed for the one table it reads, which the six share the columns of (server/db/schema.ts ContentColumns).
  return query as unknown as SelectQueryBuilder<DB & { c: ContentTable<T> }, 'c', ItemRow>;
}

type ItemRow = Parameters<typeof authorOf>[0] &
  Parameters<typeof toReactions>[0] & { id: string; discipline_id: string; status: ContentStatus; created_at: Date | string };

/** What every section's item says of itself, from the columns of `itemColumns`. */
export function itemFields(row: ItemRow, viewer: Viewer) {
  return {
    id: row.id,
    disciplineId: row.discipline_id,
    status: row.status,
    author: authorOf(row),
    createdAt: iso(row.created_at),
    mine: !!viewer && row.author_id === viewer.id,
    reactions: toReactions(row),
  };
}

/** Columns of the card's likes and comments for the content row at `idColumn` (e.g. 'pl.id'). */
export function reactionColumns(type: ContentType, idColumn: string, viewer: Viewer) {
  const id = sql.ref(idColumn);
  return [
    sql<number>`(select count(*) from likes l where l.item_type = ${type} and l.item_id = ${id})`.as('like_count'),
    sql<number>`(select count(*) from comments cm where cm.item_type = ${type} and cm.item_id = ${id})`.as('comment_count'),
    (viewer
      ? sql<boolean>`exists (select 1 from likes l where l.item_type = ${type} and l.item_id = ${id} and l.user_id = ${viewer.id})`
      : sql<boolean>`false`
    ).as('liked'),
  ] as const;
}

export const toReactions = (row: { like_count: number | string; comment_count: number | string; liked: boolean }): ReactionSummary => ({
  likes: Number(row.like_count),
  comments: Number(row.comment_count),
  liked: Boolean(row.liked),
});

/** Columns of the readers' 1-5 ratings for the content row at `idColumn`. */
export function ratingColumns(type: ContentType, idColumn: string, viewer: Viewer) {
  const id = sql.ref(idColumn);
  return [
    sql<number | null>`(select round(avg(r.score), 1) from ratings r where r.item_type = ${type} and r.item_id = ${id})`.as('rating_average'),
    sql<number>`(select count(*) from ratings r where r.item_type = ${type} and r.item_id = ${id})`.as('rating_count'),
    (viewer
      ? sql<number | null>`(select r.score from ratings r where r.item_type = ${type} and r.item_id = ${id} and r.user_id = ${viewer.id})`
      : sql<number | null>`null::smallint`
    ).as('my_rating'),
  ] as const;
}

export const toRating = (row: { rating_average: number | string | null; rating_count: number | string; my_rating: number | string | null }): RatingSummary => ({
  average: row.rating_average === null ? null : Number(row.rating_average),
  count: Number(row.rating_count),
  mine: row.my_rating === null ? null : Number(row.my_rating),
});

/** A jsonb list of strings (steps, pros, brands…) as pg and PGlite return it, parsed; anything else reads as empty. */
export const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** ISO text of a timestamp column as pg (Date) or PGlite (Date or string) returns it. */
export const iso = (value: Date | string) => new Date(value).toISOString();

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The columns of a contribution's fields, as its section's shared schema parsed them: a field's column
 * is its name in snake_case, a list goes to its jsonb column as JSON text, and a field not sent is left
 * out (a PATCH leaves it as it is; an insert takes the migration's default: null, 0 or an empty list).
 * The schemas keep only their own fields; content-columns.test.ts checks that each of them names a column.
 */
export function contributionColumns(fields: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined) columns[snakeCase(field)] = Array.isArray(value) ? JSON.stringify(value) : value;
  }
  return columns;
}

/**
 * Inserts a contribution of `fields` (its section's parsed input) in `disciplineId`, named `name` in the
 * approvals queue, and returns its id: an admin's is public at once; anyone else's is pending and queued.
 */
export async function addContribution(
  db: Db,
  type: ContentType,
  disciplineId: string,
  fields: Record<string, unknown>,
  name: string,
  author: NonNullable<Viewer>,
): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const status = author.role === 'admin' ? 'approved' : 'pending';
    // One statement for six tables; the discipline, author and status are the server's, whatever was sent.
    const { id } = await tx
      .insertInto(CONTENT_TABLES[type] as 'places')
      .values({ ...(contributionColumns(fields) as Insertable<DB['places']>), discipline_id: disciplineId, author_id: author.id, status })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status === 'pending') await queueForApproval(tx, { type, id, name, submittedBy: author.id });
    return id;
  });
}

/**
 * Changes the fields that were sent (its section's parsed changes) of a contribution; its status stays,
 * and a new name shows in the approvals queue. Runs in the caller's transaction when given one:
 * approving a revision applies it in the decision's.
 */
export async function updateContribution(db: Db, type: ContentType, id: string, changes: Record<string, unknown>, newName: string | undefined): Promise<void> {
  await inTransaction(db, async (tx) => {
    // One statement for six tables, as for the insert.
    await tx
      .updateTable(CONTENT_TABLES[type] as 'places')
      .set({ ...(contributionColumns(changes) as Updateable<DB['places']>), updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    if (newName !== undefined) await renameQueuedItem(tx, type, id, newName);
  });
}
