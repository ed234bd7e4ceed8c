import { z } from 'zod';
import { personSchema } from './teams.ts';
import { COMMENT_MAX_LENGTH, CONTENT_TYPES, isHttpUrl } from './content-basics.ts';
import { withInput } from './actions.ts';
import { commentAction, deleteCommentAction, likeAction, rateAction, unlikeAction, unrateAction } from './reactions-basics.ts';
import { pendingRevisionSchema } from './revisions.ts';
import { cleanLine, cleanText } from './text.ts';

/**
 * Building blocks shared by every discipline section (places, events, tricks, reviews, shops,
 * articles) and by likes, comments and ratings. Zod issues carry error codes (see error-codes.ts).
 */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const contentStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ContentStatus = z.infer<typeof contentStatusSchema>;

/** A required single-line text, cleaned (see cleanLine). */
export const line = (max: number) =>
  z
    .string({ error: 'REQUIRED' })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' }));

/** A required multi-line text (descriptions, bodies, comments), cleaned (see cleanText). */
export const paragraph = (max: number) =>
  z
    .string({ error: 'REQUIRED' })
    .transform(cleanText)
    .pipe(z.string().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' }));

/** An optional single-line text: empty becomes null. */
export const optionalLine = (max: number) =>
  z
    .string()
    .transform(cleanLine)
    .pipe(z.string().max(max, { error: 'TOO_LONG' }))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** A list of short lines (steps, tips, pros, cons, brands…): blank entries dropped. */
export const lineList = (maxItems: number, maxLength = 200) =>
  z
    .array(
      z
        .string()
        .transform(cleanLine)
        .pipe(z.string().max(maxLength, { error: 'TOO_LONG' })),
    )
    .transform((items) => items.filter((i) => i !== ''))
    .pipe(z.array(z.string()).max(maxItems, { error: 'TOO_MANY' }));

/**
 * An optional absolute http(s) URL: javascript:, data:, vbscript: and protocol-relative `//host`
 * are refused; empty becomes null.
 */
export const httpUrl = z
  .string()
  .trim()
  .max(2000, { error: 'TOO_LONG' })
  .refine((v) => v === '' || isHttpUrl(v), { error: 'INVALID_URL' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  // Marks the field in the OpenAPI document, where the security suite finds every URL field.
  .meta({ format: 'uri' });

/**
 * An optional picture address: an absolute http(s) URL, or a path on this site ('/images/…',
 * '/uploads/…') such as the shipped sample pictures; empty becomes null.
 */
export const imageUrl = z
  .string()
  .trim()
  .max(2000, { error: 'TOO_LONG' })
  .refine((v) => v === '' || isHttpUrl(v) || /^\/(?![/\\])[\w\-./]+$/.test(v), { error: 'INVALID_URL' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .meta({ format: 'uri-reference' });

/** A number the form sends as NaN when left empty: reported as required. */
export const boundedNumber = (min: number, max: number, integer = false) =>
  z
    .number({ error: 'REQUIRED' })
    .refine((n) => Number.isFinite(n), { error: 'REQUIRED' })
    .refine((n) => n >= min && n <= max && (!integer || Number.isInteger(n)), { error: 'VALIDATION_ERROR' });

/** ?q=&page=&limit= of every section list; larger limits are capped rather than refused. */
export const contentListQuerySchema = (pageSize: number) =>
  z.object({
    q: z.string().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(pageSize)
      .transform((n) => Math.min(n, 50)),
  });
export type ContentListQuery = z.input<ReturnType<typeof contentListQuerySchema>>;

/** One page of a list, with the total of every page (COUNT_CAP and `totalCapped` past it: common/paging.ts). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), totalCapped: z.boolean(), page: z.number(), pageSize: z.number() });
export type Page<T> = { items: T[]; total: number; totalCapped: boolean; page: number; pageSize: number };

/** Likes and comments on a card, and whether the viewer liked it. */
export const reactionSummarySchema = z.object({ likes: z.number(), comments: z.number(), liked: z.boolean() });
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/** Readers' 1-5 ratings: average (null when none yet), count, and the viewer's own score. */
export const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number(), mine: z.number().nullable() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** Fields every content item carries: who wrote it, its review state, and whether the viewer wrote it. */
export const contentItemFields = {
  id: z.string(),
  disciplineId: z.string(),
  status: contentStatusSchema,
  author: personSchema.nullable(),
  createdAt: z.string(),
  /** The caller wrote it (and so may edit or delete it). */
  mine: z.boolean(),
  /** Its author's edit waiting for an admin; shown to the author and admins only. */
  pendingRevision: pendingRevisionSchema.optional(),
};

// ---- Likes, comments, ratings ----

export const commentInputSchema = z.object({ body: paragraph(COMMENT_MAX_LENGTH) });
export type CommentInput = z.input<typeof commentInputSchema>;

export const commentSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: personSchema,
  createdAt: z.string(),
  /** The caller may delete it: its author or an admin. */
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = pageOf(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), likes: z.number() });
export type LikeResult = z.infer<typeof likeResultSchema>;

/**
 * A 1-5 score. The app sends a number; a plain form's star button sends its value as text, so digits
 * are read as their number too. Nothing else is (JSON true, null or an empty field stay refused).
 */
const score = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ],
    { error: 'VALIDATION_ERROR' },
  )
  .pipe(z.number().int({ error: 'VALIDATION_ERROR' }).min(1, { error: 'VALIDATION_ERROR' }).max(5, { error: 'VALIDATION_ERROR' }));
export const ratingInputSchema = z.object({ score });

/** The item a reaction is about (the path of its actions). */
const reactionItem = { type: z.enum(CONTENT_TYPES), id: z.string().max(100) };

/** The reactions' actions' fields (common/reactions-basics.ts). */
export const likeWithInput = withInput(likeAction, z.object(reactionItem));
export const unlikeWithInput = withInput(unlikeAction, z.object(reactionItem));
export const rateWithInput = withInput(rateAction, z.object({ ...reactionItem, ...ratingInputSchema.shape }));
export const unrateWithInput = withInput(unrateAction, z.object(reactionItem));
export const commentWithInput = withInput(commentAction, z.object({ ...reactionItem, ...commentInputSchema.shape }));
export const deleteCommentWithInput = withInput(deleteCommentAction, z.object({ id: z.string().max(100) }));
