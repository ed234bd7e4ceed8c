/** What event pages need without the event schemas (common/events.ts): nothing here imports zod. */
import { defineAction } from './actions.ts';

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

/** How a person stands with an event after an RSVP (the event's answer, common/events.ts). */
type RsvpAnswer = { myRsvp: 'going' | 'waitlist' | null; waitlistPosition: number | null };

/** Joining an event (the waitlist when it is full), and leaving it: one definition each (common/actions.ts). */
export const rsvpAction = defineAction<{ id: string }, RsvpAnswer>()({
  name: 'rsvp',
  method: 'PUT',
  path: '/api/events/:id/rsvp',
  // A full event puts the person on its waitlist: the message says which, and where they stand.
  done: (event) => {
    if (event.myRsvp !== 'waitlist') return { kind: 'success', title: 'events.toast.going' };
    return event.waitlistPosition
      ? { kind: 'success', title: 'events.toast.waitlisted', text: 'events.toast.position', params: { position: String(event.waitlistPosition) } }
      : { kind: 'success', title: 'events.toast.waitlisted' };
  },
});

export const cancelRsvpAction = defineAction<{ id: string; was?: 'going' | 'waitlist' | '' }, RsvpAnswer>()({
  name: 'cancel-rsvp',
  method: 'DELETE',
  path: '/api/events/:id/rsvp',
  // `was` (the button's state when the page was drawn) tells leaving the waitlist from leaving the event.
  done: (_event, fields) => ({ kind: 'success', title: fields.was === 'waitlist' ? 'events.toast.leftWaitlist' : 'events.toast.left' }),
});
