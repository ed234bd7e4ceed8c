import { z } from 'zod';

/**
 * Calendars (issue 21, item 5): an .ics file of each event, a feed of a discipline's events and a
 * person's feed of their RSVPs at a secret address. Shared by the API and the web app.
 */

/** The API paths of the calendars, for the links of the pages. */
export const eventCalendarPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
export const disciplineCalendarPath = (disciplineId: string) => `/api/disciplines/${encodeURIComponent(disciplineId)}/events/calendar.ics`;

/** A calendar app subscribes with webcal:, which is https: under another name (RFC-less but universal). */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

/** Whether the person has a feed, and since when: its address is shown only once, when made. */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** A new feed's address (the only time it is told). */
export const calendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
