import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRICK_LEVELS, type ProgressState, type TrickLevel } from '../../../common/tricks-basics.ts';
import type { ProfileTrick, Trick, TrickInput, TrickUpdate } from '../../../common/tricks.ts';
import { TRICK_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { choiceParam, contentListQuery, textParam, useContentList } from '../../lib/content-list.ts';

export const trickKeys = {
  all: ['tricks'] as const,
  list: (disciplineId: string) => ['tricks', 'list', disciplineId] as const,
  detail: (id: string) => ['tricks', 'detail', id] as const,
  progression: (userId: string) => ['tricks', 'progression', userId] as const,
};

/** One request per page of a discipline's tricks, searched and filtered on the server. */
export type TrickFilters = { q: string; level: TrickLevel | '' };

/** The tricktionary's filters, as its address has them (the page and its route both read them here). */
export const trickFiltersFrom = (search: URLSearchParams): TrickFilters => ({ q: textParam(search, 'q'), level: choiceParam(search, 'level', TRICK_LEVELS) });

export const trickQueries = {
  list: (disciplineId: string, filters: TrickFilters) =>
    contentListQuery<Trick>(trickKeys.list(disciplineId), `/api/disciplines/${encodeURIComponent(disciplineId)}/tricks`, filters, TRICK_PAGE_SIZE),
  detail: (id: string) =>
    queryOptions({
      queryKey: trickKeys.detail(id),
      queryFn: ({ signal }) => api<Trick>(`/api/tricks/${encodeURIComponent(id)}`, { signal }),
      retry: false,
    }),
  /** A person's tricks, landed and learning (their profile's progression). */
  progression: (userId: string) =>
    queryOptions({
      queryKey: trickKeys.progression(userId),
      queryFn: ({ signal }) => api<ProfileTrick[]>(`/api/profiles/${encodeURIComponent(userId)}/tricks`, { signal }),
    }),
};

export function useTrickList(disciplineId: string, filters: TrickFilters) {
  return useContentList(trickQueries.list(disciplineId, filters));
}

export function useTrick(id: string) {
  return useQuery(trickQueries.detail(id));
}

export function useCreateTrick(disciplineId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TrickInput) => api<Trick>(`/api/disciplines/${encodeURIComponent(disciplineId)}/tricks`, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: trickKeys.all }),
  });
}

export function useUpdateTrick(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: TrickUpdate) => api<Trick>(`/api/tricks/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: trickKeys.all }),
  });
}

export function useDeleteTrick() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/tricks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: trickKeys.detail(id) });
      return client.invalidateQueries({ queryKey: trickKeys.all });
    },
  });
}

/** Marks the trick as learning or landed, or (null) removes the mark. */
export function useSetTrickProgress(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (state: ProgressState | null) =>
      api<{ state: ProgressState | null }>(`/api/tricks/${encodeURIComponent(id)}/progress`, state === null ? { method: 'DELETE' } : { method: 'PUT', body: { state } }),
    onSuccess: () => client.invalidateQueries({ queryKey: trickKeys.all }),
  });
}

/** Someone's learning and landed tricks. */
export function useProfileTricks(userId: string | undefined) {
  return useQuery({ ...trickQueries.progression(userId ?? ''), enabled: Boolean(userId) });
}
