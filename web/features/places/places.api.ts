import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Place, PlaceInput, PlaceUpdate } from '../../../common/places.ts';
import { PLACE_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { contentListQuery, textParam, useContentList } from '../../lib/content-list.ts';

export const placeKeys = {
  all: ['places'] as const,
  list: (disciplineId: string) => ['places', 'list', disciplineId] as const,
  detail: (id: string) => ['places', 'detail', id] as const,
};

export type PlaceFilters = { q: string };

/** The places page's filters, as its address has them (the page and its route both read them here). */
export const placeFiltersFrom = (search: URLSearchParams): PlaceFilters => ({ q: textParam(search, 'q') });

export const placeQueries = {
  list: (disciplineId: string, filters: PlaceFilters) =>
    contentListQuery<Place>(placeKeys.list(disciplineId), `/api/disciplines/${encodeURIComponent(disciplineId)}/places`, filters, PLACE_PAGE_SIZE),
  detail: (id: string) =>
    queryOptions({
      queryKey: placeKeys.detail(id),
      queryFn: ({ signal }) => api<Place>(`/api/places/${encodeURIComponent(id)}`, { signal }),
      retry: false,
    }),
};

export function usePlaceList(disciplineId: string, filters: PlaceFilters) {
  return useContentList(placeQueries.list(disciplineId, filters));
}

export function usePlace(id: string) {
  return useQuery(placeQueries.detail(id));
}

export function useCreatePlace(disciplineId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceInput) =>
      api<Place>(`/api/disciplines/${encodeURIComponent(disciplineId)}/places`, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: placeKeys.all }),
  });
}

export function useUpdatePlace(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: PlaceUpdate) => api<Place>(`/api/places/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: placeKeys.all }),
  });
}

export function useDeletePlace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/places/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: placeKeys.all }),
  });
}
