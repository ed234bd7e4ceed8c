import { z } from 'zod';
import { personSchema } from './teams.ts';
import { cleanLine } from './text.ts';

/** Shared by the places API and the web app. Zod issues carry error codes (see error-codes.ts). */

export const PLACE_PAGE_SIZE = 12;

const line = (max: number) =>
  z
    .string({ error: 'REQUIRED' })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' }));

const coordinate = (limit: number) =>
  z
    .number({ error: 'REQUIRED' })
    .refine((n) => Number.isFinite(n) && n >= -limit && n <= limit, { error: 'VALIDATION_ERROR' });

// Only absolute http(s) URLs: javascript:, data:, vbscript: and protocol-relative `//host` are refused.
const imageUrl = z
  .string()
  .trim()
  .max(2000, { error: 'TOO_LONG' })
  .refine((v) => {
    if (v === '') return true;
    if (!/^https?:\/\//i.test(v)) return false;
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, { error: 'INVALID_URL' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const fields = {
  name: line(120),
  location: line(160),
  latitude: coordinate(90),
  longitude: coordinate(180),
  imageUrl,
};

export const placeInputSchema = z.object(fields);
export type PlaceInput = z.input<typeof placeInputSchema>;

// Without defaults: a field left out of an update keeps its stored value.
export const placeUpdateSchema = z.object(fields).partial();
export type PlaceUpdate = z.input<typeof placeUpdateSchema>;

export const placeListQuerySchema = z.object({
  q: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  // Larger values are capped rather than refused.
  limit: z.coerce.number().int().min(1).default(PLACE_PAGE_SIZE).transform((n) => Math.min(n, 50)),
});
export type PlaceListQuery = z.input<typeof placeListQuerySchema>;

export const placeSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  imageUrl: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  author: personSchema.nullable(),
  createdAt: z.string(),
  /** The caller wrote it (and so may edit or delete it). */
  mine: z.boolean(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeListSchema = z.object({
  items: z.array(placeSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PlaceList = z.infer<typeof placeListSchema>;
