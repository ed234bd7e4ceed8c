import { describe, expect, test } from 'vitest';
import { EVENT_MAX_DAYS } from './events-basics.ts';
import {
  isTimeZone,
  movedSeries,
  REPEAT_FREQUENCIES,
  SERIES_MAX_DATES,
  SERIES_MAX_SPAN_DAYS,
  seriesDates,
  wallClock,
  weekOfMonth,
  zonedTime,
} from './recurrence.ts';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('recurring dates', () => {
  test('weekly keeps its wall-clock time across a change of the clocks', () => {
    // Paris leaves summer time on Sunday 25 October 2026: 18:00 is 16:00 UTC before, 17:00 UTC after.
    const dates = seriesDates({ frequency: 'weekly', count: 3, timeZone: 'Europe/Paris', start: new Date('2026-10-20T16:00:00Z') });
    expect(iso(dates)).toEqual(['2026-10-20T16:00:00.000Z', '2026-10-27T17:00:00.000Z', '2026-11-03T17:00:00.000Z']);
  });

  test('every two weeks, in a zone west of UTC', () => {
    const dates = seriesDates({ frequency: 'biweekly', count: 3, timeZone: 'America/New_York', start: new Date('2026-10-24T22:30:00Z') });
    expect(iso(dates)).toEqual(['2026-10-24T22:30:00.000Z', '2026-11-07T23:30:00.000Z', '2026-11-21T23:30:00.000Z']);
  });

  test('monthly on the 31st skips the months without one and still has its count', () => {
    const dates = seriesDates({ frequency: 'monthly-day', count: 4, timeZone: 'UTC', start: new Date('2027-01-31T09:00:00Z') });
    expect(iso(dates)).toEqual(['2027-01-31T09:00:00.000Z', '2027-03-31T09:00:00.000Z', '2027-05-31T09:00:00.000Z', '2027-07-31T09:00:00.000Z']);
  });

  test('monthly on the second Saturday, and on the last one', () => {
    // 12 December 2026 is the second Saturday of its month.
    const second = seriesDates({ frequency: 'monthly-weekday', count: 3, timeZone: 'Asia/Tokyo', start: new Date('2026-12-12T01:00:00Z') });
    expect(iso(second)).toEqual(['2026-12-12T01:00:00.000Z', '2027-01-09T01:00:00.000Z', '2027-02-13T01:00:00.000Z']);
    // 29 January 2027 is a fifth Friday: the series takes the last Friday of every month.
    const last = seriesDates({ frequency: 'monthly-weekday', count: 3, timeZone: 'UTC', start: new Date('2027-01-29T18:00:00Z') });
    expect(iso(last)).toEqual(['2027-01-29T18:00:00.000Z', '2027-02-26T18:00:00.000Z', '2027-03-26T18:00:00.000Z']);
    expect([weekOfMonth(1), weekOfMonth(14), weekOfMonth(28), weekOfMonth(29)]).toEqual([1, 2, 4, -1]);
  });

  test('a wall-clock time the clocks skip lands an hour later; one read twice is its first reading', () => {
    const w = { year: 2027, month: 3, day: 28, minute: 30, second: 0 };
    expect(zonedTime({ ...w, hour: 2 }, 'Europe/Paris').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(zonedTime({ ...w, hour: 1 }, 'Europe/Paris').toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(zonedTime({ year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 }, 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallClock(new Date('2026-10-25T00:30:00Z'), 'Europe/Paris')).toMatchObject({ day: 25, hour: 2, minute: 30, weekday: 0 });
  });

  test('moving one date of a weekly series moves its rule by the same days, at the new time', () => {
    const rule = { frequency: 'weekly' as const, count: 3, timeZone: 'Europe/Paris', start: new Date('2026-10-20T16:00:00Z') };
    const [, second] = seriesDates(rule);
    // Tuesday 27 October 18:00 becomes Wednesday 28 October 19:30.
    const moved = movedSeries(rule, second!, new Date('2026-10-28T18:30:00Z'));
    expect(iso(moved.dates)).toEqual(['2026-10-21T17:30:00.000Z', '2026-10-28T18:30:00.000Z', '2026-11-04T18:30:00.000Z']);
    expect(iso(seriesDates(moved.rule))).toEqual(iso(moved.dates));
  });

  test('moving one date of a monthly series moves every date by the same days, in its own month', () => {
    // The 31st: January, March, May, July. March 31 becomes March 30, 10:00: so does every date.
    const rule = { frequency: 'monthly-day' as const, count: 4, timeZone: 'UTC', start: new Date('2027-01-31T09:00:00Z') };
    const [, march] = seriesDates(rule);
    const moved = movedSeries(rule, march!, new Date('2027-03-30T10:00:00Z'));
    expect(iso(moved.dates)).toEqual(['2027-01-30T10:00:00.000Z', '2027-03-30T10:00:00.000Z', '2027-05-30T10:00:00.000Z', '2027-07-30T10:00:00.000Z']);
    // The rule keeps its days at the new time; the dates differ from it by the day moved.
    expect(iso(seriesDates(moved.rule))).toEqual([
      '2027-01-31T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
      '2027-05-31T10:00:00.000Z',
      '2027-07-31T10:00:00.000Z',
    ]);
    // The second Saturday moved to the Sunday after it stays in its month.
    const saturdays = { frequency: 'monthly-weekday' as const, count: 3, timeZone: 'UTC', start: new Date('2026-12-12T09:00:00Z') };
    const [, january] = seriesDates(saturdays);
    expect(iso(movedSeries(saturdays, january!, new Date('2027-01-10T09:00:00Z')).dates)).toEqual([
      '2026-12-13T09:00:00.000Z',
      '2027-01-10T09:00:00.000Z',
      '2027-02-14T09:00:00.000Z',
    ]);
  });

  test('time zones: IANA names only', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Europe/Paris\r\nX-EVIL:1')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('a series spans a bounded time (issue 37)', () => {
  test('every rule at its largest count, from its worst start, with its last date at the longest, stays within SERIES_MAX_SPAN_DAYS', () => {
    // A correctness check over some 700 series, not a timing: a busy shared machine may take several seconds.
    let longest = 0;
    // Every day of a leap and a common year as the first date: the 31st, a fifth weekday, 29 February.
    for (let day = 0; day < 366 * 2; day++) {
      const start = new Date(Date.UTC(2027, 11, 1 + day, 9));
      for (const frequency of REPEAT_FREQUENCIES) {
        const dates = seriesDates({ frequency, count: SERIES_MAX_DATES, timeZone: 'Europe/Paris', start });
        expect(dates).toHaveLength(SERIES_MAX_DATES);
        longest = Math.max(longest, (dates.at(-1)!.getTime() - start.getTime()) / 86_400_000 + EVENT_MAX_DAYS);
      }
    }
    expect(longest).toBeLessThanOrEqual(SERIES_MAX_SPAN_DAYS);
    // The bound is tight: monthly on the 31st takes about seven and a half years.
    expect(longest).toBeGreaterThan(SERIES_MAX_SPAN_DAYS - 60);
  }, 30_000);
});
