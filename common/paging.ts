/**
 * Paging shared by the server and the web, without zod: the web's first page imports it.
 */

/**
 * The most rows a filtered list counts: an exact total of a broad search would read every match, so
 * past this many the answer carries COUNT_CAP and `totalCapped` ("more than 1,000") instead.
 */
export const COUNT_CAP = 1000;

/** Whether a list has a page after `last`: a capped total does not tell, so any non-empty page may. */
export function hasNextPage(last: { items: readonly unknown[]; total: number; totalCapped: boolean; page: number; pageSize: number }): boolean {
  return last.items.length > 0 && (last.totalCapped || last.page * last.pageSize < last.total);
}

/** Rows per page of each list. */
export const ADMIN_CONTENT_PAGE_SIZE = 20;
export const ADMIN_USERS_PAGE_SIZE = 20;
export const ARTICLE_PAGE_SIZE = 12;
export const ATHLETE_PAGE_SIZE = 12;
export const COMMENT_PAGE_SIZE = 20;
export const EVENT_PAGE_SIZE = 12;
export const FEED_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 20;
export const MESSAGE_PAGE_SIZE = 30;
/** GET /api/notifications: `before` pages back from the oldest id already shown. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const PLACE_PAGE_SIZE = 12;
export const REVIEW_PAGE_SIZE = 12;
export const SHOP_PAGE_SIZE = 12;
export const TEAM_PAGE_SIZE = 12;
export const TRICK_PAGE_SIZE = 12;
