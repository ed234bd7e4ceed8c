import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_SESSIONS_PAGE_SIZE } from '../../../common/session-stats-basics.ts';
import type { ProfileSessionPage, SessionStats } from '../../../common/session-stats.ts';
import { api } from '../../lib/api.ts';

// Under the profile's key: what refreshes a profile refreshes its sessions too.
export const sessionStatsKeys = {
  stats: (userId: string) => ['profiles', userId, 'session-stats'] as const,
  log: (userId: string, page: number) => ['profiles', userId, 'sessions', page] as const,
};

/** The address's `?sessions=N`: the log's page (links page it without scripts). */
export function sessionLogPageFrom(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('sessions') ?? '', 10);
  return Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) : 1;
}

export const sessionStatsQueries = {
  stats: (userId: string) =>
    queryOptions({
      queryKey: sessionStatsKeys.stats(userId),
      queryFn: ({ signal }) => api<SessionStats>(`/api/profiles/${encodeURIComponent(userId)}/session-stats`, { signal }),
      retry: false,
    }),
  log: (userId: string, page: number) =>
    queryOptions({
      queryKey: sessionStatsKeys.log(userId, page),
      queryFn: ({ signal }) =>
        api<ProfileSessionPage>(`/api/profiles/${encodeURIComponent(userId)}/sessions?page=${page}&limit=${PROFILE_SESSIONS_PAGE_SIZE}`, { signal }),
      retry: false,
    }),
};

export const useSessionStats = (userId: string) => useQuery(sessionStatsQueries.stats(userId));
export const useSessionLog = (userId: string, page: number) => useQuery({ ...sessionStatsQueries.log(userId, page), placeholderData: keepPreviousData });
