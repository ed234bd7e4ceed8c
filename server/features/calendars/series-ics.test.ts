import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import type { Event, EventInput, EventList, RepeatInput } from '../../../common/events.ts';
import { contentTestKit, expectError, type User } from '../../test/content-kit.ts';

// Issue 21, item 5: a recurring series in an .ics is one VEVENT with its RRULE on the organiser's wall
// clock, EXDATEs and RECURRENCE-ID overrides. Each calendar is expanded by ical.js, as a calendar app
// would, and must give exactly the dates the site shows.

const kit = contentTestKit('event');
const { call, token, user } = kit;
const DISCIPLINE = 'surfing';

async function addSeries(author: User, tag: string, startDate: string, endDate: string, repeat: RepeatInput): Promise<Event> {
  const input: EventInput = {
    name: `Session ${tag}`,
    description: 'Bring water.',
    location: 'The reef',
    startDate,
    endDate,
    type: 'Meetup',
    price: 0,
    maxAttendees: null,
    repeat,
  };
  const res = await call('POST', `/api/disciplines/${DISCIPLINE}/events`, author, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Event;
}

async function shown(tag: string): Promise<{ start: string; end: string; name: string; location: string }[]> {
  const list = (await call('GET', `/api/disciplines/${DISCIPLINE}/events?q=${tag}&limit=50`, null)).json() as EventList;
  return list.items.map((e) => ({ start: e.startDate, end: e.endDate, name: e.name, location: e.location }));
}

/** Every date a calendar app makes of the series `uid` in the calendar `body`. */
function expand(body: string, uid: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const parts = calendar.getAllSubcomponents('vevent').filter((v) => v.getFirstPropertyValue('uid') === uid);
  const masters = parts.filter((v) => !v.hasProperty('recurrence-id'));
  expect(masters).toHaveLength(1);
  const master = new ICAL.Event(masters[0]!, { exceptions: parts.filter((v) => v.hasProperty('recurrence-id')) });
  expect(master.isRecurring()).toBe(true);
  const dates = [];
  const it = master.iterator();
  for (let next = it.next(); next; next = it.next()) {
    const details = master.getOccurrenceDetails(next);
    dates.push({
      start: details.startDate.toJSDate().toISOString(),
      end: details.endDate.toJSDate().toISOString(),
      name: details.item.summary,
      location: details.item.location,
    });
  }
  return { dates, master: masters[0]!, overrides: parts.length - 1 };
}

const seriesUid = (event: Event) => `series-${event.series!.id}@${new URL(kit.t.config.publicUrl).host}`;

describe('a recurring series in an .ics', () => {
  test('weekly across a change of the clocks, with a date deleted and one moved alone: RRULE, VTIMEZONE, EXDATE, RECURRENCE-ID', async () => {
    const tag = token('weekly');
    // Tuesday 16 March 2027, 18:00–20:00 in Paris; its clocks go forward on the 28th.
    const first = await addSeries(kit.admin, tag, '2027-03-16T17:00:00.000Z', '2027-03-16T19:00:00.000Z', {
      frequency: 'weekly',
      count: 5,
      timeZone: 'Europe/Paris',
    });
    const list = (await call('GET', `/api/disciplines/${DISCIPLINE}/events?q=${tag}`, null)).json() as EventList;
    const [, second, third, , fifth] = list.items;
    // Made an hour ago: deleting a date is an edit of the series, which its SEQUENCE tells.
    await kit.t.app.db
      .updateTable('event_series')
      .set({ created_at: new Date(Date.now() - 3_600_000), updated_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', first.series!.id)
      .execute();
    expect((await call('DELETE', `/api/events/${second!.id}`, kit.admin)).statusCode).toBe(204);
    // Its own name only: still a date that differs from the rule's.
    expect((await call('PATCH', `/api/events/${fifth!.id}`, kit.admin, { name: `Session ${tag} (final)`, applyTo: 'one' })).statusCode).toBe(200);
    const moved = await call('PATCH', `/api/events/${third!.id}`, kit.admin, {
      startDate: '2027-03-31T16:30:00.000Z',
      endDate: '2027-03-31T18:00:00.000Z',
      location: 'The point',
      applyTo: 'one',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const res = await call('GET', `/api/events/${first.id}/series.ics`, null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { dates, master, overrides } = expand(res.body, seriesUid(first));
    expect(master.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=WEEKLY;COUNT=5;BYDAY=TU');
    expect(master.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Paris');
    expect(res.body).toContain('EXDATE;TZID=Europe/Paris:20270323T180000\r\n');
    expect(Number(master.getFirstPropertyValue('sequence'))).toBeGreaterThanOrEqual(3600);
    expect(overrides).toBe(2);
    expect(dates).toEqual(await shown(tag));
    expect(dates.map((d) => d.start)).toEqual(['2027-03-16T17:00:00.000Z', '2027-03-31T16:30:00.000Z', '2027-04-06T16:00:00.000Z', '2027-04-13T16:00:00.000Z']);
  });

  test('monthly on a weekday and on a day of the month, and a series moved from a date on', async () => {
    const tag = token('monthly');
    // Saturday 13 February 2027 (the second Saturday), 08:00 in New York.
    const saturdays = await addSeries(kit.admin, tag, '2027-02-13T13:00:00.000Z', '2027-02-13T15:00:00.000Z', {
      frequency: 'monthly-weekday',
      count: 4,
      timeZone: 'America/New_York',
    });
    const list = (await call('GET', `/api/disciplines/${DISCIPLINE}/events?q=${tag}`, null)).json() as EventList;
    // From the third date on: an hour later.
    const third = list.items[2]!;
    const later = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
    expect(
      (await call('PATCH', `/api/events/${third.id}`, kit.admin, { startDate: later(third.startDate), endDate: later(third.endDate), applyTo: 'following' }))
        .statusCode,
    ).toBe(200);
    const res = await call('GET', `/api/events/${saturdays.id}/series.ics`, null);
    const { dates, master } = expand(res.body, seriesUid(saturdays));
    expect(master.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=MONTHLY;COUNT=4;BYDAY=2SA');
    expect(dates).toEqual(await shown(tag));

    const other = token('monthday');
    const fifteenth = await addSeries(kit.admin, other, '2027-01-15T10:00:00.000Z', '2027-01-15T11:30:00.000Z', {
      frequency: 'monthly-day',
      count: 3,
      timeZone: 'Australia/Sydney',
    });
    const ics = (await call('GET', `/api/events/${fifteenth.id}/series.ics`, null)).body;
    const expanded = expand(ics, seriesUid(fifteenth));
    expect(expanded.master.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=MONTHLY;COUNT=3;BYMONTHDAY=15');
    expect(expanded.dates).toEqual(await shown(other));
  });

  test("the discipline's feed gives a series once, as its rule, beside single events", async () => {
    const tag = token('feed');
    const soon = new Date(Date.now() + 3 * 86_400_000);
    soon.setUTCHours(9, 0, 0, 0);
    const first = await addSeries(kit.admin, tag, soon.toISOString(), new Date(soon.getTime() + 3_600_000).toISOString(), {
      frequency: 'biweekly',
      count: 3,
      timeZone: 'UTC',
    });
    const res = await call('GET', `/api/disciplines/${DISCIPLINE}/events/calendar.ics`, null);
    expect(res.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const mine = calendar.getAllSubcomponents('vevent').filter((v) => String(v.getFirstPropertyValue('summary')) === `Session ${tag}`);
    expect(mine.map((v) => v.getFirstPropertyValue('uid'))).toEqual([seriesUid(first)]);
    expect(expand(res.body, seriesUid(first)).dates).toEqual(await shown(tag));
  });

  test("a pending series is its author's alone; a single event has no series file", async () => {
    const author = await user();
    const pending = await addSeries(author, token('pending'), '2027-05-04T09:00:00.000Z', '2027-05-04T10:00:00.000Z', {
      frequency: 'weekly',
      count: 2,
      timeZone: 'UTC',
    });
    expectError(await call('GET', `/api/events/${pending.id}/series.ics`, null), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/events/${pending.id}/series.ics`, await user()), 404, 'CONTENT_NOT_FOUND');
    const own = await call('GET', `/api/events/${pending.id}/series.ics`, author);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('STATUS:TENTATIVE');
    const single = (
      await call('POST', `/api/disciplines/${DISCIPLINE}/events`, kit.admin, {
        name: 'One-off',
        description: 'x',
        location: 'y',
        startDate: '2027-05-04T09:00:00.000Z',
        endDate: '2027-05-04T10:00:00.000Z',
        type: 'Meetup',
        price: 0,
      })
    ).json() as Event;
    expectError(await call('GET', `/api/events/${single.id}/series.ics`, null), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', '/api/events/not-an-id/series.ics', null), 404, 'CONTENT_NOT_FOUND');
  });
});
