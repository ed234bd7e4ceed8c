/**
 * What pages need of photos (issue 20, item 5) without their schemas: nothing here imports zod, so a
 * page showing a gallery does not load the forms' validation with it (common/photos.ts has those).
 */
import { defineAction } from './actions.ts';

export const PHOTO_SUBJECT_TYPES = ['place', 'event', 'review', 'article', 'shop', 'session', 'condition_report'] as const;
export type PhotoSubjectType = (typeof PHOTO_SUBJECT_TYPES)[number];

export const MAX_PHOTOS = 10;
/** What a photo input offers to pick: the formats the server decodes (server/lib/images.ts judges the bytes). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
export const PHOTO_ALT_MAX = 200;
/** The widths each photo is kept in (a smaller original is kept at its own width, never enlarged). */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;

export type Photo = {
  id: string;
  /** Empty when the uploader wrote none: the page uses the item's name. */
  alt: string;
  /** Smallest first; each `url` is a WebP `width` pixels wide (the srcset). */
  variants: { width: number; url: string }[];
  /** Of the largest variant, for layout before the picture arrives. */
  width: number;
  height: number;
};

/** The `srcset` of a photo. */
export const photoSrcSet = (photo: Photo) => photo.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
/** The variant closest above `width` (else the largest): a thumbnail's src. */
export const photoUrl = (photo: Photo, width: number) => (photo.variants.find((v) => v.width >= width) ?? photo.variants.at(-1))?.url ?? '';

/** An item's picture: on its page (gallery loaded) its cover at about `width` px, on a card the cover's small variant or typed address. */
export const pictureOf = (item: { coverUrl: string | null; photos?: Photo[] }, width = 1600) =>
  item.photos?.[0] ? photoUrl(item.photos[0], width) : item.coverUrl;

/**
 * A photo's own actions (common/actions.ts), under each gallery of its item's author: `id` is the
 * photo's. Describing it and making it the cover are one JSON route (`PATCH /api/photos/:id`, which
 * takes either or both); describe-photo serves it, and cover-photo is its plain form sending `cover`.
 */
export const deletePhotoAction = defineAction<{ id: string }, null>()({
  name: 'delete-photo',
  method: 'DELETE',
  path: '/api/photos/:id',
  done: { kind: 'success', title: 'photos.deleted' },
});

export const describePhotoAction = defineAction<{ id: string; alt?: string; cover?: true }, Photo>()({
  name: 'describe-photo',
  method: 'PATCH',
  path: '/api/photos/:id',
  done: { kind: 'success', title: 'photos.described' },
});

/** The app sends `cover: true`; the plain form sends the id alone, its name says the rest. */
export const coverPhotoAction = defineAction<{ id: string; cover?: true }, Photo>()({
  name: 'cover-photo',
  method: 'PATCH',
  path: '/api/photos/:id',
  done: { kind: 'success', title: 'photos.coverSet' },
});
