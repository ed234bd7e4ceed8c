import { z } from 'zod';
import { galleryFields } from './photos.ts';
import { boundedNumber, contentItemFields, contentListQuerySchema, imageUrl, line, pageOf, paragraph, reactionSummarySchema } from './content.ts';
import { personSchema } from './teams.ts';
import { EVENT_PAGE_SIZE } from './paging.ts';
import { EVENT_TYPES } from './events-basics.ts';

/** Shared by the events API and the web app. Zod issues carry error codes (see error-codes.ts). */

/** The attendee avatars of a detail page. */
export const EVENT_ATTENDEES_LIMIT = 50;

export const RSVP_STATES = ['going', 'waitlist'] as const;
export type RsvpState = (typeof RSVP_STATES)[number];

/** An instant as ISO 8601 text with its offset ('2026-07-01T09:00:00.000Z'). */
const dateTime = z
  .string({ error: 'REQUIRED' })
  .min(1, { error: 'REQUIRED' })
  .pipe(z.iso.datetime({ offset: true, error: 'INVALID_DATE' }));

const fields = {
  name: line(120),
  description: paragraph(4000),
  location: line(160),
  startDate: dateTime,
  endDate: dateTime,
  type: z.enum(EVENT_TYPES, { error: 'REQUIRED' }),
  /** 0 means free. */
  price: boundedNumber(0, 100_000),
  /** null: no limit. */
  maxAttendees: boundedNumber(1, 100_000, true).nullable().optional(),
  imageUrl,
};

const endNotBeforeStart = (v: { startDate?: string; endDate?: string }) =>
  !v.startDate || !v.endDate || Date.parse(v.endDate) >= Date.parse(v.startDate);

export const eventInputSchema = z.object(fields).refine(endNotBeforeStart, { path: ['endDate'], error: 'END_BEFORE_START' });
export type EventInput = z.input<typeof eventInputSchema>;

// Without defaults: a field left out of an update keeps its stored value (the server checks the dates against the stored ones).
export const eventUpdateSchema = z.object(fields).partial().refine(endNotBeforeStart, { path: ['endDate'], error: 'END_BEFORE_START' });
export type EventUpdate = z.input<typeof eventUpdateSchema>;

export const eventListQuerySchema = contentListQuerySchema(EVENT_PAGE_SIZE).extend({
  type: z.enum(EVENT_TYPES).optional(),
  /** upcoming: not ended yet, soonest first; past: ended, latest first. Ignored when from/to are given. */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  /** The calendar's range: events overlapping [from, to), in start order. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

export const eventSchema = z.object({
  ...contentItemFields,
  name: z.string(),
  description: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  type: z.enum(EVENT_TYPES),
  price: z.number(),
  maxAttendees: z.number().nullable(),
  imageUrl: z.string().nullable(),
  ...galleryFields,
  /** People going. */
  attendees: z.number(),
  waitlisted: z.number(),
  myRsvp: z.enum(RSVP_STATES).nullable(),
  /** 1 for the first in the waiting list; null when the viewer is not waiting. */
  waitlistPosition: z.number().nullable(),
  reactions: reactionSummarySchema,
});
export type Event = z.infer<typeof eventSchema>;

export const eventListSchema = pageOf(eventSchema);
export type EventList = z.infer<typeof eventListSchema>;

/** The first people going (never their e-mail addresses), and how many go in all. */
export const eventAttendeesSchema = z.object({ items: z.array(personSchema), total: z.number() });
export type EventAttendees = z.infer<typeof eventAttendeesSchema>;
