import type { Place, PlaceInput, PlaceUpdate } from '../../../common/places.ts';
import { PLACE_PAGE_SIZE } from '../../../common/paging.ts';
import { searchFiltersFrom, type SearchFilters } from '../../lib/content-list.ts';
import { sectionApi } from '../../lib/section-api.ts';

/** A discipline's places are searched by text only. */
export const placeFiltersFrom = searchFiltersFrom;

export const {
  keys: placeKeys,
  queries: placeQueries,
  useList: usePlaceList,
  useItem: usePlace,
  useCreate: useCreatePlace,
  useUpdate: useUpdatePlace,
  useDelete: useDeletePlace,
} = sectionApi<Place, PlaceInput, PlaceUpdate, SearchFilters>('places', PLACE_PAGE_SIZE);
