import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_CALENDAR_LIMIT } from '../../../common/events-basics.ts';
import type { Event, EventAttendees, EventInput, EventList, EventUpdate } from '../../../common/events.ts';
import { EVENT_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { useContentList } from '../../lib/content-list.ts';

export const eventKeys = {
  all: ['events'] as const,
  list: (disciplineId: string) => ['events', 'list', disciplineId] as const,
  calendar: (disciplineId: string, filters: Record<string, string>) => ['events', 'calendar', disciplineId, filters] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  attendees: (id: string) => ['events', 'attendees', id] as const,
};

const listUrl = (disciplineId: string) => `/api/disciplines/${encodeURIComponent(disciplineId)}/events`;

export type EventFilters = { q: string; type: string; when: 'upcoming' | 'past' };

/** One request per page of a discipline's upcoming or past events, searched and filtered on the server. */
export function useEventList(disciplineId: string, filters: EventFilters) {
  return useContentList<Event>(eventKeys.list(disciplineId), listUrl(disciplineId), filters, EVENT_PAGE_SIZE);
}

/** The events of one calendar month ([from, to)), past or upcoming, in one request. */
export function useEventCalendar(disciplineId: string, filters: { q: string; type: string; from: string; to: string }) {
  const filled = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
  return useQuery({
    queryKey: eventKeys.calendar(disciplineId, filled),
    queryFn: ({ signal }) =>
      api<EventList>(`${listUrl(disciplineId)}?${new URLSearchParams({ ...filled, page: '1', limit: String(EVENT_CALENDAR_LIMIT) })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => api<Event>(`/api/events/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

export function useEventAttendees(id: string, enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.attendees(id),
    queryFn: ({ signal }) => api<EventAttendees>(`/api/events/${encodeURIComponent(id)}/attendees`, { signal }),
    enabled,
  });
}

export function useCreateEvent(disciplineId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => api<Event>(listUrl(disciplineId), { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useUpdateEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: EventUpdate) => api<Event>(`/api/events/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/events/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/**
 * Joins (true) or leaves (false) the event; the answer is the event as the viewer now sees it. The
 * event page shows the new state at once (going, or the waitlist when full) and goes back if refused.
 */
export function useRsvp(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (join: boolean) => api<Event>(`/api/events/${encodeURIComponent(id)}/rsvp`, { method: join ? 'PUT' : 'DELETE' }),
    onMutate: async (join) => {
      await client.cancelQueries({ queryKey: eventKeys.detail(id) });
      const before = client.getQueryData<Event>(eventKeys.detail(id));
      if (before) {
        const full = before.maxAttendees !== null && before.attendees >= before.maxAttendees;
        const going = before.myRsvp === 'going';
        client.setQueryData<Event>(eventKeys.detail(id), {
          ...before,
          myRsvp: join ? (full ? 'waitlist' : 'going') : null,
          attendees: before.attendees + (join && !full ? 1 : !join && going ? -1 : 0),
        });
      }
      return { before };
    },
    onError: (_error, _join, context) => {
      if (context?.before) client.setQueryData(eventKeys.detail(id), context.before);
    },
    onSuccess: (event) => {
      client.setQueryData(eventKeys.detail(id), event);
      return client.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
