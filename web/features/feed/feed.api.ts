import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '../../../common/feed.ts';
import { FEED_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';

export const feedKeys = { all: ['feed'] as const };

/** The signed-in user's feed, one page per 'Load More', each page read after the previous one's cursor. */
export const feedQueries = {
  all: () =>
    infiniteQueryOptions({
      queryKey: feedKeys.all,
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) =>
        api<FeedPage>(`/api/feed?${new URLSearchParams({ limit: String(FEED_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`, { signal }),
      getNextPageParam: (last: FeedPage) => last.nextCursor,
    }),
};

export function useFeed() {
  return useInfiniteQuery(feedQueries.all());
}
