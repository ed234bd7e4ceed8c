import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { FLASH_COOKIE, parseFlash } from '../../../common/forms.ts';
import type { PlaceAccess } from '../../../common/place-access.ts';
import type { Place } from '../../../common/places.ts';
import { contentTestKit, type User } from '../../test/content-kit.ts';

// The place page's access actions as plain HTML forms (common/place-access-basics.ts):
// same-origin only, every rule of the API applied, answered with a redirect back and a message.

const kit = contentTestKit('place');
const { call, token, user, t } = kit;
const BACK = '/discipline/surfing/places/x';

function post(action: string, fields: Record<string, string>, who: User | null, origin: string | null = t.config.publicUrl) {
  return t.app.inject({
    method: 'POST',
    url: `/actions/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}), ...(who ? { cookie: who.cookie } : {}) },
    payload: new URLSearchParams({ back: BACK, ...fields }).toString(),
  });
}

function expectBack(res: LightMyRequestResponse, location: string, flash: { kind: string; title: string }) {
  expect({ status: res.statusCode, location: res.headers.location }, res.body).toEqual({ status: 303, location });
  const cookie = res.cookies.find((c) => c.name === FLASH_COOKIE);
  expect(parseFlash(cookie?.value ? decodeURIComponent(cookie.value) : undefined)).toMatchObject(flash);
}

const accessOf = async (id: string) => (await call('GET', `/api/places/${id}/access`)).json() as PlaceAccess;

async function placeWithSteward() {
  const res = await call('POST', '/api/disciplines/surfing/places', kit.admin, { name: `Crag ${token()}`, location: 'Alps', latitude: 45, longitude: 6 });
  const place = res.json() as Place;
  const steward = await user();
  expect((await call('POST', `/api/places/${place.id}/stewards`, kit.admin, { userId: steward.id })).statusCode).toBe(201);
  const { closures } = (
    await call('POST', `/api/places/${place.id}/closures`, kit.admin, { startsOn: '2032-01-01', endsOn: '2032-01-05', reason: 'Works' })
  ).json() as PlaceAccess;
  return { place, steward, closureId: closures[0]!.id };
}

describe('the access forms', () => {
  test('a steward sets the status and adds a yearly closure without scripts', async () => {
    const { place, steward } = await placeWithSteward();
    expectBack(await post('place-access-status', { id: place.id, status: 'permit' }, steward), BACK, {
      kind: 'success',
      title: 'places.access.toast.statusSaved',
    });
    const fields = { placeId: place.id, startsOn: '2033-03-01', endsOn: '2033-07-31', reason: 'Nesting season', yearly: 'on' };
    expectBack(await post('place-closure-add', fields, steward), BACK, { kind: 'success', title: 'places.access.toast.closureAdded' });
    const access = await accessOf(place.id);
    expect(access.summary.set).toBe('permit');
    expect(access.closures).toContainEqual(expect.objectContaining({ startsOn: '2033-03-01', reason: 'Nesting season', yearly: true }));
  });

  test('bad input and riders who may not: back with the translated error, nothing stored', async () => {
    const { place, steward } = await placeWithSteward();
    const endBeforeStart = { placeId: place.id, startsOn: '2033-05-02', endsOn: '2033-05-01', reason: 'Works' };
    expectBack(await post('place-closure-add', endBeforeStart, steward), BACK, { kind: 'error', title: 'errors.END_BEFORE_START' });
    const overlapping = { placeId: place.id, startsOn: '2032-01-05', endsOn: '2032-01-09', reason: 'More works' };
    expectBack(await post('place-closure-add', overlapping, steward), BACK, { kind: 'error', title: 'errors.CLOSURE_OVERLAP' });
    const rider = await user();
    expectBack(await post('place-access-status', { id: place.id, status: 'closed' }, rider), BACK, { kind: 'error', title: 'errors.FORBIDDEN' });
    expectBack(await post('place-steward-add', { id: place.id, userId: rider.id }, steward), BACK, { kind: 'error', title: 'errors.FORBIDDEN' });
    const access = await accessOf(place.id);
    expect(access).toMatchObject({ summary: { set: 'open' }, closures: [{ reason: 'Works' }], stewards: [{ id: steward.id }] });
  });

  test('an admin names and removes a steward, and removes a closure', async () => {
    const { place, steward, closureId } = await placeWithSteward();
    const rider = await user();
    expectBack(await post('place-steward-add', { id: place.id, userId: rider.id }, kit.admin), BACK, {
      kind: 'success',
      title: 'places.access.toast.stewardAdded',
    });
    expectBack(await post('place-steward-remove', { id: place.id, userId: steward.id }, kit.admin), BACK, {
      kind: 'success',
      title: 'places.access.toast.stewardRemoved',
    });
    expectBack(await post('place-closure-remove', { id: place.id, closureId }, kit.admin), BACK, {
      kind: 'success',
      title: 'places.access.toast.closureRemoved',
    });
    expect(await accessOf(place.id)).toMatchObject({ closures: [], stewards: [{ id: rider.id }] });
  });

  const actions = ['place-access-status', 'place-closure-add', 'place-closure-remove', 'place-steward-add', 'place-steward-remove'];
  test.each(actions)('%s from another site, or with no Origin: 403 and nothing changed; a visitor is sent to log in', async (action) => {
    const { place, steward, closureId } = await placeWithSteward();
    const rider = await user();
    const fields = {
      id: place.id,
      placeId: place.id,
      status: 'closed',
      startsOn: '2034-01-01',
      endsOn: '2034-01-02',
      reason: 'Forged',
      closureId,
      userId: action === 'place-steward-add' ? rider.id : steward.id,
    };
    const before = await accessOf(place.id);
    for (const origin of ['https://evil.example', null]) {
      const res = await post(action, fields, kit.admin, origin);
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(403);
      expect(res.headers.location).toBeUndefined();
    }
    expectBack(await post(action, fields, null), `/login?next=${encodeURIComponent(BACK)}`, { kind: 'error', title: 'content.loginRequired' });
    expect(await accessOf(place.id)).toEqual(before);
  });
});
