import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { PLACE_PAGE_SIZE, type Place, type PlaceInput, type PlaceList } from '../../../common/places.ts';
import { api } from '../../lib/api.ts';

export const placeKeys = {
  all: ['places'] as const,
  list: (disciplineId: string, q: string) => ['places', 'list', disciplineId, q] as const,
};

/** One request per page of a discipline's places; 'Load More' asks for the next one while there are more. */
export function usePlaceList(disciplineId: string, q: string) {
  const query = q.trim();
  return useInfiniteQuery({
    queryKey: placeKeys.list(disciplineId, query),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam), limit: String(PLACE_PAGE_SIZE) });
      if (query) params.set('q', query);
      return api<PlaceList>(`/api/disciplines/${encodeURIComponent(disciplineId)}/places?${params}`, { signal });
    },
    getNextPageParam: (last) => (last.page * last.pageSize < last.total && last.items.length > 0 ? last.page + 1 : undefined),
    // A new search keeps the previous results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useCreatePlace(disciplineId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceInput) =>
      api<Place>(`/api/disciplines/${encodeURIComponent(disciplineId)}/places`, { method: 'POST', body: input }),
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
