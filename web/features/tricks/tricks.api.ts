import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRICK_LEVELS, type ProgressState, type TrickLevel } from '../../../common/tricks-basics.ts';
import type { ProfileTrick, Trick, TrickInput, TrickUpdate } from '../../../common/tricks.ts';
import { TRICK_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { choiceParam, textParam } from '../../lib/content-list.ts';
import { sectionApi } from '../../lib/section-api.ts';

/** A discipline's tricks are searched and filtered on the server. */
export type TrickFilters = { q: string; level: TrickLevel | '' };

/** The tricktionary's filters, as its address has them (the page and its route both read them here). */
export const trickFiltersFrom = (search: URLSearchParams): TrickFilters => ({ q: textParam(search, 'q'), level: choiceParam(search, 'level', TRICK_LEVELS) });

const tricks = sectionApi<Trick, TrickInput, TrickUpdate, TrickFilters>('tricks', TRICK_PAGE_SIZE);

export const trickKeys = {
  ...tricks.keys,
  progression: (userId: string) => ['tricks', 'progression', userId] as const,
};

export const trickQueries = {
  ...tricks.queries,
  /** A person's tricks, landed and learning (their profile's progression). */
  progression: (userId: string) =>
    queryOptions({
      queryKey: trickKeys.progression(userId),
      queryFn: ({ signal }) => api<ProfileTrick[]>(`/api/profiles/${encodeURIComponent(userId)}/tricks`, { signal }),
    }),
};

export const { useList: useTrickList, useItem: useTrick, useCreate: useCreateTrick, useUpdate: useUpdateTrick, useDelete: useDeleteTrick } = tricks;

/** Marks the trick as learning or landed, or (null) removes the mark. */
export function useSetTrickProgress(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (state: ProgressState | null) =>
      api<{ state: ProgressState | null }>(
        `/api/tricks/${encodeURIComponent(id)}/progress`,
        state === null ? { method: 'DELETE' } : { method: 'PUT', body: { state } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: trickKeys.all }),
  });
}

/** Someone's learning and landed tricks. */
export function useProfileTricks(userId: string | undefined) {
  return useQuery({ ...trickQueries.progression(userId ?? ''), enabled: Boolean(userId) });
}
