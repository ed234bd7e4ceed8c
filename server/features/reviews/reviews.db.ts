import { sql, type Kysely, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { Review, ReviewList, reviewInputSchema, reviewListQuerySchema, reviewUpdateSchema } from '../../../common/reviews.ts';
import type { DB } from '../../db/schema.ts';
import { changedColumns } from '../../lib/changes.ts';
import { addContribution, authorOf, iso, newestFirstPage, publicTotal, ratingColumns, reactionColumns, stringList, toRating, toReactions, updateContribution, type Viewer, visibleTo } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';

export type NewReview = z.output<typeof reviewInputSchema>;
export type ReviewChanges = z.output<typeof reviewUpdateSchema>;
export type ReviewListFilters = z.output<typeof reviewListQuerySchema>;

type Db = Kysely<DB>;

function reviews(db: Db, viewer: Viewer) {
  return db
    .selectFrom('reviews as rv')
    .leftJoin('profiles as a', 'a.id', 'rv.author_id')
    .where(visibleTo('rv', viewer))
    .select([
      'rv.id',
      'rv.discipline_id',
      'rv.product_name',
      'rv.brand',
      'rv.category',
      'rv.content',
      'rv.rating',
      'rv.overall_score',
      'rv.price',
      // As text: pg would turn a date into a Date at local midnight, shifting the day in some zones.
      sql<string | null>`to_char(rv.release_date, 'YYYY-MM-DD')`.as('release_day'),
      'rv.pros',
      'rv.cons',
      'rv.image_url',
      'rv.status',
      'rv.created_at',
      'rv.author_id',
      'a.name as author_name',
      'a.avatar_url as author_avatar_url',
      ...reactionColumns('review', 'rv.id', viewer),
      ...ratingColumns('review', 'rv.id', viewer),
    ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviews>['executeTakeFirstOrThrow']>>;

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

const toReview = (row: ReviewRow, viewer: Viewer): Review => ({
  id: row.id,
  disciplineId: row.discipline_id,
  productName: row.product_name,
  brand: row.brand,
  category: row.category,
  content: row.content,
  rating: Number(row.rating),
  overallScore: numberOrNull(row.overall_score),
  price: numberOrNull(row.price),
  releaseDate: row.release_day,
  pros: stringList(row.pros),
  cons: stringList(row.cons),
  imageUrl: row.image_url,
  status: row.status,
  author: authorOf(row),
  createdAt: iso(row.created_at),
  mine: !!viewer && row.author_id === viewer.id,
  reactions: toReactions(row),
  readerRating: toRating(row),
});

/** A page of the discipline's reviews, newest first. */
export async function listReviews(db: Db, disciplineId: string, filters: ReviewListFilters, viewer: Viewer): Promise<ReviewList> {
  let query = reviews(db, viewer).where('rv.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['rv.product_name', 'rv.brand', 'rv.content']));
  }
  if (filters.category) query = query.where('rv.category', '=', filters.category);
  return newestFirstPage(db, query, 'rv', filters, (r) => toReview(r, viewer), publicTotal(db, 'review', disciplineId, viewer, !!q || !!filters.category));
}

/** The review as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getReview(db: Db, id: string, viewer: Viewer): Promise<Review | undefined> {
  const row = await reviews(db, viewer).where('rv.id', '=', id).executeTakeFirst();
  return row && toReview(row, viewer);
}

/** An admin's review is public at once; anyone else's waits in the approvals queue. */
export async function createReview(db: Db, disciplineId: string, input: NewReview, author: NonNullable<Viewer>): Promise<string> {
  return addContribution(db, { type: 'review', name: input.productName }, author, (tx, status) =>
    tx
      .insertInto('reviews')
      .values({
        product_name: input.productName,
        discipline_id: disciplineId,
        brand: input.brand,
        category: input.category,
        content: input.content,
        rating: input.rating,
        overall_score: input.overallScore,
        price: input.price ?? null,
        release_date: input.releaseDate ?? null,
        pros: JSON.stringify(input.pros ?? []),
        cons: JSON.stringify(input.cons ?? []),
        image_url: input.imageUrl ?? null,
        author_id: author.id,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

/** Changes the fields that were sent; the status stays as it is. */
export async function updateReview(db: Db, id: string, changes: ReviewChanges): Promise<void> {
  await updateContribution(
    db,
    'review',
    id,
    {
      ...changedColumns<ReviewChanges, Updateable<DB['reviews']>>(changes, {
        productName: 'product_name',
        brand: 'brand',
        category: 'category',
        content: 'content',
        rating: 'rating',
        overallScore: 'overall_score',
        price: 'price',
        releaseDate: 'release_date',
        imageUrl: 'image_url',
      }),
      ...(changes.pros !== undefined ? { pros: JSON.stringify(changes.pros) } : {}),
      ...(changes.cons !== undefined ? { cons: JSON.stringify(changes.cons) } : {}),
    },
    changes.productName,
  );
}

/** Its likes, comments, ratings and queue entry go with it (a trigger of migration 0005). */
export async function deleteReview(db: Db, id: string): Promise<void> {
  await db.deleteFrom('reviews').where('id', '=', id).execute();
}
