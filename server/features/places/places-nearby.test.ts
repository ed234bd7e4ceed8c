import { describe, expect, test } from 'vitest';
import { NEARBY_LIMIT, NEARBY_RADIUS_KM, type NearbyPlaces, type Place, type PlaceInput, type PlaceList } from '../../../common/places.ts';
import { contentTestKit, expectError, MISSING_ID, sectionCalls } from '../../test/content-kit.ts';
import { longitudeRanges } from './places.db.ts';

const kit = contentTestKit('place');
const { call, token, user, decide } = kit;

const input = (over: Partial<PlaceInput> = {}): PlaceInput => ({ name: `Spot ${token()}`, location: 'Somewhere', latitude: 0, longitude: 0, ...over });
const { add } = sectionCalls<Place, PlaceInput, PlaceList>(call, 'places', input, 'surfing');

/** An approved place `north` km north and `east` km east of (latitude, longitude), near enough to the equator for these sums. */
function at(latitude: number, longitude: number, north = 0, east = 0, discipline = 'surfing') {
  const over = { latitude: latitude + north / 111.2, longitude: longitude + east / (111.2 * Math.cos((latitude * Math.PI) / 180)) };
  return discipline === 'surfing' ? add(kit.admin, over) : sectionCalls<Place, PlaceInput, PlaceList>(call, 'places', input, discipline).add(kit.admin, over);
}

async function nearby(id: string, as: Parameters<typeof call>[2] = null): Promise<NearbyPlaces> {
  const res = await call('GET', `/api/places/${id}/nearby`, as);
  expect(res.statusCode).toBe(200);
  return res.json() as NearbyPlaces;
}

describe('nearby spots', () => {
  test('approved places of the discipline within the radius, nearest first, with their distance', async () => {
    const [lat, lng] = [-41.3, 174.8];
    const here = await at(lat, lng);
    const far = await at(lat, lng, 30, 0);
    const near = await at(lat, lng, 0, -5);
    const middle = await at(lat, lng, -12, 0);
    await at(lat, lng, 60, 0); // beyond the radius
    await at(lat, lng, 2, 2, 'skateboarding'); // another discipline
    const pending = await add(await user(), { latitude: lat, longitude: lng + 0.01 }); // not approved
    await decide((await add(await user(), { latitude: lat + 0.01, longitude: lng })).id, 'rejected');

    const found = await nearby(here.id);
    expect(found.radiusKm).toBe(NEARBY_RADIUS_KM);
    expect(found.items.map((p) => p.id)).toEqual([near.id, middle.id, far.id]);
    expect(found.items.map((p) => p.distanceKm)).toEqual([expect.closeTo(5, 0), expect.closeTo(12, 0), expect.closeTo(30, 0)]);
    expect(found.items[0]).toMatchObject({ name: near.name, location: near.location, disciplineId: 'surfing' });
    expect(found.items.map((p) => p.id)).not.toContain(pending.id);
  });

  test('the circle crosses the antimeridian', async () => {
    const west = await at(-16.5, 179.95);
    const east = await at(-16.5, -179.9);
    expect((await nearby(west.id)).items.map((p) => p.id)).toEqual([east.id]);
    expect((await nearby(east.id)).items[0]).toMatchObject({ id: west.id, distanceKm: expect.closeTo(16, 0) });
  });

  test(`at most ${NEARBY_LIMIT} spots`, async () => {
    const here = await at(64.1, -21.9);
    for (let i = 1; i <= NEARBY_LIMIT + 2; i += 1) await at(64.1, -21.9, i, 0);
    const { items } = await nearby(here.id);
    expect(items).toHaveLength(NEARBY_LIMIT);
    expect(items.at(-1)!.distanceKm).toBeCloseTo(NEARBY_LIMIT, 0);
  });

  test('a place the viewer may not see, an unknown one and a malformed id answer 404', async () => {
    const author = await user();
    const pending = await add(author, { latitude: 10, longitude: 10 });
    expectError(await call('GET', `/api/places/${pending.id}/nearby`), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/places/${pending.id}/nearby`, await user()), 404, 'CONTENT_NOT_FOUND');
    expect((await nearby(pending.id, author)).items).toEqual([]);
    expectError(await call('GET', `/api/places/${MISSING_ID}/nearby`), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/places/not-an-id/nearby`), 404, 'CONTENT_NOT_FOUND');
  });
});

describe('longitudeRanges', () => {
  test('one range, two across the antimeridian, the whole circle near a pole', () => {
    expect(longitudeRanges(10, 1)).toEqual([[9, 11]]);
    expect(longitudeRanges(179.5, 1)).toEqual([
      [178.5, 180],
      [-180, -179.5],
    ]);
    expect(longitudeRanges(-179.5, 1)).toEqual([
      [180 - 0.5, 180],
      [-180, -178.5],
    ]);
    expect(longitudeRanges(0, 200)).toEqual([[-180, 180]]);
  });
});
