/** What event pages need without the event schemas (common/events.ts): nothing here imports zod. */

/** The calendar asks for one month of events at once. */
export const EVENT_CALENDAR_LIMIT = 50;
export const EVENT_TYPES = ['Competition', 'Meetup', 'Festival', 'Workshop'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * An event lasts at most 31 days (issue 37): its length sets how much a calendar's writer and every
 * reader of its dates walk, so a thousand-year "event" must not get in. A festival or a season's
 * contest fits; a longer thing is a series (common/recurrence.ts).
 */
export const EVENT_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

/** The widest range the events' calendar asks for at once: its month, with room to spare. */
export const EVENT_RANGE_MAX_DAYS = 62;

/** Whether an event from `start` to `end` (ISO instants) lasts longer than EVENT_MAX_DAYS. */
export const eventTooLong = (start: string, end: string): boolean => Date.parse(end) - Date.parse(start) > EVENT_MAX_DAYS * DAY_MS;
