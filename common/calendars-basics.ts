/**
 * The calendars' addresses (issue 21, item 5), for the links of the pages: no zod here, so that the
 * event page and the events list a visitor opens load no schemas (docs/decisions/0009-basics-modules.md).
 */

export const eventCalendarPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
/** Every date of the series an event is a date of, as one repeating calendar event. */
export const seriesCalendarPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/series.ics`;
export const disciplineCalendarPath = (disciplineId: string) => `/api/disciplines/${encodeURIComponent(disciplineId)}/events/calendar.ics`;

/** A calendar app subscribes with webcal:, which is http(s): under another name that calendar apps claim. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
