import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { EVENT_MAX_DAYS } from '../../common/events-basics.ts';
import type { Event, EventInput, EventList } from '../../common/events.ts';
import type { LightMyRequestResponse } from 'fastify';
import { contentTestKit } from '../test/content-kit.ts';
import { fingerprint } from '../test/db-fingerprint.ts';
import { DISCIPLINE } from './catalogue.ts';
import { loopDelayMonitor } from './loop-delay.ts';

/**
 * Issue 37, hole 1: an event of a series could last a thousand years, and its .ics then held the
 * server for 23 s (the VTIMEZONE writer walked the whole span). An event lasts at most 31 days, in
 * the shared schema and against the stored other date of an update; and the writer's work no longer
 * follows the span, for stored events that predate the bound.
 */
const kit = contentTestKit('event');
const db = () => kit.t.app.db;
const DAY = 86_400_000;
const loop = loopDelayMonitor();
afterAll(() => loop.stop());

const START = '2026-11-30T09:00:00.000Z';
const input = (over: Partial<EventInput> = {}): EventInput => ({
  name: `Long ride ${kit.token('l')}`,
  description: 'All day.',
  location: 'Paris',
  startDate: START,
  endDate: '2026-11-30T17:00:00.000Z',
  type: 'Meetup',
  price: 0,
  maxAttendees: null,
  ...over,
});
const add = (body: EventInput) => kit.call('POST', `/api/disciplines/${DISCIPLINE}/events`, kit.admin, body);
/** A 400 with `code`, as the shared schema or the server's own check gives it. */
const expectError = (res: LightMyRequestResponse, status: number, code: string) =>
  expect({ status: res.statusCode, code: (res.json() as { code?: string }).code }, res.body).toEqual({ status, code });
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe('an event lasts at most 31 days', () => {
  test('the attack: a weekly series of thousand-year dates → 400 EVENT_TOO_LONG, nothing stored', async () => {
    const rider = await kit.user();
    const before = await fingerprint(db());
    const res = await kit.call('POST', `/api/disciplines/${DISCIPLINE}/events`, rider, {
      ...input({ endDate: '3026-11-30T09:00:00.000Z' }),
      repeat: { frequency: 'weekly', count: 52, timeZone: 'Europe/Paris' },
    });
    expectError(res, 400, 'EVENT_TOO_LONG');
    expect(res.json().fields).toEqual({ endDate: 'EVENT_TOO_LONG' });
    expect(await fingerprint(db())).toEqual(before);
  });

  test('31 days exactly is accepted; a minute more is refused', async () => {
    expect(EVENT_MAX_DAYS).toBe(31);
    expect((await add(input({ endDate: plus(START, 31 * DAY) }))).statusCode).toBe(201);
    expectError(await add(input({ endDate: plus(START, 31 * DAY + 60_000) })), 400, 'EVENT_TOO_LONG');
  });

  test('an update sending both dates, or one date against the stored other, is refused alike', async () => {
    const event = (await add(input())).json() as Event;
    const before = await fingerprint(db());
    const patch = (body: Record<string, unknown>) => kit.call('PATCH', `/api/events/${event.id}`, kit.admin, body);
    expectError(await patch({ startDate: START, endDate: plus(START, 40 * DAY) }), 400, 'EVENT_TOO_LONG');
    expectError(await patch({ endDate: '3026-11-30T09:00:00.000Z' }), 400, 'EVENT_TOO_LONG');
    expectError(await patch({ startDate: plus(event.endDate, -32 * DAY) }), 400, 'EVENT_TOO_LONG');
    expect(await fingerprint(db())).toEqual(before);
    expect((await patch({ endDate: plus(START, 20 * DAY) })).statusCode).toBe(200);
  });

  test('a date of a series moved with its later dates cannot stretch them either', async () => {
    const first = (await add({ ...input(), repeat: { frequency: 'weekly', count: 3, timeZone: 'Europe/Paris' } })).json() as Event;
    const before = await fingerprint(db());
    const res = await kit.call('PATCH', `/api/events/${first.id}`, kit.admin, { endDate: '3026-11-30T09:00:00.000Z', applyTo: 'following' });
    expectError(res, 400, 'EVENT_TOO_LONG');
    expect(await fingerprint(db())).toEqual(before);
  });

  test("the events calendar's range is bounded: from/to wider than 62 days → 400 DATE_RANGE_TOO_LONG", async () => {
    const url = (from: string, to: string) => `/api/disciplines/${DISCIPLINE}/events?from=${from}&to=${to}`;
    expectError(await kit.call('GET', url('2026-01-01T00:00:00Z', '3026-01-01T00:00:00Z'), null), 400, 'DATE_RANGE_TOO_LONG');
    expectError(await kit.call('GET', url('2026-03-01T00:00:00Z', '2026-01-01T00:00:00Z'), null), 400, 'DATE_RANGE_TOO_LONG');
    const month = await kit.call('GET', url('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'), null);
    expect(month.statusCode).toBe(200);
    expect((month.json() as EventList).items.length).toBeGreaterThan(0);
  });
});

describe('a series stored before the bound: its calendars stay quick', () => {
  test('52 weekly dates of a thousand years each: series.ics and the discipline feed hold the loop under 100 ms', async () => {
    const first = (await add({ ...input(), repeat: { frequency: 'weekly', count: 52, timeZone: 'Europe/Paris' } })).json() as Event;
    // As the hole left them: every date ends a thousand years after it starts.
    await db()
      .updateTable('events')
      .set({ end_date: sql`start_date + interval '1000 years'` })
      .where('series_id', '=', first.series!.id)
      .execute();
    for (const url of [`/api/events/${first.id}/series.ics`, `/api/disciplines/${DISCIPLINE}/events/calendar.ics`]) {
      const { value: res, heldMs } = await loop.measure(() => kit.call('GET', url, null));
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('BEGIN:VTIMEZONE');
      expect(res.body).toContain(`series-${first.series!.id}@`);
      expect(heldMs, `${url} held the event loop`).toBeLessThan(100);
    }
  });
});

describe('the discipline feed counts every date of a series towards its 500 events', () => {
  test('ten weekly series of 52 dates: the feed gives the first ones whole, never more than 500 dates', async () => {
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const start = plus(START, (60 + i) * DAY);
      const res = await add({
        ...input({ startDate: start, endDate: plus(start, 2 * 3_600_000) }),
        repeat: { frequency: 'weekly', count: 52, timeZone: 'Europe/Paris' },
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push((res.json() as Event).series!.id);
    }
    const feed = await kit.call('GET', `/api/disciplines/${DISCIPLINE}/events/calendar.ics`, null);
    expect(feed.statusCode).toBe(200);
    const given = made.filter((id) => feed.body.includes(`UID:series-${id}@`));
    // The first ones whole, in date order, until the 500 are reached (this file's earlier events come first).
    expect(given.length).toBeGreaterThan(0);
    expect(given.length).toBeLessThan(10);
    expect(given).toEqual(made.slice(0, given.length));
    const counts = [...feed.body.matchAll(/COUNT=(\d+)/g)].map((m) => Number(m[1]));
    const singles = feed.body
      .split('BEGIN:VEVENT')
      .slice(1)
      .filter((v) => !/UID:series-/.test(v)).length;
    expect(counts.reduce((a, b) => a + b, 0) + singles).toBeLessThanOrEqual(500);
  });
});
