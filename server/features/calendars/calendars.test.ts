import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import type { CalendarFeed, CalendarFeedStatus } from '../../../common/calendars.ts';
import type { Event, EventInput } from '../../../common/events.ts';
import type { Place } from '../../../common/places.ts';
import { contentTestKit, expectError, MISSING_ID, type User } from '../../test/content-kit.ts';

// Issue 21, item 5: an .ics file of each event, a feed of a discipline's events and a person's feed of
// their RSVPs at a secret address, each read back with a real iCalendar parser (ical.js).

const kit = contentTestKit('event');
const { call, token, user } = kit;
const DISCIPLINE = 'surfing';
const DAY = 86_400_000;
/** 09:30 UTC `n` days from now, as an instant. */
const at = (n: number, minutes = 0) => new Date(Math.floor(Date.now() / DAY) * DAY + n * DAY + 9.5 * 3_600_000 + minutes * 60_000).toISOString();
const db = () => kit.t.app.db;

async function addEvent(author: User, over: Partial<EventInput> = {}, discipline = DISCIPLINE): Promise<Event> {
  const input: EventInput = {
    name: `Contest ${token()}`,
    description: 'Heats all day.',
    location: 'The point',
    startDate: at(10),
    endDate: at(10, 150),
    type: 'Competition',
    price: 0,
    maxAttendees: null,
    ...over,
  };
  const res = await call('POST', `/api/disciplines/${discipline}/events`, author, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Event;
}

/** The VEVENTs of an answer, checked to be a calendar as RFC 5545 writes it. */
function parse(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const lines = res.body.split('\r\n');
  expect(lines.at(-1), 'CRLF after the last line').toBe('');
  expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((c) => ({ component: c, event: new ICAL.Event(c) })) };
}

const host = () => new URL(kit.t.config.publicUrl).host;

describe('an event as an .ics file', () => {
  test('its summary, place, address and times (UTC, as stored), as a download named after it', async () => {
    const place = (
      await call('POST', `/api/disciplines/${DISCIPLINE}/places`, kit.admin, {
        name: `Reef ${token()}`,
        location: 'Bay',
        latitude: 43.4832,
        longitude: -1.5586,
      })
    ).json() as Place;
    const event = await addEvent(kit.admin, { name: 'Pro Junior Anglet', placeId: place.id, location: 'Plage des Sables d’Or' });
    const res = await call('GET', `/api/events/${event.id}/calendar.ics`, null);
    expect(res.headers['content-disposition']).toBe('attachment; filename="pro-junior-anglet.ics"');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const { calendar, events } = parse(res);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Pro Junior Anglet · Stoked');
    expect(events).toHaveLength(1);
    const [{ event: vevent, component }] = events as [(typeof events)[number]];
    expect(vevent.uid).toBe(`${event.id}@${host()}`);
    expect(vevent.summary).toBe('Pro Junior Anglet');
    expect(vevent.location).toBe('Plage des Sables d’Or');
    expect(vevent.description).toBe('Heats all day.');
    // Times in UTC, equal to the stored instants.
    const stored = await db().selectFrom('events').select(['start_date', 'end_date']).where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(vevent.startDate.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(vevent.endDate.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(vevent.startDate.toJSDate().getTime()).toBe(new Date(stored.start_date).getTime());
    expect(vevent.endDate.toJSDate().getTime()).toBe(new Date(stored.end_date).getTime());
    expect(vevent.startDate.toJSDate().toISOString()).toBe(event.startDate);
    expect(component.getFirstPropertyValue('geo')).toEqual([43.4832, -1.5586]);
    expect(component.getFirstPropertyValue('url')).toBe(`${kit.t.config.publicUrl}/discipline/${DISCIPLINE}/events/${event.id}`);
    expect(component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(vevent.sequence).toBe(0);
  });

  test('an edit raises its SEQUENCE, so a calendar takes the new version', async () => {
    const event = await addEvent(kit.admin);
    await db()
      .updateTable('events')
      .set({ updated_at: new Date(Date.parse(event.createdAt) + 90_000) })
      .where('id', '=', event.id)
      .execute();
    const { events } = parse(await call('GET', `/api/events/${event.id}/calendar.ics`, null));
    expect(events[0]!.event.sequence).toBe(90);
  });

  test('a hostile summary (commas, semicolons, backslashes, line breaks) stays one value; a long description is folded and read back whole', async () => {
    const event = await addEvent(kit.admin);
    const hostile = 'Jam, contest; party\\after\nEND:VEVENT\r\nBEGIN:VEVENT\nSUMMARY:Injected';
    const long = `${'Ride till sunset — 日の入りまで滑ろう. '.repeat(20)}Fin.`;
    await db().updateTable('events').set({ name: hostile, description: long }).where('id', '=', event.id).execute();
    const res = await call('GET', `/api/events/${event.id}/calendar.ics`, null);
    expect(res.body.replace(/\r\n /g, '')).toContain('SUMMARY:Jam\\, contest\\; party\\\\after\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Injected');
    const { events } = parse(res);
    expect(events).toHaveLength(1);
    expect(events[0]!.event.summary).toBe('Jam, contest; party\\after\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Injected');
    expect(events[0]!.event.description).toBe(long);
    expect(res.body).toMatch(/\r\n DESCRIPTION|\r\n /);
    expect(res.body.split('\r\n').filter((line) => line.startsWith(' ')).length).toBeGreaterThan(10);
    expect(res.headers['content-disposition']).toBe('attachment; filename="jam-contest-party-after-end-vevent-begin-vevent-summary-inje.ics"');
  });

  test('a pending event: 404 to visitors and other riders, its author gets it (tentative, not cached publicly); a missing or malformed id 404', async () => {
    const author = await user();
    const event = await addEvent(author);
    expect(event.status).toBe('pending');
    expectError(await call('GET', `/api/events/${event.id}/calendar.ics`, null), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/events/${event.id}/calendar.ics`, await user()), 404, 'CONTENT_NOT_FOUND');
    const own = await call('GET', `/api/events/${event.id}/calendar.ics`, author);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(parse(own).events[0]!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(parse(await call('GET', `/api/events/${event.id}/calendar.ics`, kit.admin)).events).toHaveLength(1);
    expectError(await call('GET', `/api/events/${MISSING_ID}/calendar.ics`, null), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', '/api/events/not-an-id/calendar.ics', null), 404, 'CONTENT_NOT_FOUND');
  });

  test('no GEO once its place became secret (an event cannot be made at one), nor while its place is not approved', async () => {
    const place = (
      await call('POST', `/api/disciplines/${DISCIPLINE}/places`, kit.admin, { name: `Cove ${token()}`, location: 'Bay', latitude: 10, longitude: 20 })
    ).json() as Place;
    const event = await addEvent(kit.admin, { placeId: place.id });
    const geo = async () => parse(await call('GET', `/api/events/${event.id}/calendar.ics`, null)).events[0]!.component.getFirstPropertyValue('geo');
    expect(await geo()).toEqual([10, 20]);
    await db().updateTable('places').set({ visibility: 'private', status: 'pending' }).where('id', '=', place.id).execute();
    expect(await geo()).toBeNull();
    const res = await call('GET', `/api/events/${event.id}/calendar.ics`, null);
    expect(res.body).not.toMatch(/GEO|Cove/);
    await db().updateTable('places').set({ visibility: 'public', status: 'pending' }).where('id', '=', place.id).execute();
    expect(await geo()).toBeNull();
  });

  test('the calendar name is in the reader’s language', async () => {
    const event = await addEvent(kit.admin, { name: 'Nuit de la glisse' });
    const res = await kit.t.app.inject({ url: `/api/disciplines/${DISCIPLINE}/events/calendar.ics`, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(parse(res).calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Événements .+ · Stoked$/);
    expect(res.body).toContain(event.id);
  });
});

describe('a discipline’s events as a feed', () => {
  test('its approved events of the last 30 days and to come, in start order; pending ones, older ones and other disciplines’ left out', async () => {
    const later = await addEvent(kit.admin, { startDate: at(40), endDate: at(41) });
    const soon = await addEvent(kit.admin, { startDate: at(2), endDate: at(2, 60) });
    const lastWeek = await addEvent(kit.admin, { startDate: at(-7), endDate: at(-6) });
    const longAgo = await addEvent(kit.admin, { startDate: at(-60), endDate: at(-59) });
    const pending = await addEvent(await user());
    const elsewhere = await addEvent(kit.admin, {}, 'skateboarding');
    const res = await call('GET', `/api/disciplines/${DISCIPLINE}/events/calendar.ics`, null);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const { events, calendar } = parse(res);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/ events · Stoked$/);
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT1H');
    const uids = events.map((e) => e.event.uid.split('@')[0]);
    for (const shown of [later, soon, lastWeek]) expect(uids).toContain(shown.id);
    for (const hidden of [longAgo, pending, elsewhere]) expect(uids).not.toContain(hidden.id);
    const starts = events.map((e) => e.event.startDate.toJSDate().getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(uids.indexOf(lastWeek.id)).toBeLessThan(uids.indexOf(soon.id));
  });

  test('an unknown discipline 404', async () => {
    expectError(await call('GET', '/api/disciplines/no-such-sport/events/calendar.ics', null), 404, 'DISCIPLINE_NOT_FOUND');
  });
});

describe('a person’s feed of their RSVPs', () => {
  const feedOf = async (who: User) => {
    const res = await call('POST', '/api/me/calendar-feed', who);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as CalendarFeed;
  };
  /** The path of a feed's address (calendar apps send no cookie: nor does this). */
  const pathOf = (feed: CalendarFeed) => new URL(feed.url).pathname;

  test('only that person’s RSVPs, going and waiting (tentative), with no cookie; never cached nor indexed', async () => {
    const rider = await user();
    const other = await user();
    const going = await addEvent(kit.admin);
    const full = await addEvent(kit.admin, { maxAttendees: 1 });
    const notMine = await addEvent(kit.admin);
    expect((await call('PUT', `/api/events/${going.id}/rsvp`, rider)).statusCode).toBe(200);
    expect((await call('PUT', `/api/events/${full.id}/rsvp`, other)).statusCode).toBe(200);
    expect((await call('PUT', `/api/events/${full.id}/rsvp`, rider)).json()).toMatchObject({ myRsvp: 'waitlist' });
    expect((await call('PUT', `/api/events/${notMine.id}/rsvp`, other)).statusCode).toBe(200);

    const feed = await feedOf(rider);
    expect(feed.url).toMatch(new RegExp(`^${kit.t.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const res = await kit.t.app.inject({ url: pathOf(feed) });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const { events, calendar } = parse(res);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('My events · Stoked');
    // In the person's own language, whatever the calendar app asks for.
    await db().updateTable('profiles').set({ preferred_language: 'de' }).where('id', '=', rider.id).execute();
    const german = await kit.t.app.inject({ url: pathOf(feed), headers: { 'accept-language': 'fr' } });
    expect(parse(german).calendar.getFirstPropertyValue('x-wr-calname')).toBe('Meine Events · Stoked');
    const byId = new Map(events.map((e) => [e.event.uid.split('@')[0], e.component.getFirstPropertyValue('status')]));
    expect(Object.fromEntries(byId)).toEqual({ [going.id]: 'CONFIRMED', [full.id]: 'TENTATIVE' });

    // Leaving an event takes it out.
    expect((await call('DELETE', `/api/events/${going.id}/rsvp`, rider)).statusCode).toBe(200);
    expect(parse(await kit.t.app.inject({ url: pathOf(feed) })).events.map((e) => e.event.uid.split('@')[0])).toEqual([full.id]);
  });

  test('the token is stored only as its SHA-256; a wrong token 404; a new token replaces the old; revoking ends it', async () => {
    const rider = await user();
    const first = await feedOf(rider);
    const secret = pathOf(first).slice('/api/calendar/'.length, -'.ics'.length);
    const row = await db().selectFrom('calendar_feeds').selectAll().where('user_id', '=', rider.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(((await call('GET', '/api/me/calendar-feed', rider)).json() as CalendarFeedStatus).active).toBe(true);

    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expectError(await kit.t.app.inject({ url: `/api/calendar/${wrong}.ics` }), 404, 'NOT_FOUND');
    expectError(await kit.t.app.inject({ url: '/api/calendar/short.ics' }), 404, 'NOT_FOUND');
    expectError(await kit.t.app.inject({ url: `/api/calendar/${row.token_hash}.ics` }), 404, 'NOT_FOUND');

    const second = await feedOf(rider);
    expect(second.url).not.toBe(first.url);
    expectError(await kit.t.app.inject({ url: pathOf(first) }), 404, 'NOT_FOUND');
    expect((await kit.t.app.inject({ url: pathOf(second) })).statusCode).toBe(200);

    const revoked = await call('DELETE', '/api/me/calendar-feed', rider);
    expect(revoked.statusCode).toBe(204);
    expectError(await kit.t.app.inject({ url: pathOf(second) }), 404, 'NOT_FOUND');
    expect((await call('GET', '/api/me/calendar-feed', rider)).json()).toEqual({ active: false, createdAt: null });
    const third = await feedOf(rider);
    expect((await kit.t.app.inject({ url: pathOf(third) })).statusCode).toBe(200);
  });

  test('visitors may not make one; a banned person’s feed stops; deleting one’s account removes it', async () => {
    expectError(await call('POST', '/api/me/calendar-feed', null), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', '/api/me/calendar-feed', null), 401, 'UNAUTHORIZED');
    const rider = await user();
    const feed = await feedOf(rider);
    await db().updateTable('profiles').set({ banned: true }).where('id', '=', rider.id).execute();
    expectError(await kit.t.app.inject({ url: pathOf(feed) }), 404, 'NOT_FOUND');
    await db().updateTable('profiles').set({ banned: false }).where('id', '=', rider.id).execute();
    expect((await kit.t.app.inject({ url: pathOf(feed) })).statusCode).toBe(200);
    const deleted = await call('POST', '/api/auth/delete-user', rider, { password: rider.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectError(await kit.t.app.inject({ url: pathOf(feed) }), 404, 'NOT_FOUND');
    expect(await db().selectFrom('calendar_feeds').select('user_id').where('user_id', '=', rider.id).executeTakeFirst()).toBeUndefined();
  });

  test('making addresses over and over stops with a 429', async () => {
    const rider = await user();
    for (let i = 0; i < 10; i += 1) await feedOf(rider);
    const res = await call('POST', '/api/me/calendar-feed', rider);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
