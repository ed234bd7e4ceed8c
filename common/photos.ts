import { z } from 'zod';
import { cleanLine } from './text.ts';

/**
 * Photos of content items, sessions and condition reports (issue 20, item 5): up to MAX_PHOTOS each,
 * uploaded through the image pipeline and kept as WebP in a few widths. Shared by the API and the web.
 */

export const PHOTO_SUBJECT_TYPES = ['place', 'event', 'review', 'article', 'shop', 'session', 'condition_report'] as const;
export type PhotoSubjectType = (typeof PHOTO_SUBJECT_TYPES)[number];

export const MAX_PHOTOS = 10;
export const PHOTO_ALT_MAX = 200;
/** The widths each photo is kept in (a smaller original is kept at its own width, never enlarged). */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;

export const photoAlt = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().max(PHOTO_ALT_MAX, { error: 'TOO_LONG' }));

/** PATCH /api/photos/:id: new alt text, and/or made the cover (the first photo, the card's picture). */
export const photoUpdateSchema = z.object({ alt: photoAlt.optional(), cover: z.literal(true).optional() });
export type PhotoUpdate = z.input<typeof photoUpdateSchema>;

export const photoSchema = z.object({
  id: z.string(),
  /** Empty when the uploader wrote none: the page uses the item's name. */
  alt: z.string(),
  /** Smallest first; each `url` is a WebP `width` pixels wide (the srcset). */
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
  /** Of the largest variant, for layout before the picture arrives. */
  width: z.number(),
  height: z.number(),
});
export type Photo = z.infer<typeof photoSchema>;

/**
 * What an item with photos carries: its card's picture (the cover's small variant, else the typed
 * image address) and, on its own page, its gallery in order (the first is the cover).
 */
export const galleryFields = { coverUrl: z.string().nullable(), photos: z.array(photoSchema).optional() };

/** The `srcset` of a photo. */
export const photoSrcSet = (photo: Photo) => photo.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
/** The variant closest above `width` (else the largest): a thumbnail's src. */
export const photoUrl = (photo: Photo, width: number) => (photo.variants.find((v) => v.width >= width) ?? photo.variants.at(-1))?.url ?? '';
