import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserCreateInput, AdminUserPage, AdminUserUpdate } from '../../../common/admin-users.ts';
import { ADMIN_USERS_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { adminKeys } from './admin.api.ts';

/** Under adminKeys.all, so that refreshing the admin panel (Overview included) refreshes these too. */
export const adminUserKeys = {
  all: [...adminKeys.all, 'users'] as const,
  list: (q: string) => [...adminKeys.all, 'users', 'list', q] as const,
  detail: (id: string) => [...adminKeys.all, 'users', 'detail', id] as const,
};

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export const adminUserQueries = {
  /** One request per page, searched on the server; 'Load More' asks for the next page while there is one. */
  list: (q: string) =>
    infiniteQueryOptions({
      queryKey: adminUserKeys.list(q),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ page: String(pageParam), limit: String(ADMIN_USERS_PAGE_SIZE) });
        if (q) params.set('q', q);
        return api<AdminUserPage>(`/api/admin/users?${params}`, { signal });
      },
      getNextPageParam: (last: AdminUserPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: false,
    }),
  detail: (id: string) => queryOptions({ queryKey: adminUserKeys.detail(id), queryFn: ({ signal }) => api<AdminUser>(userPath(id), { signal }), retry: false }),
};

export function useAdminUsers(q: string) {
  return useInfiniteQuery({ ...adminUserQueries.list(q), placeholderData: keepPreviousData });
}

export function useAdminUser(id: string | undefined) {
  return useQuery({ ...adminUserQueries.detail(id ?? ''), enabled: Boolean(id) });
}

export function useCreateAdminUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserCreateInput) => api<{ id: string }>('/api/admin/users', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUpdateAdminUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: AdminUserUpdate & { id: string }) => api<AdminUser>(userPath(id), { method: 'PATCH', body: input }),
    // A name shows on profiles, teams and content; a role may be the admin's own (the panel then closes).
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useDeleteAdminUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(userPath(id), { method: 'DELETE' }),
    // The account's memberships, follows, likes and authorship go with it, all over the site.
    onSuccess: () => client.invalidateQueries(),
  });
}
