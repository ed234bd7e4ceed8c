import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../common/content.ts';
import { hasNextPage } from '../../common/paging.ts';
import { api } from './api.ts';

/**
 * One request per page of a section list (`url` with `params` plus page and limit); 'Load More'
 * asks for the next page while there are more. `key` identifies the list in the query cache.
 */
export function useContentList<T>(key: readonly unknown[], url: string, params: Record<string, string>, pageSize: number) {
  const filled = Object.fromEntries(Object.entries(params).filter(([, v]) => v.trim() !== ''));
  return useInfiniteQuery({
    queryKey: [...key, filled],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api<Page<T>>(`${url}?${new URLSearchParams({ ...filled, page: String(pageParam), limit: String(pageSize) })}`, { signal }),
    getNextPageParam: (last) => (hasNextPage(last) ? last.page + 1 : undefined),
    // A new search keeps the previous results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
