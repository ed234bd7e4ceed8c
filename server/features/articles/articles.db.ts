import { sql, type Kysely } from 'kysely';
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
import { coverColumn } from '../../lib/photos.ts';
import { itemFields, newestFirstPage, publicTotal, ratingColumns, toRating, type Viewer, visibleItems } from '../../lib/content.ts';
import { contributions } from '../../lib/content-store.ts';
import { containsText } from '../../lib/like.ts';

export type NewArticle = z.output<typeof articleInputSchema>;
export type ArticleChanges = z.output<typeof articleUpdateSchema>;
export type ArticleListFilters = z.output<typeof articleListQuerySchema>;

type Db = Kysely<DB>;

function articles(db: Db, viewer: Viewer) {
  return visibleItems(db, 'article', viewer).select(['c.title', 'c.image_url', coverColumn('article', 'c'), ...ratingColumns('article', 'c.id', viewer)]);
}

type ArticleRow = Awaited<ReturnType<ReturnType<typeof articles>['executeTakeFirstOrThrow']>>;

const toSummary = (row: ArticleRow, body: string, viewer: Viewer): ArticleSummary => ({
  ...itemFields(row, viewer),
  title: row.title,
  imageUrl: row.image_url,
  coverUrl: row.cover_url,
  excerpt: markdownExcerpt(body),
  rating: toRating(row),
});

/** A page of the discipline's articles, newest first; the cards carry an excerpt, not the body. */
export async function listArticles(db: Db, disciplineId: string, filters: ArticleListFilters, viewer: Viewer): Promise<ArticleList> {
  let query = articles(db, viewer)
    .select(sql<string>`substr(c.content, 1, ${EXCERPT_SOURCE_LENGTH})`.as('content_head'))
    .where('c.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['c.title', 'c.content']));
  }
  return newestFirstPage(db, query, 'c', filters, (r) => toSummary(r, r.content_head, viewer), publicTotal(db, 'article', disciplineId, viewer, !!q));
}

/** The article as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getArticle(db: Db, id: string, viewer: Viewer): Promise<Article | undefined> {
  const row = await articles(db, viewer).select('c.content').where('c.id', '=', id).executeTakeFirst();
  return row && { ...toSummary(row, row.content, viewer), content: row.content };
}

/** Contributing, editing and deleting, as in every section. */
export const { create: createArticle, update: updateArticle, remove: deleteArticle } = contributions<NewArticle, ArticleChanges>('article', 'title');
