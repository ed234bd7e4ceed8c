import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Review, reviewInputSchema, reviewListQuerySchema, reviewUpdateSchema } from '../../../common/reviews.ts';
import type { DB } from '../../db/schema.ts';
import { coverColumn } from '../../lib/photos.ts';
import { itemFields, ratingColumns, stringList, toRating, type Viewer, visibleItems } from '../../lib/content.ts';
import { sectionStore } from '../../lib/content-store.ts';

type Db = Kysely<DB>;

function reviews(db: Db, viewer: Viewer) {
  return visibleItems(db, 'review', viewer).select([
    'c.product_name',
    'c.brand',
    'c.category',
    'c.content',
    'c.rating',
    'c.overall_score',
    'c.price',
    'c.pros',
    'c.cons',
    'c.image_url',
    coverColumn('review', 'c'),
    // As text: pg would turn a date into a Date at local midnight, shifting the day in some zones.
    sql<string | null>`to_char(c.release_date, 'YYYY-MM-DD')`.as('release_day'),
    ...ratingColumns('review', 'c.id', viewer),
  ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviews>['executeTakeFirstOrThrow']>>;

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

const toReview = (row: ReviewRow, viewer: Viewer): Review => ({
  ...itemFields(row, viewer),
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
  coverUrl: row.cover_url,
  readerRating: toRating(row),
});

/** The section's reads and writes. Its list: a page of the discipline's reviews, newest first. */
export const reviewsStore = sectionStore<
  ReviewRow,
  Review,
  z.output<typeof reviewInputSchema>,
  z.output<typeof reviewUpdateSchema>,
  z.output<typeof reviewListQuerySchema>
>({
  type: 'review',
  items: reviews,
  toItem: toReview,
  nameField: 'productName',
  search: { text: ['c.product_name', 'c.brand', 'c.content'] },
  exact: { category: 'c.category' },
});

/** For approving a revision. */
export const { get: getReview, update: updateReview } = reviewsStore;
