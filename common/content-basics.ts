/**
 * What pages need of the content sections without their schemas: the item types, their pages'
 * addresses, which links are web links and a comment's longest length. Nothing here imports zod, so a
 * page that lists items does not load the forms' validation with it.
 */
import { defineAction } from './actions.ts';

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

/** The toasts the app shows for a saved item, by section (each section's dialog's `updated`). */
const UPDATED: Record<string, string> = {
  places: 'places.toast.saved',
  events: 'events.toast.saved',
  tricks: 'tricks.toast.updated',
  reviews: 'reviews.toast.updated',
  shops: 'shops.toast.updated',
  articles: 'articles.toast.updated',
};

/** Which item of which section, and the item's page the form is on (`page`), for coming back to it after a refusal. */
type ItemFields = { section: string; id: string; page?: string } & Record<string, unknown>;
const pageOf = (fields: Readonly<Record<string, string>>, back: string) => fields.page || back;

/**
 * An item's edit as the item page's plain form (`?edit=1`); its JSON route is its section's
 * `PATCH /api/<section>/:id`. An edit of an approved item waits for review: the message says so.
 */
export const editItemAction = defineAction<ItemFields, { pendingRevision?: unknown }>()({
  name: 'edit-item',
  method: 'PATCH',
  path: '/api/:section/:id',
  done: (answer, fields) => ({
    kind: 'success',
    title: UPDATED[fields.section] ?? 'common.save',
    ...(answer?.pendingRevision ? { text: 'content.revision.toast' } : {}),
  }),
  // A refusal comes back to the open form.
  failTo: (fields, back) => {
    const page = pageOf(fields, back);
    return `${page}${page.includes('?') ? '&' : '?'}edit=1`;
  },
});

/** An item's delete as the item page's plain form; `back` is the section's list, `applyTo=following` a series' date and every later one. */
export const deleteItemAction = defineAction<ItemFields, null>()({
  name: 'delete-item',
  method: 'DELETE',
  path: '/api/:section/:id',
  done: { kind: 'success', title: 'content.deleted' },
  failTo: pageOf,
});
