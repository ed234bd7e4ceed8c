import { describe, expect, test } from 'vitest';
import type { SessionStats } from '../../../common/session-stats.ts';
import { contentTestKit, type User } from '../../test/content-kit.ts';
import { sessionsTestKit } from './sessions-test-kit.ts';

// Issue 20, item 1: a rider's figures on their profile: streak of days, totals, per discipline, per
// spot, and sessions per week for the bar chart. Days and weeks are UTC ones.

const kit = contentTestKit('place');
const s = sessionsTestKit(kit);

const DAY = 86_400_000;
const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z').getTime();
/** Noon of `n` days ago (UTC), or for today a moment already past. */
const daysAgo = (n: number) => new Date(n === 0 ? Math.max(midnight, Date.now() - 60_000) : midnight - n * DAY + DAY / 2);
const thisMonday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY;
const firstMonday = thisMonday - 11 * 7 * DAY;

async function statsOf(author: User, who: User | null = null): Promise<SessionStats> {
  const res = await kit.call('GET', `/api/profiles/${author.id}/session-stats`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SessionStats;
}

describe('session stats', () => {
  test('streak, totals, disciplines, spots and weeks add up', async () => {
    const rider = await kit.user();
    const [p1, p2, park] = [await s.place(), await s.place(), await s.place({ discipline: 'skateboarding' })];
    const [cutback, aerial] = [await s.trick(), await s.trick()];
    const dates = [daysAgo(0), daysAgo(0), daysAgo(1), daysAgo(2), daysAgo(4), daysAgo(84)];
    await s.session(rider, p1.id, { startedAt: dates[0], minutes: 60, tricks: [cutback, aerial] });
    await s.session(rider, p1.id, { startedAt: dates[1], minutes: 30, tricks: [cutback] });
    await s.session(rider, p2.id, { startedAt: dates[2], minutes: 90, tricks: [aerial] });
    // Still going: no hours yet, a day of the streak all the same.
    await s.session(rider, p1.id, { startedAt: dates[3], minutes: null });
    await s.session(rider, park.id, { startedAt: dates[4], minutes: 45, discipline: 'skateboarding' });
    await s.session(rider, p1.id, { startedAt: dates[5], minutes: 15 });

    const stats = await statsOf(rider);
    // Today, yesterday and the day before; 3 days ago is the gap.
    expect(stats.streakDays).toBe(3);
    expect(stats.totals).toEqual({ sessions: 6, hours: 4, spots: 3, tricksLanded: 2 });
    expect(stats.byDiscipline).toEqual([
      { disciplineId: 'surfing', sessions: 5, hours: 3.3 },
      { disciplineId: 'skateboarding', sessions: 1, hours: 0.8 },
    ]);
    expect(stats.bySpot).toEqual([
      { place: { id: p1.id, name: p1.name, disciplineId: 'surfing' }, sessions: 4, hours: 1.8 },
      { place: { id: p2.id, name: p2.name, disciplineId: 'surfing' }, sessions: 1, hours: 1.5 },
      { place: { id: park.id, name: park.name, disciplineId: 'skateboarding' }, sessions: 1, hours: 0.8 },
    ]);

    // Twelve Monday-started weeks ending with this one; the session of 12 weeks ago falls before them.
    expect(stats.lastWeeks).toHaveLength(12);
    expect(stats.lastWeeks[0]!.week).toBe(new Date(firstMonday).toISOString().slice(0, 10));
    expect(stats.lastWeeks[11]!.week).toBe(new Date(thisMonday).toISOString().slice(0, 10));
    const expected = Array.from({ length: 12 }, () => 0);
    for (const date of dates) {
      const bucket = Math.floor((date.getTime() - firstMonday) / (7 * DAY));
      if (bucket >= 0) expected[bucket]! += 1;
    }
    expect(stats.lastWeeks.map((w) => w.sessions)).toEqual(expected);
    expect(expected.reduce((a, b) => a + b)).toBe(5);
  });

  test('a streak counts up to yesterday while today has no session yet, and is 0 after a day without', async () => {
    const [ongoing, lapsed, idle] = [await kit.user(), await kit.user(), await kit.user()];
    const spot = await s.place();
    for (const n of [1, 2, 3]) await s.session(ongoing, spot.id, { startedAt: daysAgo(n) });
    // Two sessions 5 days ago and one 6: a streak once, over now.
    for (const n of [2, 5, 5, 6]) await s.session(lapsed, spot.id, { startedAt: daysAgo(n) });
    expect((await statsOf(ongoing)).streakDays).toBe(3);
    expect((await statsOf(lapsed)).streakDays).toBe(0);

    const none = await statsOf(idle);
    expect(none).toMatchObject({ streakDays: 0, totals: { sessions: 0, hours: 0, spots: 0, tricksLanded: 0 }, byDiscipline: [], bySpot: [] });
    expect(none.lastWeeks.map((w) => w.sessions)).toEqual(Array.from({ length: 12 }, () => 0));
  });

  test('the spots are the five with most sessions', async () => {
    const rider = await kit.user();
    const spots = [];
    for (let i = 0; i < 6; i += 1) spots.push(await s.place());
    for (const [i, spot] of spots.entries()) for (let n = 0; n <= i; n += 1) await s.session(rider, spot.id, { minutes: 10 });
    const { bySpot, totals } = await statsOf(rider);
    expect(bySpot.map((b) => [b.place.id, b.sessions])).toEqual(
      spots
        .slice(1)
        .reverse()
        .map((spot, i) => [spot.id, 6 - i]),
    );
    expect(totals.spots).toBe(6);
  });

  test('a trick no longer published counts as landed no more, as the log no longer names it (issue 37, hole 6)', async () => {
    const rider = await kit.user();
    const spot = await s.place();
    const [shown, hidden] = [await s.trick(), await s.trick()];
    await s.session(rider, spot.id, { tricks: [shown, hidden] });
    expect((await statsOf(rider)).totals.tricksLanded).toBe(2);
    await kit.t.app.db.updateTable('tricks').set({ status: 'pending' }).where('id', '=', hidden).execute();
    const log = (await kit.call('GET', `/api/profiles/${rider.id}/sessions`, null)).json() as { items: { tricks: { id: string }[] }[] };
    expect(log.items[0]!.tricks.map((t) => t.id)).toEqual([shown]);
    expect((await statsOf(rider)).totals.tricksLanded).toBe(1);
  });

  test('a profile nobody may see answers 404', async () => {
    const res = await kit.call('GET', '/api/profiles/nobody-here/session-stats', null);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: 'USER_NOT_FOUND' });
  });
});
