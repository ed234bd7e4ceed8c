import { z } from 'zod';
import { withInput } from './actions.ts';
import { cancelRsvpAction, rsvpAction } from './events-basics.ts';
import { galleryFields } from './photos.ts';
import { boundedNumber, contentItemFields, contentListQuerySchema, imageUrl, line, pageOf, paragraph, reactionSummarySchema, UUID_PATTERN } from './content.ts';
import { ACCESS_STATUSES } from './place-access-basics.ts';
import { personSchema } from './teams.ts';
import { EVENT_PAGE_SIZE } from './paging.ts';
import { EVENT_MAX_DAYS, EVENT_RANGE_MAX_DAYS, EVENT_TYPES, eventTooLong } from './events-basics.ts';
import { isTimeZone, REPEAT_FREQUENCIES, SERIES_MAX_DATES, SERIES_MIN_DATES, SERIES_SCOPES } from './recurrence.ts';

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
  /**
   * The place it is held at: one its author can see and that everyone can see (EVENT_PLACE_NOT_PUBLIC),
   * of any discipline (a skate contest may use a bike park); null: none.
   */
  placeId: z.string().regex(UUID_PATTERN, { error: 'PLACE_NOT_FOUND' }).nullable().optional(),
};

type Dates = { startDate?: string; endDate?: string };
const endNotBeforeStart = (v: Dates) => !v.startDate || !v.endDate || Date.parse(v.endDate) >= Date.parse(v.startDate);
/** At most EVENT_MAX_DAYS long (an update that moves one date only is checked by the server against the stored other). */
const notTooLong = (v: Dates) => !v.startDate || !v.endDate || !eventTooLong(v.startDate, v.endDate);
const tooLong = { path: ['endDate'], error: 'EVENT_TOO_LONG' as const };
export { EVENT_MAX_DAYS };

/**
 * How a new event repeats (common/recurrence.ts): its dates are counted from its start on the wall
 * clock of `timeZone`, the organiser's (their browser's) zone.
 */
export const repeatSchema = z.object({
  frequency: z.enum(REPEAT_FREQUENCIES, { error: 'REQUIRED' }),
  count: boundedNumber(SERIES_MIN_DATES, SERIES_MAX_DATES, true),
  timeZone: z.string().refine(isTimeZone, { error: 'VALIDATION_ERROR' }),
});
export type RepeatInput = z.input<typeof repeatSchema>;

/** null or absent: a single date. */
const repeat = repeatSchema.nullable().optional();
/** Which dates of a series an edit changes; a single event ignores it. */
const applyTo = z.enum(SERIES_SCOPES).optional();

export const eventInputSchema = z
  .object({ ...fields, repeat })
  .refine(endNotBeforeStart, { path: ['endDate'], error: 'END_BEFORE_START' })
  .refine(notTooLong, tooLong);
export type EventInput = z.input<typeof eventInputSchema>;

// Without defaults: a field left out of an update keeps its stored value (the server checks the dates against the stored ones).
export const eventUpdateSchema = z
  .object(fields)
  .partial()
  .extend({ applyTo })
  .refine(endNotBeforeStart, { path: ['endDate'], error: 'END_BEFORE_START' })
  .refine(notTooLong, tooLong);
export type EventUpdate = z.input<typeof eventUpdateSchema>;

/** The web's one form for adding and editing: what it sends is the input's or the update's fields (its toBody). */
export const eventFormSchema = z
  .object({ ...fields, repeat, applyTo })
  .refine(endNotBeforeStart, { path: ['endDate'], error: 'END_BEFORE_START' })
  .refine(notTooLong, tooLong);

/** The series a date belongs to: its rule, and this date's place in it (1 for the first). */
export const eventSeriesSchema = z.object({
  id: z.string(),
  frequency: z.enum(REPEAT_FREQUENCIES),
  count: z.number(),
  position: z.number(),
  timeZone: z.string(),
  /** Edited on its own: edits of the series leave it as it is. */
  detached: z.boolean(),
});
export type EventSeries = z.infer<typeof eventSeriesSchema>;

export const eventListQuerySchema = contentListQuerySchema(EVENT_PAGE_SIZE)
  .extend({
    type: z.enum(EVENT_TYPES).optional(),
    /** upcoming: not ended yet, soonest first; past: ended, latest first. Ignored when from/to are given. */
    when: z.enum(['upcoming', 'past']).default('upcoming'),
    /** The calendar's range: events overlapping [from, to), in start order; at most EVENT_RANGE_MAX_DAYS wide. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => !v.from || !v.to || (Date.parse(v.to) >= Date.parse(v.from) && Date.parse(v.to) - Date.parse(v.from) <= EVENT_RANGE_MAX_DAYS * 86_400_000), {
    path: ['to'],
    error: 'DATE_RANGE_TOO_LONG',
  });
export type EventListQuery = z.input<typeof eventListQuerySchema>;

/** Why an event's answer warns its organiser (the event is saved all the same). */
export const EVENT_WARNINGS = ['EVENT_PLACE_CLOSED'] as const;
export type EventWarning = (typeof EVENT_WARNINGS)[number];

/** Days its place is closed during the event: a closure's (this occurrence's days), or the status closed (no days). */
export const eventPlaceClosureSchema = z.object({ startsOn: z.string().nullable(), endsOn: z.string().nullable(), reason: z.string() });
export type EventPlaceClosure = z.infer<typeof eventPlaceClosureSchema>;

export const eventPlaceSchema = z.object({ id: z.string(), name: z.string(), disciplineId: z.string(), accessStatus: z.enum(ACCESS_STATUSES) });
export type EventPlace = z.infer<typeof eventPlaceSchema>;

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
  /** The place it is held at, when the viewer may see it (the link stays hidden from whoever may not). */
  placeId: z.string().nullable(),
  place: eventPlaceSchema.nullable(),
  /**
   * Its organiser's and admins' warning on the event page: when its place is closed on its dates.
   * null for anyone else, and in lists.
   */
  placeClosures: z.array(eventPlaceClosureSchema).nullable(),
  /** null for a single event. */
  series: eventSeriesSchema.nullable(),
  /** Only in the answer of a creation or an edit (the edit's proposed place and dates, while it waits for approval). */
  warnings: z.array(z.enum(EVENT_WARNINGS)).optional(),
});
export type Event = z.infer<typeof eventSchema>;

export const eventListSchema = pageOf(eventSchema);
export type EventList = z.infer<typeof eventListSchema>;

/** The upcoming events a place's page lists. */
export const PLACE_EVENTS_LIMIT = 10;
export const placeEventsSchema = z.object({ items: z.array(eventSchema) });
export type PlaceEvents = z.infer<typeof placeEventsSchema>;

/** The first people going (never their e-mail addresses), and how many go in all. */
export const eventAttendeesSchema = z.object({ items: z.array(personSchema), total: z.number() });
export type EventAttendees = z.infer<typeof eventAttendeesSchema>;

/** The RSVP actions' fields (common/events-basics.ts). */
export const rsvpWithInput = withInput(rsvpAction, z.object({ id: z.string().max(100) }));
export const cancelRsvpWithInput = withInput(cancelRsvpAction, z.object({ id: z.string().max(100), was: z.enum(['going', 'waitlist', '']).optional() }));
