import { sql, type Kysely } from 'kysely';
import type { ContentType } from '../../../common/content-basics.ts';
import type { Comment, CommentPage, LikeResult, RatingSummary } from '../../../common/content.ts';
import type { DB } from '../../db/schema.ts';
import { iso, pageRows, ratingColumns, toPage, toRating, type Viewer } from '../../lib/content.ts';
import { notify } from '../../lib/notifications.ts';
import { contentSubject } from '../notifications/index.ts';

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

/** Its author hears of a comment or like on it (never of their own). */
async function notifyAuthor(tx: Db, item: Item, actorId: string, type: 'comment' | 'like'): Promise<void> {
  const subject = await contentSubject(tx, item.type, item.id);
  if (!subject?.authorId) return;
  await notify(tx, { userId: subject.authorId, type, actorId, subjectType: item.type, subjectId: item.id, data: subject.data });
}

/**
 * Likes or unlikes; doing it twice changes nothing. A like taken back and given again tells the
 * author once a day at most.
 */
export async function setLike(db: Db, item: Item, userId: string, liked: boolean): Promise<LikeResult> {
  return db.transaction().execute(async (tx) => {
    if (liked) {
      const added = await tx
        .insertInto('likes')
        .values({ item_type: item.type, item_id: item.id, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      const toldToday = await tx
        .selectFrom('notifications')
        .select('id')
        .where('type', '=', 'like')
        .where('actor_id', '=', userId)
        .where('subject_type', '=', item.type)
        .where('subject_id', '=', item.id)
        .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      if (added && !toldToday) await notifyAuthor(tx, item, userId, 'like');
    } else {
      await tx.deleteFrom('likes').where('item_type', '=', item.type).where('item_id', '=', item.id).where('user_id', '=', userId).execute();
    }
    return { liked, likes: await likeCount(tx, item) };
  });
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
  const query = comments(db).where('c.item_type', '=', item.type).where('c.item_id', '=', item.id).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
  const { rows, ...counted } = await pageRows(db, query, page.page, page.limit);
  return toPage(
    rows.map((r) => toComment(r, viewer)),
    counted,
    page,
  );
}

export async function addComment(db: Db, item: Item, author: NonNullable<Viewer>, body: string): Promise<Comment> {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('comments')
      .values({ item_type: item.type, item_id: item.id, author_id: author.id, body })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notifyAuthor(tx, item, author.id, 'comment');
    return toComment(await comments(tx).where('c.id', '=', id).executeTakeFirstOrThrow(), author);
  });
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
