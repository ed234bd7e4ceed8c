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
