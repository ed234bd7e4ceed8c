import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage, NotificationPreferences, NotificationPreferencesUpdate } from '../../../common/notifications.ts';
import { markAllNotificationsReadAction, markNotificationReadAction } from '../../../common/notifications-basics.ts';
import { api, sendAction } from '../../lib/api.ts';

/** Every key starts with 'notifications': the live client invalidates them all when one arrives. */
export const notificationKeys = {
  all: ['notifications'] as const,
  latest: ['notifications', 'latest'] as const,
  list: ['notifications', 'list'] as const,
  // Outside 'notifications': a new notification does not change the settings.
  preferences: ['notification-preferences'] as const,
};

export const BELL_SIZE = 10;

export const notificationQueries = {
  /** The header bell's: the unread count and the latest few. */
  latest: () =>
    queryOptions({ queryKey: notificationKeys.latest, queryFn: ({ signal }) => api<NotificationPage>(`/api/notifications?limit=${BELL_SIZE}`, { signal }) }),
  list: () =>
    infiniteQueryOptions({
      queryKey: notificationKeys.list,
      queryFn: ({ pageParam, signal }) => api<NotificationPage>(`/api/notifications${pageParam ? `?before=${pageParam}` : ''}`, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last: NotificationPage) => (last.hasMore ? last.items.at(-1)?.id : undefined),
    }),
  preferences: () =>
    queryOptions({
      queryKey: notificationKeys.preferences,
      queryFn: ({ signal }) => api<NotificationPreferences>('/api/notifications/preferences', { signal }),
    }),
};

export function useLatestNotifications(enabled: boolean) {
  return useQuery({ ...notificationQueries.latest(), enabled });
}

export function useNotificationList() {
  return useInfiniteQuery(notificationQueries.list());
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendAction(markNotificationReadAction, { id: String(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendAction(markAllNotificationsReadAction, {}),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationPreferences() {
  return useQuery(notificationQueries.preferences());
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: NotificationPreferencesUpdate) => api<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body: changes }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences, saved),
  });
}
