import { sql, type Kysely } from 'kysely';
import type { Comment, CommentPage, ContentType, LikeResult, RatingSummary } from '../../../common/content.ts';
import type { DB } from '../../db/schema.ts';
import { iso, pageRows, ratingColumns, toPage, toRating, type Viewer } from '../../lib/content.ts';

type Db = Kysely<DB>;
type Item = { type: ContentType; id: string };

async function likeCount(db: Db, item: Item): Promise<number> {
  const row = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('item_type', '=', item.type)
    .where('item_id', '=', item.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Likes or unlikes; doing it twice changes nothing. */
export async function setLike(db: Db, item: Item, userId: string, liked: boolean): Promise<LikeResult> {
  if (liked) {
    await db.insertInto('likes').values({ item_type: item.type, item_id: item.id, user_id: userId }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await db.deleteFrom('likes').where('item_type', '=', item.type).where('item_id', '=', item.id).where('user_id', '=', userId).execute();
  }
  return { liked, likes: await likeCount(db, item) };
}

function comments(db: Db) {
  return db
    .selectFrom('comments as c')
    .innerJoin('profiles as a', 'a.id', 'c.author_id')
    .select(['c.id', 'c.body', 'c.created_at', 'c.author_id', 'a.name as author_name', 'a.avatar_url as author_avatar_url']);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof comments>['executeTakeFirstOrThrow']>>;

const toComment = (row: CommentRow, viewer: Viewer): Comment => ({
  id: row.id,
  body: row.body,
  author: { id: row.author_id, name: row.author_name, avatarUrl: row.author_avatar_url },
  createdAt: iso(row.created_at),
  canDelete: !!viewer && (viewer.role === 'admin' || viewer.id === row.author_id),
});

/** The item's comments, newest first. */
export async function listComments(db: Db, item: Item, page: { page: number; limit: number }, viewer: Viewer): Promise<CommentPage> {
  const query = comments(db)
    .where('c.item_type', '=', item.type)
    .where('c.item_id', '=', item.id)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc');
  const { rows, total } = await pageRows(db, query, page.page, page.limit);
  return toPage(rows.map((r) => toComment(r, viewer)), total, page);
}

export async function addComment(db: Db, item: Item, author: NonNullable<Viewer>, body: string): Promise<Comment> {
  const { id } = await db
    .insertInto('comments')
    .values({ item_type: item.type, item_id: item.id, author_id: author.id, body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toComment(await comments(db).where('c.id', '=', id).executeTakeFirstOrThrow(), author);
}

/** The comment with the item it belongs to, or undefined. */
export async function getComment(db: Db, id: string) {
  return db.selectFrom('comments').select(['id', 'item_type', 'item_id', 'author_id']).where('id', '=', id).executeTakeFirst();
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

/** Sets the viewer's 1-5 score (null removes it) and returns the item's new figures. */
export async function setRating(db: Db, item: Item, user: NonNullable<Viewer>, score: number | null): Promise<RatingSummary> {
  if (score === null) {
    await db.deleteFrom('ratings').where('item_type', '=', item.type).where('item_id', '=', item.id).where('user_id', '=', user.id).execute();
  } else {
    await db
      .insertInto('ratings')
      .values({ item_type: item.type, item_id: item.id, user_id: user.id, score })
      .onConflict((oc) => oc.columns(['item_type', 'item_id', 'user_id']).doUpdateSet({ score, updated_at: sql`now()` }))
      .execute();
  }
  const row = await db
    .selectFrom(sql<{ id: string }>`(select ${item.id}::uuid as id)`.as('item'))
    .select(ratingColumns(item.type, 'item.id', user))
    .executeTakeFirstOrThrow();
  return toRating(row);
}
