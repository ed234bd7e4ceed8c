import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDeletePath, type AdminContentKind, type AdminContentList } from '../../../common/admin-content.ts';
import { ADMIN_CONTENT_PAGE_SIZE } from '../../../common/paging.ts';
import type { AdminUserPage } from '../../../common/admin-users.ts';
import type { AdminTeam, AdminTeamInput } from '../../../common/teams.ts';
import { api, apiUpload } from '../../lib/api.ts';
import type { TeamImageKind } from '../teams/index.ts';
import { adminKeys } from './admin.api.ts';

export const adminContentKeys = {
  lists: ['admin', 'content'] as const,
  list: (kind: AdminContentKind, q: string) => ['admin', 'content', kind, q] as const,
  team: (id: string) => ['admin', 'team', id] as const,
  userSearch: (q: string) => ['admin', 'user-search', q] as const,
};

export const adminContentQueries = {
  /** One request per page of a Content sub-tab; 'Load More' asks for the next one while `hasMore`. */
  list: (kind: AdminContentKind, q: string) => {
    const query = q.trim();
    return infiniteQueryOptions({
      queryKey: adminContentKeys.list(kind, query),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ page: String(pageParam), limit: String(ADMIN_CONTENT_PAGE_SIZE) });
        if (query) params.set('q', query);
        return api<AdminContentList>(`/api/admin/content/${kind}?${params}`, { signal });
      },
      getNextPageParam: (last: AdminContentList) => (last.hasMore ? last.page + 1 : undefined),
      retry: false,
    });
  },
  team: (id: string) =>
    queryOptions({
      queryKey: adminContentKeys.team(id),
      queryFn: ({ signal }) => api<AdminTeam>(`/api/admin/teams/${encodeURIComponent(id)}`, { signal }),
      retry: false,
      // The form starts from what is stored now.
      staleTime: 0,
      gcTime: 0,
    }),
};

export function useAdminContentList(kind: AdminContentKind, q: string) {
  return useInfiniteQuery({ ...adminContentQueries.list(kind, q), placeholderData: keepPreviousData });
}

/** Deletes through the section's own endpoint; every list, count and page may show the item. */
export function useDeleteAdminContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: AdminContentKind; id: string }) => api<void>(adminDeletePath(kind, id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useAdminTeam(id: string | undefined) {
  return useQuery({ ...adminContentQueries.team(id ?? ''), enabled: !!id });
}

export function useSaveAdminTeam(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminTeamInput) =>
      id
        ? api<AdminTeam>(`/api/admin/teams/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : api<AdminTeam>('/api/admin/teams', { method: 'POST', body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['teams'] }), client.invalidateQueries({ queryKey: adminKeys.all })]),
  });
}

/** Uploads the logo or banner of a saved team through the team's own endpoint (admins may use it). */
export function useAdminTeamImage() {
  return useMutation({
    mutationFn: ({ teamId, kind, file }: { teamId: string; kind: TeamImageKind; file: File }) =>
      apiUpload<unknown>(`/api/teams/${encodeURIComponent(teamId)}/${kind}`, file),
  });
}

export function useRemoveAdminTeamImage() {
  return useMutation({
    mutationFn: ({ teamId, kind }: { teamId: string; kind: TeamImageKind }) =>
      api<unknown>(`/api/teams/${encodeURIComponent(teamId)}/${kind}`, { method: 'DELETE' }),
  });
}

export const USER_SEARCH_LIMIT = 8;

/** People to pick as leader or members, found by name or email. */
export const adminUserSearchQuery = (q: string) => {
  const query = q.trim();
  return queryOptions({
    queryKey: adminContentKeys.userSearch(query),
    queryFn: ({ signal }) => api<AdminUserPage>(`/api/admin/users?${new URLSearchParams({ q: query, limit: String(USER_SEARCH_LIMIT) })}`, { signal }),
    staleTime: 10_000,
    retry: false,
  });
};

/** The same search as the team form's member picker lists it: the people of the page. */
export const adminPeopleQuery = (q: string) => queryOptions({ ...adminUserSearchQuery(q), select: peopleOf });
// One function for every render: a new `select` would make the query run it again each time.
const peopleOf = (page: AdminUserPage) => page.items;
