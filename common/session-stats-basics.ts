/**
 * What the profile's Sessions part needs without the schemas of ./session-stats.ts: nothing here
 * imports zod, so a visitor's profile page does not load the forms' validation (decision 0009).
 */

export const PROFILE_SESSIONS_PAGE_SIZE = 10;
/** The bar chart's span: sessions per week over this many weeks, this one included. */
export const SESSION_STATS_WEEKS = 12;
/** The spots listed under the stats, most sessions first. */
export const SESSION_STATS_TOP_SPOTS = 5;
