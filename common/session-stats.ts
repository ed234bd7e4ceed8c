import { z } from 'zod';
import { pageOf } from './content.ts';
import { PROFILE_SESSIONS_PAGE_SIZE } from './session-stats-basics.ts';
import { sessionSchema } from './sessions.ts';

/**
 * A rider's sessions on their profile (issue 20, item 1): the log, newest first, and the figures
 * made of it. Both count only the sessions the viewer may see (a stranger's view of someone's stats
 * counts their public sessions only).
 */

export { PROFILE_SESSIONS_PAGE_SIZE, SESSION_STATS_TOP_SPOTS, SESSION_STATS_WEEKS } from './session-stats-basics.ts';

export const sessionPlaceSchema = z.object({ id: z.string(), name: z.string(), disciplineId: z.string() });

export const profileSessionPageSchema = pageOf(sessionSchema);
export type ProfileSessionPage = z.infer<typeof profileSessionPageSchema>;

export const profileSessionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(PROFILE_SESSIONS_PAGE_SIZE)
    .transform((n) => Math.min(n, 50)),
});

export const sessionStatsSchema = z.object({
  /**
   * Consecutive days (UTC calendar days) with at least one session, ending today, or yesterday when
   * there is none yet today (a streak is not lost before the day is over); 0 otherwise. Days rather
   * than weeks: riders count "days in a row on the water", and a week streak would hide a lapse.
   */
  streakDays: z.number(),
  totals: z.object({
    sessions: z.number(),
    /** Hours of the sessions with a duration, to one decimal (a session still going counts none yet). */
    hours: z.number(),
    /** Distinct places. */
    spots: z.number(),
    /** Distinct tricks landed. */
    tricksLanded: z.number(),
  }),
  byDiscipline: z.array(z.object({ disciplineId: z.string(), sessions: z.number(), hours: z.number() })),
  bySpot: z.array(z.object({ place: sessionPlaceSchema, sessions: z.number(), hours: z.number() })),
  /** SESSION_STATS_WEEKS weeks, oldest first; each starts on a Monday (UTC), `week` as YYYY-MM-DD. */
  lastWeeks: z.array(z.object({ week: z.string(), sessions: z.number() })),
});
export type SessionStats = z.infer<typeof sessionStatsSchema>;
