import { z } from 'zod';
import { galleryFields } from './photos.ts';
import { REVIEW_PAGE_SIZE } from './paging.ts';
import {
  boundedNumber,
  contentItemFields,
  contentListQuerySchema,
  imageUrl,
  line,
  lineList,
  pageOf,
  paragraph,
  ratingSummarySchema,
  reactionSummarySchema,
} from './content.ts';
import { REVIEW_CATEGORIES } from './reviews-basics.ts';

/** Shared by the gear reviews API and the web app. Zod issues carry error codes (see error-codes.ts). */

export const REVIEW_MAX_POINTS = 10;
export const REVIEW_CONTENT_MAX = 10_000;

const category = z.enum(REVIEW_CATEGORIES, { error: 'VALIDATION_ERROR' });

/** Whole or half stars: 0, 0.5 … 5. */
const reviewerRating = boundedNumber(0, 5).refine((n) => Number.isInteger(n * 2), { error: 'VALIDATION_ERROR' });

/** 0-10 with at most one decimal. */
const overallScore = boundedNumber(0, 10).refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, { error: 'VALIDATION_ERROR' });

/** An optional price in the shop's currency, at most two decimals; null when not given. */
const price = z
  .number({ error: 'VALIDATION_ERROR' })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 99_999_999.99 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: 'VALIDATION_ERROR' })
  .nullable()
  .optional();

/** 'YYYY-MM' (stored as the month's first day) or 'YYYY-MM-DD', a real calendar day; empty becomes null. */
const releaseDate = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDay(v.length === 7 ? `${v}-01` : v), { error: 'INVALID_DATE' })
  .transform((v) => (v === '' ? null : v.length === 7 ? `${v}-01` : v))
  .nullable()
  .optional();

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01' && value <= '2100-12-31';
}

const fields = {
  productName: line(120),
  brand: line(80),
  category,
  content: paragraph(REVIEW_CONTENT_MAX),
  rating: reviewerRating,
  overallScore,
  price,
  releaseDate,
  pros: lineList(10).optional(),
  cons: lineList(10).optional(),
  imageUrl,
};

export const reviewInputSchema = z.object(fields);
export type ReviewInput = z.input<typeof reviewInputSchema>;

// Without defaults: a field left out of an update keeps its stored value.
export const reviewUpdateSchema = z.object(fields).partial();
export type ReviewUpdate = z.input<typeof reviewUpdateSchema>;

export const reviewListQuerySchema = contentListQuerySchema(REVIEW_PAGE_SIZE).extend({
  category: z.enum(REVIEW_CATEGORIES).optional(),
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

export const reviewSchema = z.object({
  ...contentItemFields,
  productName: z.string(),
  brand: z.string(),
  category: z.enum(REVIEW_CATEGORIES),
  content: z.string(),
  /** The reviewer's own 0-5 rating. */
  rating: z.number(),
  overallScore: z.number().nullable(),
  price: z.number().nullable(),
  /** 'YYYY-MM-DD'; the first of the month when only the month was given. */
  releaseDate: z.string().nullable(),
  pros: z.array(z.string()),
  cons: z.array(z.string()),
  imageUrl: z.string().nullable(),
  ...galleryFields,
  reactions: reactionSummarySchema,
  /** Readers' 1-5 ratings of the review. */
  readerRating: ratingSummarySchema,
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = pageOf(reviewSchema);
export type ReviewList = z.infer<typeof reviewListSchema>;
