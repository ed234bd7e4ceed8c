import { z } from 'zod';
import { withInput } from './actions.ts';
import { createCalendarFeedAction, revokeCalendarFeedAction } from './calendars-basics.ts';

/**
 * Calendars (issue 21, item 5): an .ics file of each event, a feed of a discipline's events and a
 * person's feed of their RSVPs at a secret address. Shared by the API and the web app; the links the
 * pages draw are in ./calendars-basics.ts (no zod in a visitor's first load).
 */

/** Whether the person has a feed, and since when: its address is shown only once, when made. */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** A new feed's address (the only time it is told). */
export const calendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The feed actions (common/calendars-basics.ts) have no fields: the feed is the signed-in person's. */
export const createCalendarFeedWithInput = withInput(createCalendarFeedAction, z.object({}));
export const revokeCalendarFeedWithInput = withInput(revokeCalendarFeedAction, z.object({}));
