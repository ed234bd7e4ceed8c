import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeStats } from '../../../common/schemas.ts';
import { api } from '../../lib/api.ts';

export const homeKeys = { stats: ['home', 'stats'] as const };

export const homeQueries = {
  stats: () => queryOptions({ queryKey: homeKeys.stats, queryFn: () => api<HomeStats>('/api/stats'), staleTime: 60_000 }),
};

export function useHomeStats() {
  return useQuery(homeQueries.stats());
}
