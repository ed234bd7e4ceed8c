/** What event pages need without the event schemas (common/events.ts): nothing here imports zod. */

/** The calendar asks for one month of events at once. */
export const EVENT_CALENDAR_LIMIT = 50;
export const EVENT_TYPES = ['Competition', 'Meetup', 'Festival', 'Workshop'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
