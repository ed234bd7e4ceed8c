import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOverview } from '../../../common/admin.ts';
import type { Approval, ApprovalDecision } from '../../../common/approvals.ts';
import { api } from '../../lib/api.ts';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  approvals: ['admin', 'approvals'] as const,
};

export const adminQueries = {
  /** The panel's default tab. */
  overview: () => queryOptions({ queryKey: adminKeys.overview, queryFn: ({ signal }) => api<AdminOverview>('/api/admin/overview', { signal }), retry: false }),
  approvals: () => queryOptions({ queryKey: adminKeys.approvals, queryFn: ({ signal }) => api<Approval[]>('/api/admin/approvals', { signal }), retry: false }),
};

export function useAdminOverview() {
  return useQuery(adminQueries.overview());
}

export function usePendingApprovals() {
  return useQuery(adminQueries.approvals());
}

export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    // The version the admin saw: if the item changed since, the server decides nothing (409 APPROVAL_STALE).
    mutationFn: ({ id, decision, version }: { id: string } & ApprovalDecision) =>
      api<{ status: string }>(`/api/admin/approvals/${encodeURIComponent(id)}`, { method: 'POST', body: { decision, version } satisfies ApprovalDecision }),
    // A decision changes the queue, the Overview figures and what the sections show; also after a 409
    // (decided elsewhere, or changed since: the queue then shows the new version to review).
    onSettled: () => client.invalidateQueries(),
  });
}
