import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../common/content.ts';
import { hasNextPage } from '../../common/paging.ts';
import { api } from './api.ts';

/**
 * One request per page of a section list (`url` with `params` plus page and limit); 'Load More'
 * asks for the next page while there are more. `key` identifies the list in the query cache.
 * The route's loader and the page's hook both take these options, so they meet in the cache.
 */
export function contentListQuery<T>(key: readonly unknown[], url: string, params: Record<string, string>, pageSize: number) {
  const filled = Object.fromEntries(Object.entries(params).filter(([, v]) => v.trim() !== ''));
  return infiniteQueryOptions({
    queryKey: [...key, filled],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api<Page<T>>(`${url}?${new URLSearchParams({ ...filled, page: String(pageParam), limit: String(pageSize) })}`, { signal }),
    getNextPageParam: (last: Page<T>) => (hasNextPage(last) ? last.page + 1 : undefined),
    // A new search keeps the previous results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** A section list's pages, from its `*.api.ts` factory (made with contentListQuery). */
export function useContentList<T>(options: ReturnType<typeof contentListQuery<T>>) {
  return useInfiniteQuery(options);
}

/** The trimmed text filter `key` of an address, as list pages and their routes read it. */
export const textParam = (search: URLSearchParams, key: string) => (search.get(key) ?? '').trim();

/** The filters of a list searched by text only. */
export type SearchFilters = { q: string };

/** The filters of a list searched by text only, as its address has them (its page and its route both read them). */
export const searchFiltersFrom = (search: URLSearchParams): SearchFilters => ({ q: textParam(search, 'q') });

/** The filter `key` of an address when it is one of `allowed`, else '' (no filter). */
export function choiceParam<T extends string>(search: URLSearchParams, key: string, allowed: readonly T[]): T | '' {
  const value = search.get(key);
  return (allowed as readonly (string | null)[]).includes(value) ? (value as T) : '';
}
