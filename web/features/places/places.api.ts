import { queryOptions } from '@tanstack/react-query';
import type { NearbyPlaces, Place, PlaceInput, PlaceUpdate } from '../../../common/places.ts';
import { PLACE_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { ACCESS_STATUSES, type AccessStatus } from '../../../common/place-access-basics.ts';
import { choiceParam, textParam, type SearchFilters } from '../../lib/content-list.ts';
import { sectionApi } from '../../lib/section-api.ts';

export type PlaceFilters = SearchFilters & { access: AccessStatus | '' };

/** A discipline's places are searched by text and filtered by their access today, as the address has them. */
export const placeFiltersFrom = (search: URLSearchParams): PlaceFilters => ({
  q: textParam(search, 'q'),
  access: choiceParam(search, 'access', ACCESS_STATUSES),
});

const section = sectionApi<Place, PlaceInput, PlaceUpdate, PlaceFilters>('places', PLACE_PAGE_SIZE);

export const {
  keys: placeKeys,
  useList: usePlaceList,
  useItem: usePlace,
  useCreate: useCreatePlace,
  useUpdate: useUpdatePlace,
  useDelete: useDeletePlace,
} = section;

export const placeQueries = {
  ...section.queries,
  /** A place's nearby spots; under its detail key, so whatever refreshes the place refreshes them. */
  nearby: (id: string) =>
    queryOptions({
      queryKey: [...section.keys.detail(id), 'nearby'] as const,
      queryFn: ({ signal }) => api<NearbyPlaces>(`/api/places/${encodeURIComponent(id)}/nearby`, { signal }),
      retry: false,
    }),
};

/** A place's condition reports, declared by its route with the place (web/routes.tsx). */
export { conditionQueries } from './conditions.api.ts';
