import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Place, PlaceInput, PlaceUpdate } from '../../../common/places.ts';
import { PLACE_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { useContentList } from '../../lib/content-list.ts';

export const placeKeys = {
  all: ['places'] as const,
  list: (disciplineId: string) => ['places', 'list', disciplineId] as const,
  detail: (id: string) => ['places', 'detail', id] as const,
};

export function usePlaceList(disciplineId: string, q: string) {
  return useContentList<Place>(placeKeys.list(disciplineId), `/api/disciplines/${encodeURIComponent(disciplineId)}/places`, { q }, PLACE_PAGE_SIZE);
}

export const placeQueries = {
  detail: (id: string) =>
    queryOptions({
      queryKey: placeKeys.detail(id),
      queryFn: ({ signal }) => api<Place>(`/api/places/${encodeURIComponent(id)}`, { signal }),
      retry: false,
    }),
};

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
