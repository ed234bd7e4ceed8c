import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteConditionReportAction, likeConditionReportAction, unlikeConditionReportAction } from '../../../common/conditions-basics.ts';
import type { ConditionReportInput, PlaceConditions } from '../../../common/conditions.ts';
import { api, sendAction } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/outbox.ts';
import { useMe } from '../../lib/session.ts';

export const conditionKeys = {
  place: (placeId: string) => ['conditions', 'place', placeId] as const,
};

const placeUrl = (placeId: string) => `/api/places/${encodeURIComponent(placeId)}/conditions`;

export const conditionQueries = {
  /** A place's current condition reports, newest first, and the kind of report it takes. */
  place: (placeId: string) =>
    queryOptions({ queryKey: conditionKeys.place(placeId), queryFn: ({ signal }) => api<PlaceConditions>(placeUrl(placeId), { signal }) }),
};

export function usePlaceConditions(placeId: string) {
  return useQuery(conditionQueries.place(placeId));
}

/** A new or deleted report changes the place's summary on its cards and markers too: every query refetches. */
export function useReportConditions(placeId: string, label: string) {
  const client = useQueryClient();
  const { user } = useMe();
  return useMutation({
    // Without a connection the report waits on the device (web/lib/outbox.ts) and is sent later.
    // Run even offline (TanStack Query would pause it until the connection returns, in this tab only).
    networkMode: 'always',
    mutationFn: (input: ConditionReportInput) =>
      sendOrQueue<PlaceConditions>({
        userId: user?.id ?? '',
        method: 'POST',
        path: placeUrl(placeId),
        body: input,
        label,
        invalidate: [conditionKeys.place(placeId)],
      }),
    onSuccess: (answer) => {
      client.setQueryData(conditionKeys.place(placeId), answer);
      void client.invalidateQueries();
    },
  });
}

export function useDeleteConditionReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => sendAction(deleteConditionReportAction, { id: reportId }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useLikeConditionReport(reportId: string) {
  return useMutation({
    mutationFn: (liked: boolean) => sendAction(liked ? likeConditionReportAction : unlikeConditionReportAction, { id: reportId }),
  });
}
