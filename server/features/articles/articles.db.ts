import { sql, type Kysely, type Updateable } from 'kysely';
import type { z } from 'zod';
import {
  EXCERPT_SOURCE_LENGTH,
  markdownExcerpt,
  type Article,
  type ArticleList,
  type ArticleSummary,
  type articleInputSchema,
  type articleListQuerySchema,
  type articleUpdateSchema,
} from '../../../common/articles.ts';
import type { DB } from '../../db/schema.ts';
import { changedColumns } from '../../lib/changes.ts';
import { addContribution, authorOf, iso, newestFirstPage, publicTotal, ratingColumns, reactionColumns, toRating, toReactions, updateContribution, type Viewer, visibleTo } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';

export type NewArticle = z.output<typeof articleInputSchema>;
export type ArticleChanges = z.output<typeof articleUpdateSchema>;
export type ArticleListFilters = z.output<typeof articleListQuerySchema>;

type Db = Kysely<DB>;

function articles(db: Db, viewer: Viewer) {
  return db
    .selectFrom('articles as ar')
    .leftJoin('profiles as a', 'a.id', 'ar.author_id')
    .where(visibleTo('ar', viewer))
    .select([
      'ar.id',
      'ar.discipline_id',
      'ar.title',
      'ar.image_url',
      'ar.status',
      'ar.created_at',
      'ar.author_id',
      'a.name as author_name',
      'a.avatar_url as author_avatar_url',
      ...reactionColumns('article', 'ar.id', viewer),
      ...ratingColumns('article', 'ar.id', viewer),
    ]);
}

type ArticleRow = Awaited<ReturnType<ReturnType<typeof articles>['executeTakeFirstOrThrow']>>;

const toSummary = (row: ArticleRow, body: string, viewer: Viewer): ArticleSummary => ({
  id: row.id,
  disciplineId: row.discipline_id,
  title: row.title,
  imageUrl: row.image_url,
  excerpt: markdownExcerpt(body),
  status: row.status,
  author: authorOf(row),
  createdAt: iso(row.created_at),
  mine: !!viewer && row.author_id === viewer.id,
  reactions: toReactions(row),
  rating: toRating(row),
});

/** A page of the discipline's articles, newest first; the cards carry an excerpt, not the body. */
export async function listArticles(db: Db, disciplineId: string, filters: ArticleListFilters, viewer: Viewer): Promise<ArticleList> {
  let query = articles(db, viewer)
    .select(sql<string>`substr(ar.content, 1, ${EXCERPT_SOURCE_LENGTH})`.as('content_head'))
    .where('ar.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['ar.title', 'ar.content']));
  }
  return newestFirstPage(db, query, 'ar', filters, (r) => toSummary(r, r.content_head, viewer), publicTotal(db, 'article', disciplineId, viewer, !!q));
}

/** The article as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getArticle(db: Db, id: string, viewer: Viewer): Promise<Article | undefined> {
  const row = await articles(db, viewer).select('ar.content').where('ar.id', '=', id).executeTakeFirst();
  return row && { ...toSummary(row, row.content, viewer), content: row.content };
}

/** An admin's article is public at once; anyone else's waits in the approvals queue. */
export async function createArticle(db: Db, disciplineId: string, input: NewArticle, author: NonNullable<Viewer>): Promise<string> {
  return addContribution(db, { type: 'article', name: input.title }, author, (tx, status) =>
    tx
      .insertInto('articles')
      .values({
        title: input.title,
        discipline_id: disciplineId,
        content: input.content,
        image_url: input.imageUrl ?? null,
        author_id: author.id,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

/** Changes the fields that were sent; the status stays as it is. */
export async function updateArticle(db: Db, id: string, changes: ArticleChanges): Promise<void> {
  await updateContribution(
    db,
    'article',
    id,
    {
      ...changedColumns<ArticleChanges, Updateable<DB['articles']>>(changes, {
        title: 'title',
        content: 'content',
        imageUrl: 'image_url',
      }),
    },
    changes.title,
  );
}

/** Its likes, comments, ratings and queue entry go with it (a trigger of migration 0005). */
export async function deleteArticle(db: Db, id: string): Promise<void> {
  await db.deleteFrom('articles').where('id', '=', id).execute();
}
