import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { discardDeadJobAction, retryDeadJobAction } from '../../../common/admin-jobs-basics.ts';
import type { AdminJobs } from '../../../common/admin-jobs.ts';
import { api, sendAction } from '../../lib/api.ts';

export const adminJobsKeys = { all: ['admin', 'jobs'] as const };

export const adminJobsQueries = {
  /** The Jobs tab: counts per queue, the last failures, the dead jobs. */
  overview: () => queryOptions({ queryKey: adminJobsKeys.all, queryFn: ({ signal }) => api<AdminJobs>('/api/admin/jobs', { signal }), retry: false }),
};

export const useAdminJobs = () => useQuery(adminJobsQueries.overview());

/** Retries or discards a dead job; the tab reads the queue again either way (another admin may have acted first). */
export function useDeadJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retry }: { id: string; retry: boolean }) => sendAction(retry ? retryDeadJobAction : discardDeadJobAction, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: adminJobsKeys.all }),
  });
}
