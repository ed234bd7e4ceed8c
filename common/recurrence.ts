/**
 * Recurring events (issue 21, item 5): a series repeats its first date weekly, every two weeks, monthly
 * on the same day of the month, or monthly on the same weekday of the month ("the second Saturday"),
 * a number of times. Dates are counted on the organiser's wall clock in their time zone, so that a
 * Tuesday 18:00 ride stays at 18:00 when the clocks change, as a calendar app expands the RRULE the
 * .ics gives it. Plain functions over Intl: no zod, no Node, no DOM.
 */

export const REPEAT_FREQUENCIES = ['weekly', 'biweekly', 'monthly-day', 'monthly-weekday'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** A series has 2 to 52 dates: a year of weekly rides at most, each an event of its own. */
export const SERIES_MIN_DATES = 2;
export const SERIES_MAX_DATES = 52;
/**
 * The longest a series spans, from its first start to its last date's end (issue 37): 52 dates
 * monthly on the 31st, which only seven months have, take 89 months; its last date lasts at most
 * 31 days (EVENT_MAX_DAYS). recurrence.test.ts checks every rule at its worst start against it, so
 * the work a series' calendar or list makes has a bound.
 */
export const SERIES_MAX_SPAN_DAYS = 2750;

/** Which dates an edit of a series' date changes: that one only, or that one and every later one not over yet. */
export const SERIES_SCOPES = ['one', 'following'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

export type SeriesRule = { frequency: RepeatFrequency; count: number; timeZone: string; start: Date };

/** A wall-clock reading: month 1–12, weekday 0 (Sunday) to 6. */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An IANA time zone this runtime knows ('Europe/Paris', 'UTC'); anything else is refused. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    formatterOf(value);
    return true;
  } catch {
    return false;
  }
}

export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Minutes the zone is ahead of UTC at `instant` (+60 for Paris in winter). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant the zone's clocks read this date and time. A time the clocks skip (the hour lost in
 * spring) lands an hour later; a time read twice (autumn) is its first reading.
 */
export function zonedTime(w: Omit<WallClock, 'weekday'>, timeZone: string): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const before = offsetMinutes(new Date(asUtc - 36 * 3_600_000), timeZone);
  const after = offsetMinutes(new Date(asUtc + 36 * 3_600_000), timeZone);
  // The earlier offset first: it gives the first of two readings, and moves a skipped time forward.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const instant = new Date(asUtc - offset * 60_000);
    if (offsetMinutes(instant, timeZone) === offset) return instant;
  }
  return new Date(asUtc - Math.min(before, after) * 60_000);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const weekdayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The calendar date `days` after (or before) this one. */
export function addDays(w: { year: number; month: number; day: number }, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Days from one calendar date to another. */
export function daysBetween(a: { year: number; month: number; day: number }, b: { year: number; month: number; day: number }): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/**
 * Which weekday of its month a date is: 1 to 4 for the first to the fourth, -1 for a fifth (the last
 * one; not every month has a fifth).
 */
export function weekOfMonth(day: number): 1 | 2 | 3 | 4 | -1 {
  const nth = Math.ceil(day / 7);
  return nth >= 5 ? -1 : (nth as 1 | 2 | 3 | 4);
}

/** The day of the month of its `nth` `weekday` (-1: the last). */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth === -1) {
    const last = daysInMonth(year, month);
    return last - ((weekdayOf(year, month, last) - weekday + 7) % 7);
  }
  return 1 + ((weekday - weekdayOf(year, month, 1) + 7) % 7) + (nth - 1) * 7;
}

/**
 * The start of every date of the series, the first being `rule.start`. A monthly series on the 31st
 * skips the months without one, as RFC 5545's BYMONTHDAY does, and still has `count` dates.
 */
export function seriesDates(rule: SeriesRule): Date[] {
  const w = wallClock(rule.start, rule.timeZone);
  const time = { hour: w.hour, minute: w.minute, second: w.second };
  const dates: Date[] = [];
  if (rule.frequency === 'weekly' || rule.frequency === 'biweekly') {
    const step = rule.frequency === 'weekly' ? 7 : 14;
    for (let i = 0; i < rule.count; i++) dates.push(zonedTime({ ...addDays(w, i * step), ...time }, rule.timeZone));
    return dates;
  }
  const nth = weekOfMonth(w.day);
  // Every month has days 1–28 and a last weekday: the guard only stops a day that never comes.
  for (let k = 0; dates.length < rule.count && k < rule.count * 12; k++) {
    const year = w.year + Math.floor((w.month - 1 + k) / 12);
    const month = ((w.month - 1 + k) % 12) + 1;
    const day = rule.frequency === 'monthly-day' ? w.day : nthWeekday(year, month, w.weekday, nth);
    if (day <= daysInMonth(year, month)) dates.push(zonedTime({ year, month, day, ...time }, rule.timeZone));
  }
  return dates;
}

/**
 * A series moved with one of its dates: the date `from` (a date of the rule) becomes `to`, and every
 * date of the series moves alike, by the same number of days, to the new time of day, on the zone's
 * wall clock. A weekly rule moves with them (its weekday is its first date's). A monthly one keeps its
 * days and takes only the new time: its day of the month, or its week of the month, would be read
 * anew from a moved first date and give other months' dates; its dates then differ from the rule's by
 * those days (a calendar app is told each one: RECURRENCE-ID).
 */
export function movedSeries(rule: SeriesRule, from: Date, to: Date): { rule: SeriesRule; dates: Date[] } {
  const a = wallClock(from, rule.timeZone);
  const b = wallClock(to, rule.timeZone);
  const days = daysBetween(a, b);
  const time = { hour: b.hour, minute: b.minute, second: b.second };
  const first = wallClock(rule.start, rule.timeZone);
  const weekly = rule.frequency === 'weekly' || rule.frequency === 'biweekly';
  const moved = { ...rule, start: zonedTime({ ...addDays(first, weekly ? days : 0), ...time }, rule.timeZone) };
  const dates = seriesDates(moved);
  if (weekly || days === 0) return { rule: moved, dates };
  return { rule: moved, dates: dates.map((date) => zonedTime({ ...addDays(wallClock(date, rule.timeZone), days), ...time }, rule.timeZone)) };
}
