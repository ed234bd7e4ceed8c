import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { hasNextPage } from '../../../common/paging.ts';
// Types only: this module is on the first page's path (the follow button refreshes athletes), zod is not.
import { ATHLETE_LEVELS, type AthleteLevel } from '../../../common/profiles-basics.ts';
import type { AthleteList } from '../../../common/profiles.ts';
import { api } from '../../lib/api.ts';
import { choiceParam, textParam } from '../../lib/content-list.ts';

export type AthleteFilters = { q?: string; level?: AthleteLevel };

export const athleteKeys = {
  all: ['athletes'] as const,
  list: (disciplineId: string, filters: AthleteFilters) => ['athletes', disciplineId, filters.q ?? '', filters.level ?? ''] as const,
};

/** The athletes page's filters, as its address has them (the page and its route both read them here). */
export function athleteFiltersFrom(search: URLSearchParams): AthleteFilters {
  return { q: textParam(search, 'q'), level: choiceParam(search, 'level', ATHLETE_LEVELS) || undefined };
}

export const athleteQueries = {
  /** One request per page of a discipline's athletes; 'Load More' asks for the next one while there are more. */
  list: (disciplineId: string, filters: AthleteFilters) => {
    const q = filters.q?.trim() ?? '';
    const level = filters.level;
    return infiniteQueryOptions({
      queryKey: athleteKeys.list(disciplineId, { q, level }),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ page: String(pageParam) });
        if (q) params.set('q', q);
        if (level) params.set('level', level);
        return api<AthleteList>(`/api/disciplines/${encodeURIComponent(disciplineId)}/athletes?${params}`, { signal });
      },
      getNextPageParam: (last: AthleteList) => (hasNextPage(last) ? last.page + 1 : undefined),
      // A new search keeps the previous results on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    });
  },
};

export function useAthleteList(disciplineId: string, filters: AthleteFilters) {
  return useInfiniteQuery(athleteQueries.list(disciplineId, filters));
}
