import { describe, expect, test } from 'vitest';
import type { Event, EventAttendees, EventInput, EventList } from '../../../common/events.ts';
import { seedEventSamples } from '../../db/samples/events.ts';
import { contentTestKit, expectError, type User } from '../../test/content-kit.ts';
import { sectionSuite } from '../../test/section-suite.ts';

const kit = contentTestKit('event');
const { call, token, user } = kit;

const DISCIPLINE = 'surfing';
const DAY = 24 * 3600 * 1000;

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function input(over: Partial<EventInput> = {}): EventInput {
  return {
    name: `Pipe Masters ${token()}`,
    description: 'The classic contest at Banzai Pipeline.',
    location: 'North Shore, Oahu',
    startDate: inDays(10),
    endDate: inDays(12),
    type: 'Competition',
    price: 0,
    maxAttendees: null,
    ...over,
  };
}

const { add: addEvent, list } = sectionSuite<Event, EventInput, EventList>({
  kit,
  section: 'events',
  discipline: DISCIPLINE,
  otherDiscipline: 'skateboarding',
  input,
  nameField: 'name',
  created: {
    over: { imageUrl: 'https://images.example.com/pipe.jpg', type: 'Festival', price: 25.5, maxAttendees: 40 },
    expected: {
      attendees: 0,
      waitlisted: 0,
      myRsvp: null,
      waitlistPosition: null,
    },
  },
  // Upcoming events are listed soonest first.
  searchable: (tag) => [
    { name: `Alpha ${tag}`, startDate: inDays(1), endDate: inDays(1) },
    { location: `Bay ${tag.toUpperCase()}`, startDate: inDays(2), endDate: inDays(2) },
    { description: `Bring a board. ${tag}`, startDate: inDays(3), endDate: inDays(3) },
  ],
  order: 'as-given',
  invalid: [
    { price: -1 },
    { maxAttendees: 0 },
    { maxAttendees: 2.5 },
    { type: 'Party' as 'Meetup' },
    { startDate: 'tomorrow' },
    { startDate: '' },
    { name: '   ' },
    { description: '' },
  ],
  urlFields: ['imageUrl'],
  edit: { patch: { price: 10 }, kept: ['location', 'startDate', 'endDate'] },
  badEdits: [{ patch: { price: -1 } }, { patch: { endDate: inDays(4) }, code: 'END_BEFORE_START' }],
  adminEdit: { location: 'Maui' },
});

async function rsvp(eventId: string, who: User | null, join = true) {
  return call(join ? 'PUT' : 'DELETE', `/api/events/${eventId}/rsvp`, who);
}

async function join(eventId: string, who: User): Promise<Event> {
  const res = await rsvp(eventId, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Event;
}

describe('events: their own fields', () => {
  test('an end before the start is refused with END_BEFORE_START', async () => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/events`, await user(), input({ startDate: inDays(5), endDate: inDays(4) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'END_BEFORE_START', fields: { endDate: 'END_BEFORE_START' } });
    // Also when only one date changes and the other one is stored.
    const author = await user();
    const event = await addEvent(author, { startDate: inDays(5), endDate: inDays(6) });
    expectError(await call('PATCH', `/api/events/${event.id}`, author, { endDate: inDays(4) }), 400, 'END_BEFORE_START');
    expect((await call('GET', `/api/events/${event.id}`, author)).json()).toMatchObject({ endDate: event.endDate });
    // The same day is fine.
    await addEvent(author, { startDate: event.startDate, endDate: event.startDate });
  });

  test('the type filter keeps one type, with q; an unknown type is refused', async () => {
    const tag = token('tag');
    const a = await addEvent(kit.admin, { name: `Alpha ${tag}`, type: 'Meetup', startDate: inDays(1), endDate: inDays(1) });
    const b = await addEvent(kit.admin, { location: `Bay ${tag.toUpperCase()}`, type: 'Workshop', startDate: inDays(2), endDate: inDays(2) });
    const c = await addEvent(kit.admin, { description: `Bring a board. ${tag}`, type: 'Meetup', startDate: inDays(3), endDate: inDays(3) });
    await addEvent(kit.admin, { name: 'Unrelated' });

    expect((await list(null, `?q=${tag}`)).items.map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expect((await list(null, `?q=${tag}&type=Meetup`)).items.map((e) => e.id)).toEqual([a.id, c.id]);
    expect((await list(null, `?q=${tag}&type=Workshop`)).items.map((e) => e.id)).toEqual([b.id]);
    expect((await list(null, `?q=${tag}&type=Festival`)).total).toBe(0);
    expect((await call('GET', `/api/disciplines/${DISCIPLINE}/events?type=Party`)).statusCode).toBe(400);
  });

  test('upcoming: not ended, soonest first; past: ended, latest first; running events are upcoming', async () => {
    const tag = token('when');
    const later = await addEvent(kit.admin, { name: `Later ${tag}`, startDate: inDays(20), endDate: inDays(21) });
    const soon = await addEvent(kit.admin, { name: `Soon ${tag}`, startDate: inDays(2), endDate: inDays(3) });
    const running = await addEvent(kit.admin, { name: `Running ${tag}`, startDate: inDays(-1), endDate: inDays(1) });
    const old = await addEvent(kit.admin, { name: `Old ${tag}`, startDate: inDays(-30), endDate: inDays(-29) });
    const recent = await addEvent(kit.admin, { name: `Recent ${tag}`, startDate: inDays(-5), endDate: inDays(-4) });

    expect((await list(null, `?q=${tag}`)).items.map((e) => e.id)).toEqual([running.id, soon.id, later.id]);
    expect((await list(null, `?q=${tag}&when=upcoming`)).items.map((e) => e.id)).toEqual([running.id, soon.id, later.id]);
    expect((await list(null, `?q=${tag}&when=past`)).items.map((e) => e.id)).toEqual([recent.id, old.id]);
  });

  test('a from/to range gives the events overlapping it, past or upcoming', async () => {
    const tag = token('range');
    const before = await addEvent(kit.admin, { name: `Before ${tag}`, startDate: inDays(-40), endDate: inDays(-39) });
    const spanning = await addEvent(kit.admin, { name: `Spanning ${tag}`, startDate: inDays(-12), endDate: inDays(-8) });
    const inside = await addEvent(kit.admin, { name: `Inside ${tag}`, startDate: inDays(-5), endDate: inDays(-5) });
    const next = await addEvent(kit.admin, { name: `Next ${tag}`, startDate: inDays(3), endDate: inDays(3) });
    const range = `&from=${encodeURIComponent(inDays(-10))}&to=${encodeURIComponent(inDays(4))}`;
    const ids = (await list(null, `?q=${tag}${range}`)).items.map((e) => e.id);
    expect(ids).toEqual([spanning.id, inside.id, next.id]);
    expect(ids).not.toContain(before.id);
  });
});

describe('RSVP', () => {
  test('places fill up, then the waiting list; leaving lets the first waiting person in', async () => {
    const event = await addEvent(kit.admin, { maxAttendees: 2 });
    const [a, b, c, d] = [await user(), await user(), await user(), await user()];
    expect(await join(event.id, a)).toMatchObject({ myRsvp: 'going', attendees: 1, waitlisted: 0 });
    expect(await join(event.id, a)).toMatchObject({ myRsvp: 'going', attendees: 1 });
    expect(await join(event.id, b)).toMatchObject({ myRsvp: 'going', attendees: 2 });
    expect(await join(event.id, c)).toMatchObject({ myRsvp: 'waitlist', attendees: 2, waitlisted: 1, waitlistPosition: 1 });
    expect(await join(event.id, d)).toMatchObject({ myRsvp: 'waitlist', attendees: 2, waitlisted: 2, waitlistPosition: 2 });
    expect(await join(event.id, d)).toMatchObject({ myRsvp: 'waitlist', waitlisted: 2 });

    const left = await rsvp(event.id, a, false);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ myRsvp: null, attendees: 2, waitlisted: 1 });
    expect((await call('GET', `/api/events/${event.id}`, c)).json()).toMatchObject({ myRsvp: 'going', waitlistPosition: null });
    expect((await call('GET', `/api/events/${event.id}`, d)).json()).toMatchObject({ myRsvp: 'waitlist', waitlistPosition: 1 });

    // Leaving the waiting list frees no place.
    expect((await rsvp(event.id, d, false)).json()).toMatchObject({ myRsvp: null, attendees: 2, waitlisted: 0 });
    // Leaving twice is harmless.
    expect((await rsvp(event.id, d, false)).statusCode).toBe(200);
  });

  test('raising the maximum or removing it lets waiting people in, in order', async () => {
    const event = await addEvent(kit.admin, { maxAttendees: 1 });
    const people = [await user(), await user(), await user(), await user()];
    for (const p of people) await join(event.id, p);
    const raised = await call('PATCH', `/api/events/${event.id}`, kit.admin, { maxAttendees: 2 });
    expect(raised.json()).toMatchObject({ attendees: 2, waitlisted: 2 });
    expect((await call('GET', `/api/events/${event.id}`, people[1])).json()).toMatchObject({ myRsvp: 'going' });
    expect((await call('GET', `/api/events/${event.id}`, people[2])).json()).toMatchObject({ myRsvp: 'waitlist', waitlistPosition: 1 });
    // Fewer places turn nobody away.
    expect((await call('PATCH', `/api/events/${event.id}`, kit.admin, { maxAttendees: 1 })).json()).toMatchObject({ attendees: 2, waitlisted: 2 });
    expect((await call('PATCH', `/api/events/${event.id}`, kit.admin, { maxAttendees: null })).json()).toMatchObject({
      attendees: 4,
      waitlisted: 0,
      maxAttendees: null,
    });
  });

  test('concurrent joins never pass the maximum', async () => {
    const event = await addEvent(kit.admin, { maxAttendees: 3 });
    const people = await Promise.all(Array.from({ length: 6 }, () => user()));
    const results = await Promise.all(people.map((p) => rsvp(event.id, p)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const states = results.map((r) => (r.json() as Event).myRsvp);
    expect(states.filter((s) => s === 'going')).toHaveLength(3);
    expect(states.filter((s) => s === 'waitlist')).toHaveLength(3);
    expect((await call('GET', `/api/events/${event.id}`)).json()).toMatchObject({ attendees: 3, waitlisted: 3 });
  });

  test('an ended event refuses; a visitor gets 401; a pending event 404 for others, 409 for its author', async () => {
    const ended = await addEvent(kit.admin, { startDate: inDays(-3), endDate: inDays(-2) });
    expectError(await rsvp(ended.id, await user()), 409, 'EVENT_ENDED');
    const open = await addEvent(kit.admin);
    expectError(await rsvp(open.id, null), 401, 'UNAUTHORIZED');
    expectError(await rsvp(open.id, null, false), 401, 'UNAUTHORIZED');
    const author = await user();
    const pending = await addEvent(author);
    expectError(await rsvp(pending.id, await user()), 404, 'CONTENT_NOT_FOUND');
    expectError(await rsvp(pending.id, author), 409, 'CONFLICT');
    expectError(await rsvp(pending.id, kit.admin), 409, 'CONFLICT');
  });

  test('the attendee list shows people going, never their e-mail addresses', async () => {
    const event = await addEvent(kit.admin, { maxAttendees: 1 });
    const going = await user();
    const waiting = await user();
    await join(event.id, going);
    await join(event.id, waiting);
    const res = await call('GET', `/api/events/${event.id}/attendees`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [{ id: going.id, name: going.name, avatarUrl: null }], total: 1 } satisfies EventAttendees);
    expect(res.body).not.toContain(going.email);
    expect(res.body).not.toContain('@');
    const detail = (await call('GET', `/api/events/${event.id}`, going)).body;
    expect(detail).not.toContain(going.email);
  });

  test('deleting an event removes its attendees', async () => {
    const event = await addEvent(kit.admin);
    await join(event.id, await user());
    expect((await call('DELETE', `/api/events/${event.id}`, kit.admin)).statusCode).toBe(204);
    const rows = await kit.t.app.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', event.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('sample events', () => {
  test('four per discipline, one of them past, all approved and listed', async () => {
    const authors = [await user(), await user(), await user()];
    await kit.t.app.db.transaction().execute((tx) =>
      seedEventSamples(
        tx,
        authors.map((a) => a.id),
      ),
    );
    for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
      const rows = await kit.t.app.db
        .selectFrom('events')
        .select(['name', 'image_url', 'end_date'])
        .where('discipline_id', '=', discipline)
        .where(
          'author_id',
          'in',
          authors.map((a) => a.id),
        )
        .execute();
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row.image_url).toMatch(new RegExp(`^/images/samples/${discipline}-[1-6]\\.webp$`));
      expect(rows.filter((r) => new Date(r.end_date).getTime() < Date.now())).toHaveLength(1);
    }
    const pastNames = (await list(null, '?when=past&limit=50', 'skateboarding')).items.map((e) => e.name);
    expect(pastNames).toContain('Go Skateboarding Day Jam');
  });
});

describe('API document', () => {
  test('lists the attendance routes', async () => {
    const res = await call('GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(paths['/api/events/{id}/rsvp']).toHaveProperty('put');
    expect(paths['/api/events/{id}/attendees']).toHaveProperty('get');
  });
});
