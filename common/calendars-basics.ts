/**
 * The calendars' addresses (issue 21, item 5), for the links of the pages: no zod here, so that the
 * event page and the events list a visitor opens load no schemas (docs/decisions/0009-basics-modules.md).
 */
import { defineAction } from './actions.ts';

export const eventCalendarPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
/** Every date of the series an event is a date of, as one repeating calendar event. */
export const seriesCalendarPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/series.ics`;
export const disciplineCalendarPath = (disciplineId: string) => `/api/disciplines/${encodeURIComponent(disciplineId)}/events/calendar.ics`;

/** A calendar app subscribes with webcal:, which is http(s): under another name that calendar apps claim. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

/** A new feed's address (common/calendars.ts `calendarFeedSchema`). */
type CalendarFeedAnswer = { url: string; createdAt: string };

/**
 * Making (or replacing) the person's calendar feed, and revoking it, from the profile settings: one
 * definition each (common/actions.ts). The address is told once: in the message of the page the
 * person comes back to.
 */
export const createCalendarFeedAction = defineAction<Record<string, never>, CalendarFeedAnswer>()({
  name: 'create-calendar-feed',
  method: 'POST',
  path: '/api/me/calendar-feed',
  done: (feed) => ({ kind: 'success', title: 'calendars.feed.created', text: 'calendars.feed.createdText', params: { url: feed.url } }),
});

export const revokeCalendarFeedAction = defineAction<Record<string, never>, null>()({
  name: 'revoke-calendar-feed',
  method: 'DELETE',
  path: '/api/me/calendar-feed',
  done: { kind: 'success', title: 'calendars.feed.revoked' },
});
