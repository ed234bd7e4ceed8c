import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedStatus } from '../../../common/calendars.ts';
import { createCalendarFeedAction, revokeCalendarFeedAction } from '../../../common/calendars-basics.ts';
import { api, sendAction } from '../../lib/api.ts';

export const calendarKeys = { feed: ['calendar-feed'] as const };

export const calendarQueries = {
  feed: () => queryOptions({ queryKey: calendarKeys.feed, queryFn: ({ signal }) => api<CalendarFeedStatus>('/api/me/calendar-feed', { signal }) }),
};

export function useCalendarFeed() {
  return useQuery(calendarQueries.feed());
}

/** Makes (or replaces) the person's feed: the answer is the only time its address is told. */
export function useCreateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendAction(createCalendarFeedAction, {}),
    onSuccess: (feed) => client.setQueryData<CalendarFeedStatus>(calendarKeys.feed, { active: true, createdAt: feed.createdAt }),
  });
}

export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendAction(revokeCalendarFeedAction, {}),
    onSuccess: () => client.setQueryData<CalendarFeedStatus>(calendarKeys.feed, { active: false, createdAt: null }),
  });
}
