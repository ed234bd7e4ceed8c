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

/** The item's page a plain form is on (`page`), for coming back to it after a refusal; else back. */
const pageOf = (fields: Readonly<Record<string, string>>, back: string) => fields.page || back;

/**
 * An item's edit (`PATCH /api/<section>/:id`), also the item page's plain form (`?edit=1`). An edit
 * of an approved item waits for review: the message says so. A refusal comes back to the open form.
 */
export const editItemAction = (section: string) =>
  defineAction<{ id: string } & Record<string, unknown>, { pendingRevision?: unknown }>()({
    name: `edit-${section}`,
    method: 'PATCH',
    path: `/api/${section}/:id`,
    done: (answer) => ({ kind: 'success', title: UPDATED[section] ?? 'common.save', ...(answer?.pendingRevision ? { text: 'content.revision.toast' } : {}) }),
    failTo: (fields, back) => {
      const page = pageOf(fields, back);
      return `${page}${page.includes('?') ? '&' : '?'}edit=1`;
    },
  });

/**
 * An item's delete (`DELETE /api/<section>/:id`), also the item page's plain form, whose `back` is
 * the section's list; for a date of a series, `applyTo: 'following'` deletes it and the later ones.
 */
export const deleteItemAction = (section: string) =>
  defineAction<{ id: string; applyTo?: string }, null>()({
    name: `delete-${section}`,
    method: 'DELETE',
    path: `/api/${section}/:id`,
    done: { kind: 'success', title: 'content.deleted' },
    failTo: pageOf,
  });
