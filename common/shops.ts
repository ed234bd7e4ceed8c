import { z } from 'zod';
import { galleryFields } from './photos.ts';
import { SHOP_PAGE_SIZE } from './paging.ts';
import {
  boundedNumber,
  contentItemFields,
  contentListQuerySchema,
  httpUrl,
  imageUrl,
  line,
  lineList,
  pageOf,
  paragraph,
  ratingSummarySchema,
  reactionSummarySchema,
} from './content.ts';

/** Shared by the shops API and the web app. Zod issues carry error codes (see error-codes.ts). */

export const SHOP_MAX_SPECIALTIES = 10;
export const SHOP_MAX_BRANDS = 30;
export const SHOP_FIRST_YEAR = 1800;

/** Digits, spaces and + - ( ), with at least one digit. */
export const PHONE_PATTERN = /^[0-9 +\-()]*[0-9][0-9 +\-()]*$/;

/** An optional public contact email of the shop: empty becomes null. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, { error: 'TOO_LONG' })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'INVALID_EMAIL' })
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .nullable()
  .optional();

const optionalPhone = z
  .string()
  .trim()
  .max(30, { error: 'TOO_LONG' })
  .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: 'VALIDATION_ERROR' })
  .transform((v) => (v === '' ? null : v.replace(/ {2,}/g, ' ')))
  .nullable()
  .optional();

// The current year is read at each check, so a long-running server never refuses a shop opened this year.
const optionalYear = z
  .number({ error: 'VALIDATION_ERROR' })
  .int({ error: 'VALIDATION_ERROR' })
  .refine((y) => y >= SHOP_FIRST_YEAR && y <= new Date().getFullYear(), { error: 'VALIDATION_ERROR' })
  .nullable()
  .optional();

const fields = {
  name: line(120),
  description: paragraph(2000),
  location: line(160),
  establishedYear: optionalYear,
  sponsoredAthletes: boundedNumber(0, 100_000, true).optional(),
  specialties: lineList(SHOP_MAX_SPECIALTIES, 60).optional(),
  brands: lineList(SHOP_MAX_BRANDS, 60).optional(),
  email: optionalEmail,
  phone: optionalPhone,
  website: httpUrl,
  imageUrl,
};

export const shopInputSchema = z.object(fields);
export type ShopInput = z.input<typeof shopInputSchema>;

// Without defaults: a field left out of an update keeps its stored value.
export const shopUpdateSchema = z.object(fields).partial();
export type ShopUpdate = z.input<typeof shopUpdateSchema>;

export const shopListQuerySchema = contentListQuerySchema(SHOP_PAGE_SIZE);
export type ShopListQuery = z.input<typeof shopListQuerySchema>;

export const shopSchema = z.object({
  ...contentItemFields,
  name: z.string(),
  description: z.string(),
  location: z.string(),
  establishedYear: z.number().nullable(),
  sponsoredAthletes: z.number(),
  specialties: z.array(z.string()),
  brands: z.array(z.string()),
  /** The shop's public contact address (never its author's account email). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  imageUrl: z.string().nullable(),
  ...galleryFields,
  reactions: reactionSummarySchema,
  /** Readers' 1-5 ratings: the card's 'rating' and 'review count' are its average and count. */
  rating: ratingSummarySchema,
});
export type Shop = z.infer<typeof shopSchema>;

export const shopListSchema = pageOf(shopSchema);
export type ShopList = z.infer<typeof shopListSchema>;

/** Specialties or brands typed one per line or separated by commas. */
export const splitList = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
