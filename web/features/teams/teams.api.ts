import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { hasNextPage, TEAM_PAGE_SIZE } from '../../../common/paging.ts';
import {
  acceptInvitationAction,
  cancelJoinRequestAction,
  declineInvitationAction,
  joinTeamAction,
  leaveTeamAction,
  MEMBER_SEARCH_MIN,
} from '../../../common/teams-basics.ts';
import type { JoinRequest, Person, TeamDetail, TeamInput, TeamInvitation, TeamList, TeamUpdate } from '../../../common/teams.ts';
import { api, apiUpload, sendAction } from '../../lib/api.ts';
import { disciplineKeys } from '../../lib/disciplines.ts';

/** Filters of the teams list; empty values are left out of the request and of the cache key. */
export type TeamFilters = {
  q?: string;
  disciplineId?: string;
  type?: string;
  privacy?: 'public' | 'private';
  location?: string;
};

export type TeamImageKind = 'logo' | 'banner';

export const teamKeys = {
  all: ['teams'] as const,
  lists: ['teams', 'list'] as const,
  list: (filters: TeamFilters) => ['teams', 'list', compact(filters)] as const,
  details: ['teams', 'detail'] as const,
  detail: (id: string) => ['teams', 'detail', id] as const,
  joinRequests: (id: string) => ['teams', 'join-requests', id] as const,
  invitations: (id: string) => ['teams', 'invitations', id] as const,
  memberSearch: (id: string, q: string) => ['teams', 'member-search', id, q] as const,
};

const teamPath = (id: string) => `/api/teams/${encodeURIComponent(id)}`;

function compact(filters: TeamFilters): TeamFilters {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (trimmed) out[key] = trimmed;
  }
  return out as TeamFilters;
}

/** The teams page's filters, as its address has them (the page and its route both read them here). */
export function teamFiltersFrom(search: URLSearchParams, disciplineId?: string): TeamFilters {
  const privacy = search.get('privacy');
  return {
    q: search.get('q') ?? '',
    location: search.get('location') ?? '',
    type: search.get('type') ?? '',
    privacy: privacy === 'public' || privacy === 'private' ? privacy : undefined,
    disciplineId,
  };
}

export const teamQueries = {
  /** One request per page; 'Load More' asks for the next page while there are more teams. */
  list: (filters: TeamFilters) => {
    const clean = compact(filters);
    return infiniteQueryOptions({
      queryKey: teamKeys.list(clean),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ ...clean, page: String(pageParam), limit: String(TEAM_PAGE_SIZE) } as Record<string, string>);
        return api<TeamList>(`/api/teams?${params}`, { signal });
      },
      getNextPageParam: (last: TeamList) => (hasNextPage(last) ? last.page + 1 : undefined),
      // A new search keeps the previous results on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    });
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: teamKeys.detail(id),
      queryFn: ({ signal }) => api<TeamDetail>(teamPath(id), { signal }),
      retry: false,
    }),
  /** Leader or admin only (Manage Team). */
  joinRequests: (id: string) =>
    queryOptions({ queryKey: teamKeys.joinRequests(id), queryFn: ({ signal }) => api<JoinRequest[]>(`${teamPath(id)}/join-requests`, { signal }) }),
  /** Leader or admin only (Manage Team). */
  invitations: (id: string) =>
    queryOptions({ queryKey: teamKeys.invitations(id), queryFn: ({ signal }) => api<TeamInvitation[]>(`${teamPath(id)}/invitations`, { signal }) }),
};

export function useTeamList(filters: TeamFilters) {
  return useInfiniteQuery(teamQueries.list(filters));
}

export function useTeam(id: string) {
  return useQuery(teamQueries.detail(id));
}

/** Lists, the team itself and the discipline hubs (their member counts include team members). */
function refreshAfterMembershipChange(client: QueryClient, id: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: teamKeys.detail(id) }),
    client.invalidateQueries({ queryKey: teamKeys.lists }),
    client.invalidateQueries({ queryKey: disciplineKeys.disciplines }),
  ]);
}

function storeDetail(client: QueryClient, team: TeamDetail) {
  client.setQueryData(teamKeys.detail(team.id), team);
  return client.invalidateQueries({ queryKey: teamKeys.lists });
}

export function useCreateTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamInput) => api<TeamDetail>('/api/teams', { method: 'POST', body: input }),
    onSuccess: (team) => storeDetail(client, team),
  });
}

export function useUpdateTeam(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamUpdate) => api<TeamDetail>(teamPath(id), { method: 'PATCH', body: input }),
    onSuccess: (team) => Promise.all([storeDetail(client, team), client.invalidateQueries({ queryKey: disciplineKeys.disciplines })]),
  });
}

export function useDeleteTeam(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(teamPath(id), { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: teamKeys.detail(id) });
      client.removeQueries({ queryKey: teamKeys.joinRequests(id) });
      return Promise.all([client.invalidateQueries({ queryKey: teamKeys.lists }), client.invalidateQueries({ queryKey: disciplineKeys.disciplines })]);
    },
  });
}

export function useJoinTeam(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendAction(joinTeamAction, { id }),
    // After a 409 (already a member, request pending) the page shows the real state too.
    onSettled: () => refreshAfterMembershipChange(client, id),
  });
}

export function useCancelJoinRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendAction(cancelJoinRequestAction, { id }),
    onSettled: () => refreshAfterMembershipChange(client, id),
  });
}

export function useLeaveTeam(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendAction(leaveTeamAction, { id }),
    onSettled: () => refreshAfterMembershipChange(client, id),
  });
}

export function useJoinRequests(id: string, enabled: boolean) {
  return useQuery({ ...teamQueries.joinRequests(id), enabled });
}

export function useDecideJoinRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: string; decision: 'accept' | 'decline' }) =>
      api<void>(`${teamPath(id)}/join-requests/${encodeURIComponent(requestId)}/${decision}`, { method: 'POST' }),
    onMutate: ({ requestId }) => {
      // The decided request leaves the pending list at once.
      client.setQueryData<JoinRequest[]>(teamKeys.joinRequests(id), (list) => list?.filter((r) => r.id !== requestId));
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: teamKeys.joinRequests(id) }), refreshAfterMembershipChange(client, id)]),
  });
}

/** Name search for people to add (Manage Team's member picker); nothing is asked below MEMBER_SEARCH_MIN characters. */
export const memberSearchQuery = (id: string, q: string) => {
  const query = q.trim();
  return queryOptions({
    queryKey: teamKeys.memberSearch(id, query),
    queryFn: ({ signal }) => api<Person[]>(`${teamPath(id)}/member-search?${new URLSearchParams({ q: query })}`, { signal }),
    enabled: query.length >= MEMBER_SEARCH_MIN,
    staleTime: 10_000,
    retry: false,
  });
};

/**
 * Member changes answer the updated team: it replaces the cached one; lists, hub counts and
 * searches (members are left out of them) refresh. A refusal refreshes the team instead.
 */
function useMemberChange<V>(id: string, request: (variables: V) => Promise<TeamDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (team) =>
      Promise.all([
        storeDetail(client, team),
        client.invalidateQueries({ queryKey: disciplineKeys.disciplines }),
        client.invalidateQueries({ queryKey: ['teams', 'member-search', id] }),
      ]),
    onError: () => client.invalidateQueries({ queryKey: teamKeys.detail(id) }),
  });
}

/** Adding a person invites them: the answer is the open invitations, and the search no longer offers them. */
export function useInviteMember(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<TeamInvitation[]>(`${teamPath(id)}/members`, { method: 'POST', body: { userId } }),
    onSuccess: (list) => client.setQueryData(teamKeys.invitations(id), list),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: teamKeys.invitations(id) }), client.invalidateQueries({ queryKey: ['teams', 'member-search', id] })]),
  });
}

export function useInvitations(id: string, enabled: boolean) {
  return useQuery({ ...teamQueries.invitations(id), enabled });
}

export function useCancelInvitation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`${teamPath(id)}/invitations/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onMutate: (userId) => client.setQueryData<TeamInvitation[]>(teamKeys.invitations(id), (list) => list?.filter((i) => i.user.id !== userId)),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: teamKeys.invitations(id) }), client.invalidateQueries({ queryKey: ['teams', 'member-search', id] })]),
  });
}

/** The invited person's answer, from the team page or the notification. */
export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, answer }: { teamId: string; answer: 'accept' | 'decline' }) =>
      sendAction(answer === 'accept' ? acceptInvitationAction : declineInvitationAction, { id: teamId }),
    onSettled: (_data, _error, { teamId }) => refreshAfterMembershipChange(client, teamId),
  });
}

export function useRemoveMember(id: string) {
  return useMemberChange(id, (userId: string) => api<TeamDetail>(`${teamPath(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }));
}

export function useTransferLeadership(id: string) {
  return useMemberChange(id, (userId: string) => api<TeamDetail>(`${teamPath(id)}/transfer`, { method: 'POST', body: { userId } }));
}

export function useUploadTeamImage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: TeamImageKind; file: File }) => apiUpload<TeamDetail>(`${teamPath(id)}/${kind}`, file),
    onSuccess: (team) => storeDetail(client, team),
  });
}

export function useRemoveTeamImage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: TeamImageKind) => api<TeamDetail>(`${teamPath(id)}/${kind}`, { method: 'DELETE' }),
    onSuccess: (team) => storeDetail(client, team),
  });
}
