import type { Place, PlaceInput, PlaceUpdate } from '../../../common/places.ts';
import { PLACE_PAGE_SIZE } from '../../../common/paging.ts';
import { ACCESS_STATUSES, type AccessStatus } from '../../../common/place-access-basics.ts';
import { choiceParam, textParam, type SearchFilters } from '../../lib/content-list.ts';
import { sectionApi } from '../../lib/section-api.ts';

export type PlaceFilters = SearchFilters & { access: AccessStatus | '' };

/** A discipline's places are searched by text and filtered by their access today, as the address has them. */
export const placeFiltersFrom = (search: URLSearchParams): PlaceFilters => ({ q: textParam(search, 'q'), access: choiceParam(search, 'access', ACCESS_STATUSES) });

export const {
  keys: placeKeys,
  queries: placeQueries,
  useList: usePlaceList,
  useItem: usePlace,
  useCreate: useCreatePlace,
  useUpdate: useUpdatePlace,
  useDelete: useDeletePlace,
} = sectionApi<Place, PlaceInput, PlaceUpdate, PlaceFilters>('places', PLACE_PAGE_SIZE);
