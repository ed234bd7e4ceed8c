import { describe, expect, test } from 'vitest';
import type { Event, EventInput, PlaceEvents } from '../../../common/events.ts';
import type { NotificationPage } from '../../../common/notifications.ts';
import type { ClosureInput } from '../../../common/place-access.ts';
import type { Place, PlaceInput } from '../../../common/places.ts';
import { contentTestKit, expectError, MISSING_ID, type User } from '../../test/content-kit.ts';

// Issue 20 item 3: an event held at a place; its organiser is warned when the place is closed on its dates.

const kit = contentTestKit('event');
const { call, token, user } = kit;
const DISCIPLINE = 'surfing';
const DAY = 86_400_000;
/** Noon (UTC) `n` days from now, as an instant. */
const at = (n: number) => new Date(Math.floor(Date.now() / DAY) * DAY + n * DAY + DAY / 2).toISOString();
const day = (n: number) => at(n).slice(0, 10);

const eventInput = (over: Partial<EventInput> = {}): EventInput => ({
  name: `Contest ${token()}`,
  description: 'Heats all day.',
  location: 'The point',
  startDate: at(10),
  endDate: at(12),
  type: 'Competition',
  price: 0,
  maxAttendees: null,
  ...over,
});

async function addPlace(author: User, over: Partial<PlaceInput> = {}): Promise<Place> {
  const input = { name: `Reef ${token()}`, location: 'Bay', latitude: 43.4, longitude: -1.5, ...over };
  const res = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Place;
}

const createEvent = (author: User, over: Partial<EventInput> = {}) => call('POST', `/api/disciplines/${DISCIPLINE}/events`, author, eventInput(over));

async function addEvent(author: User, over: Partial<EventInput> = {}): Promise<Event> {
  const res = await createEvent(author, over);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Event;
}

async function addClosure(placeId: string, closure: ClosureInput) {
  const res = await call('POST', `/api/places/${placeId}/closures`, kit.admin, closure);
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const eventAs = async (id: string, who: User | null) => {
  const res = await call('GET', `/api/events/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Event;
};

describe('the place an event is held at', () => {
  test('a public place links, with its name and access; the answer has no warning while it is open', async () => {
    const rider = await user();
    const place = await addPlace(kit.admin);
    const event = await addEvent(rider, { placeId: place.id });
    expect(event).toMatchObject({ placeId: place.id, place: { id: place.id, name: place.name, accessStatus: 'open' }, placeClosures: [] });
    expect(event).not.toHaveProperty('warnings');
    // Of another discipline too: a contest may borrow another sport's spot.
    const skatePark = (
      await call('POST', '/api/disciplines/skateboarding/places', kit.admin, { name: `Bowl ${token()}`, location: 'Town', latitude: 1, longitude: 1 })
    ).json() as Place;
    expect((await addEvent(rider, { placeId: skatePark.id })).place?.id).toBe(skatePark.id);
  });

  test('a secret place of the author is refused, one hidden from them is not found, and nothing is stored', async () => {
    const author = await user();
    const stranger = await user();
    const secret = await addPlace(author, { visibility: 'private' });
    const name = `Secret meet ${token()}`;
    expectError(await createEvent(author, { name, placeId: secret.id }), 400, 'EVENT_PLACE_NOT_PUBLIC');
    expectError(await createEvent(stranger, { name, placeId: secret.id }), 404, 'PLACE_NOT_FOUND');
    expectError(await createEvent(stranger, { name, placeId: MISSING_ID }), 404, 'PLACE_NOT_FOUND');
    const malformed = await createEvent(stranger, { name, placeId: 'not-an-id' });
    expect({ status: malformed.statusCode, fields: malformed.json().fields }).toEqual({ status: 400, fields: { placeId: 'PLACE_NOT_FOUND' } });
    expect(await kit.t.app.db.selectFrom('events').select('id').where('name', '=', name).execute()).toEqual([]);

    // Nor through an edit.
    const event = await addEvent(author);
    expectError(await call('PATCH', `/api/events/${event.id}`, author, { placeId: secret.id }), 400, 'EVENT_PLACE_NOT_PUBLIC');
    // The event still waits for approval: hidden from the stranger.
    expectError(await call('PATCH', `/api/events/${event.id}`, stranger, { placeId: secret.id }), 404, 'CONTENT_NOT_FOUND');
    expect((await eventAs(event.id, author)).placeId).toBeNull();
  });

  test('a place made secret later drops out of the event for those who may not see it; a removed place leaves it without one', async () => {
    const rider = await user();
    const place = await addPlace(kit.admin);
    const event = await addEvent(kit.admin, { placeId: place.id });
    expect((await eventAs(event.id, rider)).place?.name).toBe(place.name);
    expect((await call('PATCH', `/api/places/${place.id}`, kit.admin, { visibility: 'private', teamId: null })).statusCode).toBe(200);
    expect(await eventAs(event.id, rider)).toMatchObject({ placeId: null, place: null });
    expect(await eventAs(event.id, null)).toMatchObject({ placeId: null, place: null });
    expect((await call('DELETE', `/api/places/${place.id}`, kit.admin)).statusCode).toBe(204);
    expect(await eventAs(event.id, kit.admin)).toMatchObject({ placeId: null, place: null });
  });

  test("the author's new place for an approved event waits for approval, then links", async () => {
    const rider = await user();
    const event = await addEvent(rider);
    await kit.decide(event.id, 'approved');
    const place = await addPlace(kit.admin);
    const res = await call('PATCH', `/api/events/${event.id}`, rider, { placeId: place.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ placeId: null, pendingRevision: { changes: { placeId: place.id } } });
    expect((await eventAs(event.id, null)).place).toBeNull();
    const approval = (await call('GET', '/api/admin/approvals', kit.admin)).json() as { id: string; itemId: string; version: number }[];
    const revision = approval.find((a) => a.itemId === event.id);
    expect(revision).toBeDefined();
    expect(
      (await call('POST', `/api/admin/approvals/${revision!.id}`, kit.admin, { decision: 'approved', version: revision!.version })).statusCode,
    ).toBeLessThan(300);
    expect((await eventAs(event.id, null)).place?.id).toBe(place.id);
  });

  test("the place page's list: upcoming approved events only; a hidden place is not found", async () => {
    const rider = await user();
    const place = await addPlace(kit.admin);
    const soon = await addEvent(kit.admin, { placeId: place.id, startDate: at(3), endDate: at(3) });
    const later = await addEvent(kit.admin, { placeId: place.id, startDate: at(30), endDate: at(31) });
    await addEvent(kit.admin, { placeId: place.id, startDate: at(-5), endDate: at(-4) });
    await addEvent(rider, { placeId: place.id });
    const res = await call('GET', `/api/places/${place.id}/events`, null);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PlaceEvents).items.map((e) => e.id)).toEqual([soon.id, later.id]);
    const secret = await addPlace(rider, { visibility: 'private' });
    expectError(await call('GET', `/api/places/${secret.id}/events`, null), 404, 'CONTENT_NOT_FOUND');
    expect((await call('GET', `/api/places/${secret.id}/events`, rider)).statusCode).toBe(200);
  });
});

describe('the warning of a place closed on the event dates', () => {
  test('a closure covering the dates warns on creation and on an edit into them; dates clear of it do not', async () => {
    const rider = await user();
    const place = await addPlace(kit.admin);
    await addClosure(place.id, { startsOn: day(11), endsOn: day(20), reason: 'Dune works', yearly: false });
    const covered = await addEvent(rider, { placeId: place.id });
    expect(covered.warnings).toEqual(['EVENT_PLACE_CLOSED']);
    expect(covered.placeClosures).toEqual([{ startsOn: day(11), endsOn: day(20), reason: 'Dune works' }]);

    const clear = await addEvent(rider, { placeId: place.id, startDate: at(2), endDate: at(4) });
    expect(clear).not.toHaveProperty('warnings');
    const moved = await call('PATCH', `/api/events/${clear.id}`, rider, { startDate: at(19), endDate: at(25) });
    expect(moved.json()).toMatchObject({ warnings: ['EVENT_PLACE_CLOSED'] });
    const back = await call('PATCH', `/api/events/${clear.id}`, rider, { startDate: at(21), endDate: at(25) });
    expect(back.json()).not.toHaveProperty('warnings');
    // An edit waiting for approval warns of the proposed place.
    await kit.decide(clear.id, 'approved');
    const other = await addPlace(kit.admin);
    await call('PUT', `/api/places/${other.id}/access`, kit.admin, { status: 'closed' });
    const proposed = await call('PATCH', `/api/events/${clear.id}`, rider, { placeId: other.id });
    expect(proposed.json()).toMatchObject({ placeId: place.id, warnings: ['EVENT_PLACE_CLOSED'] });
  });

  test('a yearly closure across New Year warns in any later year; the same dates in spring do not', async () => {
    const rider = await user();
    const place = await addPlace(kit.admin);
    await addClosure(place.id, { startsOn: '2020-12-20', endsOn: '2021-01-10', reason: 'Nesting season', yearly: true });
    const year = new Date().getUTCFullYear() + 1;
    const winter = await addEvent(rider, { placeId: place.id, startDate: `${year}-01-03T09:00:00.000Z`, endDate: `${year}-01-04T18:00:00.000Z` });
    expect(winter.warnings).toEqual(['EVENT_PLACE_CLOSED']);
    expect(winter.placeClosures).toEqual([{ startsOn: `${year - 1}-12-20`, endsOn: `${year}-01-10`, reason: 'Nesting season' }]);
    const spring = await addEvent(rider, { placeId: place.id, startDate: `${year}-04-03T09:00:00.000Z`, endDate: `${year}-04-04T18:00:00.000Z` });
    expect(spring).not.toHaveProperty('warnings');
    expect(spring.placeClosures).toEqual([]);
  });

  test('the status closed warns, and the warning shows to the organiser and admins only', async () => {
    const organiser = await user();
    const rider = await user();
    const place = await addPlace(kit.admin);
    await call('PUT', `/api/places/${place.id}/access`, kit.admin, { status: 'closed' });
    const event = await addEvent(organiser, { placeId: place.id });
    expect(event.warnings).toEqual(['EVENT_PLACE_CLOSED']);
    await kit.decide(event.id, 'approved');
    const warning = [{ startsOn: null, endsOn: null, reason: '' }];
    expect((await eventAs(event.id, organiser)).placeClosures).toEqual(warning);
    expect((await eventAs(event.id, kit.admin)).placeClosures).toEqual(warning);
    for (const who of [rider, null]) {
      const seen = await eventAs(event.id, who);
      expect(seen).toMatchObject({ place: { id: place.id, accessStatus: 'closed' }, placeClosures: null });
      expect(seen).not.toHaveProperty('warnings');
    }
  });
});

describe('organisers hear of a new closure of their place', () => {
  const closedNotices = async (who: User) => {
    const page = (await call('GET', '/api/notifications', who)).json() as NotificationPage;
    return page.items.filter((n) => n.type === 'event_place_closed');
  };

  test('only organisers of upcoming approved events on the closed days are told', async () => {
    const [covered, past, later, pending, optedOut] = await Promise.all([user(), user(), user(), user(), user()]);
    const place = await addPlace(kit.admin);
    const approved = async (who: User, from: number, to: number) => {
      const event = await addEvent(who, { placeId: place.id, startDate: at(from), endDate: at(to) });
      await kit.decide(event.id, 'approved');
      return event;
    };
    const event = await approved(covered, 20, 22);
    await approved(past, -10, -9);
    await approved(later, 40, 42);
    await addEvent(pending, { placeId: place.id, startDate: at(20), endDate: at(22) });
    await approved(optedOut, 20, 22);
    expect((await call('PUT', '/api/notifications/preferences', optedOut, { event_place_closed: 'off' })).statusCode).toBe(200);

    await addClosure(place.id, { startsOn: day(-12), endsOn: day(21), reason: 'Storm damage', yearly: false });
    const told = await closedNotices(covered);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subjectType: 'event', subjectId: event.id, data: { itemName: event.name, placeName: place.name, reason: 'Storm damage' } });
    for (const who of [past, later, pending, optedOut]) expect(await closedNotices(who)).toEqual([]);

    // The status closed tells every upcoming one, the later event's organiser too.
    await call('PUT', `/api/places/${place.id}/access`, kit.admin, { status: 'closed' });
    expect(await closedNotices(later)).toHaveLength(1);
    expect(await closedNotices(past)).toEqual([]);
  });

  test('a place made secret since the event was planned is named to nobody; whoever closes it is not told', async () => {
    const organiser = await user();
    const place = await addPlace(kit.admin);
    const event = await addEvent(organiser, { placeId: place.id, startDate: at(20), endDate: at(22) });
    await kit.decide(event.id, 'approved');
    const mine = await addEvent(kit.admin, { placeId: place.id, startDate: at(20), endDate: at(22) });
    await kit.decide(mine.id, 'approved').catch(() => undefined);
    await addClosure(place.id, { startsOn: day(19), endsOn: day(21), reason: 'Nesting', yearly: false });
    expect(await closedNotices(organiser)).toHaveLength(1);
    expect(await closedNotices(kit.admin)).toEqual([]);

    await kit.t.app.db.updateTable('places').set({ visibility: 'private', status: 'pending' }).where('id', '=', place.id).execute();
    await addClosure(place.id, { startsOn: day(22), endsOn: day(23), reason: 'Secret', yearly: false });
    await call('PUT', `/api/places/${place.id}/access`, kit.admin, { status: 'closed' });
    // (Notices of one event fold into one, carrying the latest news: still the first closure's.)
    expect((await closedNotices(organiser)).map((n) => (n.data as { reason: string }).reason)).toEqual(['Nesting']);
  });
});
