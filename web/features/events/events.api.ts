import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelRsvpAction, EVENT_CALENDAR_LIMIT, EVENT_TYPES, rsvpAction, type EventType } from '../../../common/events-basics.ts';
import { actionRequest } from '../../../common/actions.ts';
import type { Event, EventAttendees, EventInput, EventList, EventUpdate, PlaceEvents } from '../../../common/events.ts';
import type { PlaceList } from '../../../common/places.ts';
import { EVENT_PAGE_SIZE } from '../../../common/paging.ts';
import { api } from '../../lib/api.ts';
import { sendOrQueue } from '../../lib/outbox.ts';
import { isQueued } from '../../lib/queued.ts';
import { useMe } from '../../lib/session.ts';
import { choiceParam, textParam, useContentList } from '../../lib/content-list.ts';
import { sectionApi } from '../../lib/section-api.ts';

export type EventFilters = { q: string; type: EventType | '' };
export type EventView = { view: 'grid' | 'calendar'; when: 'upcoming' | 'past'; month: string | null };

/**
 * The events page's filters and view, as its address has them (the page and its route both read
 * them here): the search, the type, list or calendar, upcoming or past events, the calendar month.
 */
export function eventFiltersFrom(search: URLSearchParams): EventFilters & EventView {
  return {
    q: textParam(search, 'q'),
    type: choiceParam(search, 'type', EVENT_TYPES),
    view: search.get('view') === 'calendar' ? 'calendar' : 'grid',
    when: search.get('when') === 'past' ? 'past' : 'upcoming',
    month: search.get('month'),
  };
}

/** 'YYYY-MM' of a local date. */
export const monthKey = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

/** The first instant of the calendar's month (`month` 'YYYY-MM', else this month) and of the next, in local time. */
export function calendarMonth(month: string | null): { first: Date; next: Date } {
  const match = month?.match(/^(\d{4})-(\d{2})$/);
  const now = new Date();
  let first = new Date(now.getFullYear(), now.getMonth(), 1);
  if (match) {
    const number = Number(match[2]);
    if (number >= 1 && number <= 12) first = new Date(Number(match[1]), number - 1, 1);
  }
  return { first, next: new Date(first.getFullYear(), first.getMonth() + 1, 1) };
}

const events = sectionApi<Event, EventInput, EventUpdate, EventFilters & { when: EventView['when'] }>('events', EVENT_PAGE_SIZE);
const { listUrl } = events;

export const eventKeys = {
  ...events.keys,
  calendar: (disciplineId: string, filters: Record<string, string>) => ['events', 'calendar', disciplineId, filters] as const,
  attendees: (id: string) => ['events', 'attendees', id] as const,
  /** Under the events' key: saving an event refreshes its place's list. */
  atPlace: (placeId: string) => ['events', 'place', placeId] as const,
};

/** The spots an event may be held at: a search of the discipline's places, public ones only (the server refuses others). */
const PLACE_CHOICES = 50;

export const eventQueries = {
  /** One request per page of a discipline's upcoming or past events, searched and filtered on the server. */
  list: (disciplineId: string, filters: EventFilters & { when: EventView['when'] }) =>
    events.queries.list(disciplineId, { q: filters.q, type: filters.type, when: filters.when }),
  /** The events of one calendar month ([from, to)), past or upcoming, in one request. */
  calendar: (disciplineId: string, filters: { q: string; type: string; from: string; to: string }) => {
    const filled = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
    return queryOptions({
      queryKey: eventKeys.calendar(disciplineId, filled),
      queryFn: ({ signal }) =>
        api<EventList>(`${listUrl(disciplineId)}?${new URLSearchParams({ ...filled, page: '1', limit: String(EVENT_CALENDAR_LIMIT) })}`, { signal }),
      placeholderData: keepPreviousData,
    });
  },
  detail: events.queries.detail,
  attendees: (id: string) =>
    queryOptions({
      queryKey: eventKeys.attendees(id),
      queryFn: ({ signal }) => api<EventAttendees>(`/api/events/${encodeURIComponent(id)}/attendees`, { signal }),
    }),
  /** The upcoming approved events at a place, for its page (declared by its route). */
  atPlace: (placeId: string) =>
    queryOptions({
      queryKey: eventKeys.atPlace(placeId),
      queryFn: ({ signal }) => api<PlaceEvents>(`/api/places/${encodeURIComponent(placeId)}/events`, { signal }),
      retry: false,
    }),
  placeChoices: (disciplineId: string, q: string) =>
    queryOptions({
      queryKey: ['places', 'choices', disciplineId, q] as const,
      queryFn: async ({ signal }) => {
        const query = new URLSearchParams({ limit: String(PLACE_CHOICES), ...(q.trim() ? { q: q.trim() } : {}) });
        const list = await api<PlaceList>(`/api/disciplines/${encodeURIComponent(disciplineId)}/places?${query}`, { signal });
        return list.items.filter((p) => p.visibility === 'public').map((p) => ({ id: p.id, name: p.name }));
      },
      placeholderData: keepPreviousData,
    }),
};

/** `enabled` false: the calendar shows instead, and the list is not asked for. */
export function useEventList(disciplineId: string, filters: EventFilters & { when: EventView['when'] }, enabled = true) {
  return useContentList({ ...eventQueries.list(disciplineId, filters), enabled });
}

export function useEventCalendar(disciplineId: string, filters: { q: string; type: string; from: string; to: string }) {
  return useQuery(eventQueries.calendar(disciplineId, filters));
}

export const { useItem: useEvent, useCreate: useCreateEvent, useUpdate: useUpdateEvent, useDelete: useDeleteEvent } = events;

/** Deletes a date of a series and its later dates. */
export const useDeleteFollowing = () => events.useDelete((id) => `/api/events/${encodeURIComponent(id)}/following`);

export function useEventAttendees(id: string, enabled: boolean) {
  return useQuery({ ...eventQueries.attendees(id), enabled });
}

/**
 * Joins (true) or leaves (false) the event; the answer is the event as the viewer now sees it. The
 * event page shows the new state at once (going, or the waitlist when full) and goes back if refused.
 */
export function useRsvp(id: string, label: string) {
  const client = useQueryClient();
  const { user } = useMe();
  return useMutation({
    // Without a connection the answer waits on the device (web/lib/outbox.ts), shown as given meanwhile.
    networkMode: 'always',
    mutationFn: (join: boolean) =>
      sendOrQueue<Event>({
        userId: user?.id ?? '',
        ...(join ? actionRequest(rsvpAction, { id }) : actionRequest(cancelRsvpAction, { id })),
        label,
        invalidate: [eventKeys.all],
      }),
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
    onError: (error, _join, context) => {
      if (context?.before && !isQueued(error)) client.setQueryData(eventKeys.detail(id), context.before);
    },
    onSuccess: (event) => {
      client.setQueryData(eventKeys.detail(id), event);
      return client.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
