import { describe, expect, test } from 'vitest';
import type { Event } from '../../common/events.ts';
import { formsTestKit } from '../test/forms-kit.ts';

// Issue 38, item 3: an item's edit and delete as plain HTML forms (`edit-<section>`, `delete-<section>`,
// from the item page's `?edit=1` form and its Delete disclosure): one definition each with the JSON
// PATCH and DELETE, so only the item's author or an admin gets anything done, and a refusal stores nothing.

const { t, call, user, admin, place, post, flashOf, expectBack } = formsTestKit();

const page = (id: string) => `/discipline/surfing/places/${id}`;
const placeFields = (id: string, name: string) => ({
  id,
  page: page(id),
  back: page(id),
  name,
  location: 'Bay',
  latitude: '1.5',
  longitude: '2',
  imageUrl: '',
  audience: 'public',
});

async function pendingPlace(author: Awaited<ReturnType<typeof user>>) {
  const res = await call('POST', '/api/disciplines/surfing/places', author, { name: 'Kept Spot', location: 'Bay', latitude: 1, longitude: 2 });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
const placeOf = async (id: string) => (await call('GET', `/api/places/${id}`, await admin())).json() as { name: string; latitude: number };

describe('edit-<section>', () => {
  test("the author's edit is saved as the app saves it, with the section's toast", async () => {
    const author = await user();
    const id = await pendingPlace(author);
    expectBack(await post('edit-places', placeFields(id, 'New Name'), author), page(id), { kind: 'success', title: 'places.toast.saved' });
    expect(await placeOf(id)).toMatchObject({ name: 'New Name', latitude: 1.5 });
  });

  test("someone else's edit is refused: back to the open form with the error, nothing stored", async () => {
    // An approved place they can see (FORBIDDEN), and one waiting for approval they cannot (CONTENT_NOT_FOUND).
    for (const [id, code] of [
      [await place(await user()), 'FORBIDDEN'],
      [await pendingPlace(await user()), 'CONTENT_NOT_FOUND'],
    ] as const) {
      const before = (await placeOf(id)).name;
      expectBack(await post('edit-places', placeFields(id, 'Stolen'), await user()), `${page(id)}?edit=1`, { kind: 'error', title: `errors.${code}` });
      expect((await placeOf(id)).name).toBe(before);
    }
  });

  test('a bad value is refused with its error, nothing stored', async () => {
    const author = await user();
    const id = await pendingPlace(author);
    expectBack(await post('edit-places', placeFields(id, ''), author), `${page(id)}?edit=1`, { kind: 'error', title: 'errors.REQUIRED' });
    expect((await placeOf(id)).name).toBe('Kept Spot');
  });

  test('a section the site does not have, or an item of another section, is not found', async () => {
    const author = await user();
    const id = await pendingPlace(author);
    for (const section of ['teams', 'users', 'events']) {
      const flash = flashOf(await post(`edit-${section}`, placeFields(id, 'Other'), author));
      // The event's fields are checked before its path: what it lacks is refused first.
      expect(flash).toMatchObject({ kind: 'error', title: section === 'events' ? 'errors.REQUIRED' : 'errors.NOT_FOUND' });
    }
    expect((await placeOf(id)).name).toBe('Kept Spot');
  });

  test("an event's times are read on the clock of the zone the form was drawn in; untouched ones are not sent", async () => {
    const organiser = await admin();
    const start = '2031-03-04T18:00:00.000Z';
    const res = await call('POST', '/api/disciplines/surfing/events', organiser, {
      name: 'Ride',
      description: 'A ride.',
      location: 'Bay',
      type: 'Meetup',
      price: 0,
      startDate: start,
      endDate: '2031-03-04T20:00:00.000Z',
    });
    const id = (res.json() as { id: string }).id;
    const fields = {
      id,
      back: '/',
      name: 'Ride',
      description: 'A ride.',
      location: 'Bay',
      type: 'Meetup',
      price: '0',
      maxAttendees: '',
      imageUrl: '',
      placeId: '',
      timeZone: 'Europe/Paris',
    };
    // Drawn as 19:00 in Paris and left as it was: the start stays; the end moved to 22:30 Paris time.
    const drawn = { startDate: '2031-03-04T19:00', startDateWas: '2031-03-04T19:00', endDate: '2031-03-04T22:30', endDateWas: '2031-03-04T21:00' };
    expectBack(await post('edit-events', { ...fields, ...drawn }, organiser), '/', { kind: 'success', title: 'events.toast.saved' });
    const saved = (await call('GET', `/api/events/${id}`, organiser)).json() as Event;
    expect([saved.startDate, saved.endDate]).toEqual([start, '2031-03-04T21:30:00.000Z']);
  });
});

describe('delete-<section>', () => {
  test("the author's delete goes to the section's list with the app's message", async () => {
    const author = await user();
    const id = await pendingPlace(author);
    const list = '/discipline/surfing/places';
    expectBack(await post('delete-places', { id, page: page(id), back: list }, author), list, { kind: 'success', title: 'content.deleted' });
    expect((await call('GET', `/api/places/${id}`, author)).statusCode).toBe(404);
  });

  test("someone else's delete is refused back on the item's page, nothing deleted", async () => {
    const id = await place(await user());
    const res = await post('delete-places', { id, page: page(id), back: '/discipline/surfing/places' }, await user());
    expectBack(res, page(id), { kind: 'error', title: 'errors.FORBIDDEN' });
    expect((await call('GET', `/api/places/${id}`, await admin())).statusCode).toBe(200);
  });

  test("a date of a series: 'one' deletes it alone, 'following' it and the later ones", async () => {
    const organiser = await admin();
    const body = {
      name: 'Weekly',
      description: 'Every week.',
      location: 'Bay',
      type: 'Meetup',
      price: 0,
      startDate: '2031-05-06T18:00:00.000Z',
      endDate: '2031-05-06T20:00:00.000Z',
    };
    const made = await call('POST', '/api/disciplines/surfing/events', organiser, { ...body, repeat: { frequency: 'weekly', count: 4, timeZone: 'UTC' } });
    expect(made.statusCode, made.body).toBe(201);
    const ids = (await t.app.db.selectFrom('events').select('id').where('name', '=', 'Weekly').orderBy('start_date').execute()).map((row) => row.id);
    expect(ids).toHaveLength(4);
    const alive = async () => Promise.all(ids.map(async (id) => (await call('GET', `/api/events/${id}`, organiser)).statusCode));
    await post('delete-events', { id: ids[0]!, applyTo: 'one', back: '/' }, organiser);
    expect(await alive()).toEqual([404, 200, 200, 200]);
    await post('delete-events', { id: ids[2]!, applyTo: 'following', back: '/' }, organiser);
    expect(await alive()).toEqual([404, 200, 404, 404]);
  });
});
