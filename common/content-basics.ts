/**
 * What pages need of the content sections without their schemas: the item types, their pages'
 * addresses, which links are web links and a comment's longest length. Nothing here imports zod, so a
 * page that lists items does not load the forms' validation with it.
 */

/** Item types of the content tables; they name likes, comments, ratings and approvals too. */
export const CONTENT_TYPES = ['article', 'event', 'place', 'review', 'trick', 'shop'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The address of a content item's page: /discipline/{disciplineId}/{section}/{id}. */
export const SECTION_OF: Record<ContentType, string> = {
  article: 'articles',
  event: 'events',
  place: 'places',
  review: 'reviews',
  trick: 'tricktionary',
  shop: 'shops',
};
export const contentPath = (type: ContentType, disciplineId: string, id: string) =>
  `/discipline/${encodeURIComponent(disciplineId)}/${SECTION_OF[type]}/${encodeURIComponent(id)}`;

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const COMMENT_MAX_LENGTH = 2000;
