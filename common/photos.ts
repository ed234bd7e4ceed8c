import { z } from 'zod';
import { withInput } from './actions.ts';
import { coverPhotoAction, deletePhotoAction, describePhotoAction, PHOTO_ALT_MAX, type Photo } from './photos-basics.ts';
import { cleanLine } from './text.ts';

/** Photos' schemas, shared by the API and the web (constants, the Photo type and helpers: ./photos-basics.ts). */

export { MAX_PHOTOS, PHOTO_ALT_MAX, PHOTO_SUBJECT_TYPES, PHOTO_WIDTHS, type Photo, type PhotoSubjectType } from './photos-basics.ts';

export const photoAlt = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().max(PHOTO_ALT_MAX, { error: 'TOO_LONG' }));

/** PATCH /api/photos/:id: new alt text, and/or made the cover (the first photo, the card's picture). */
export const photoUpdateSchema = z.object({ alt: photoAlt.optional(), cover: z.literal(true).optional() });
export type PhotoUpdate = z.input<typeof photoUpdateSchema>;

export const photoSchema = z.object({
  id: z.string(),
  alt: z.string(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
  width: z.number(),
  height: z.number(),
}) satisfies z.ZodType<Photo>;

/**
 * What an item with photos carries: its card's picture (the cover's small variant, else the typed
 * image address) and, on its own page, its gallery in order (the first is the cover).
 */
export const galleryFields = { coverUrl: z.string().nullable(), photos: z.array(photoSchema).optional() };

/** The photo actions' fields (common/photos-basics.ts); `id` is the photo's. */
const photoId = z.string().max(100);
export const deletePhotoWithInput = withInput(deletePhotoAction, z.object({ id: photoId }));
export const describePhotoWithInput = withInput(describePhotoAction, photoUpdateSchema.extend({ id: photoId }));
export const coverPhotoWithInput = withInput(coverPhotoAction, z.object({ id: photoId }));
