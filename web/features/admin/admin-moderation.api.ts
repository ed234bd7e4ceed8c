import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationDeletePath, type ModerationKind, type ModerationList } from '../../../common/admin-moderation.ts';
import { ADMIN_CONTENT_PAGE_SIZE, hasNextPage } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';

export const adminModerationKeys = {
  all: ['admin', 'moderation'] as const,
  list: (kind: ModerationKind) => ['admin', 'moderation', kind] as const,
};

export const adminModerationQueries = {
  /** One request per page; 'Load More' asks for the next one (a `?page=N` link without scripts). */
  list: (kind: ModerationKind) =>
    infiniteQueryOptions({
      queryKey: adminModerationKeys.list(kind),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => api<ModerationList>(`/api/admin/${kind}?page=${pageParam}&limit=${ADMIN_CONTENT_PAGE_SIZE}`, { signal }),
      getNextPageParam: (last: ModerationList) => (hasNextPage(last) ? last.page + 1 : undefined),
      retry: false,
    }),
};

export const useModerationList = (kind: ModerationKind) => useInfiniteQuery({ ...adminModerationQueries.list(kind), placeholderData: keepPreviousData });

/** Deletes through the item's own endpoint; the place pages, profiles and feeds that showed it read again. */
export function useDeleteModerated() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: ModerationKind; id: string }) => api<void>(moderationDeletePath(kind, id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries(),
  });
}
