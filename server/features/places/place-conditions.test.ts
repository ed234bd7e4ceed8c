import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import type { ConditionReportInput, PlaceConditions } from '../../../common/conditions.ts';
import type { Place, PlaceList } from '../../../common/places.ts';
import type { PublicProfile } from '../../../common/profiles.ts';
import { contentTestKit, expectError, MISSING_ID, type User } from '../../test/content-kit.ts';

// Issue 20, item 2: condition reports that fit the sport of the place, expire, show on cards and
// markers (the place's `conditions`), get likes and count on the reporter's profile.

const kit = contentTestKit('place');
const { call, token, user } = kit;

/** An approved place of `discipline` (an admin's place is approved at once). */
async function placeOf(discipline: string, by: User = kit.admin): Promise<Place> {
  const res = await call('POST', `/api/disciplines/${discipline}/places`, by, { name: `Spot ${token()}`, location: 'Somewhere', latitude: 10, longitude: 20 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Place;
}

/** A refusal's status and code (a validation error also names its fields). */
function expectRefused(res: LightMyRequestResponse, status: number, code: string) {
  expect({ status: res.statusCode, code: (res.json() as { code: string }).code }, res.body).toEqual({ status, code });
}

const WATER: ConditionReportInput = { kind: 'water', size: 'medium', wind: 'light', crowd: 'some' };

const report = (placeId: string, who: User | null, body: unknown) => call('POST', `/api/places/${placeId}/conditions`, who, body);
const conditionsOf = async (placeId: string, who: User | null = null) => {
  const res = await call('GET', `/api/places/${placeId}/conditions`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlaceConditions;
};
const placeRead = async (placeId: string) => (await call('GET', `/api/places/${placeId}`, null)).json() as Place;
const storedReports = async (placeId: string) =>
  (await kit.t.app.db.selectFrom('condition_reports').select('id').where('place_id', '=', placeId).execute()).length;

describe('reporting conditions', () => {
  test('a rider reports a surf spot: listed with reporter, values and note; the latest shows on the place, in lists and on the profile', async () => {
    const rider = await user();
    const place = await placeOf('surfing');
    expect((await placeRead(place.id)).conditions).toBeNull();

    const res = await report(place.id, rider, { ...WATER, note: '  Clean sets  at dawn ' });
    expect(res.statusCode, res.body).toBe(201);
    const [made] = (res.json() as PlaceConditions).reports;
    expect(made).toMatchObject({
      kind: 'water',
      values: { size: 'medium', wind: 'light', crowd: 'some' },
      note: 'Clean sets at dawn',
      author: { id: rider.id, name: rider.name },
      likes: 0,
      liked: false,
      canDelete: true,
    });
    // Current for the configured time (6 h by default), fixed when made.
    expect(Date.parse(made!.expiresAt) - Date.parse(made!.createdAt)).toBe(6 * 3_600_000);

    const seen = await conditionsOf(place.id);
    expect(seen.kind).toBe('water');
    expect(seen.reports).toMatchObject([{ id: made!.id, note: 'Clean sets at dawn', canDelete: false }]);
    expect((await placeRead(place.id)).conditions).toEqual({
      kind: 'water',
      values: { size: 'medium', wind: 'light', crowd: 'some' },
      createdAt: made!.createdAt,
    });
    const list = (await call('GET', `/api/disciplines/surfing/places?q=${encodeURIComponent(place.name)}`, null)).json() as PlaceList;
    expect(list.items[0]?.conditions).toMatchObject({ values: { size: 'medium' } });
    expect(((await call('GET', `/api/profiles/${rider.id}`, null)).json() as PublicProfile).conditionReports).toBe(1);
  });

  test('each category asks its own questions: snow, sky and the others', async () => {
    const rider = await user();
    const snow = await placeOf('snowboarding');
    const sky = await placeOf('paragliding');
    const park = await placeOf('skateboarding');
    expect((await report(snow.id, rider, { kind: 'snow', snow: 'powder', visibility: 'good', wind: 'none' })).statusCode).toBe(201);
    expect((await report(sky.id, rider, { kind: 'sky', wind: 'light', thermals: 'strong' })).statusCode).toBe(201);
    expect((await report(park.id, rider, { kind: 'ground', surface: 'wet', crowd: 'busy', open: 'busted' })).statusCode).toBe(201);
    expect((await conditionsOf(snow.id)).kind).toBe('snow');
    expect((await conditionsOf(sky.id)).reports[0]?.values).toEqual({ wind: 'light', thermals: 'strong' });
    expect((await conditionsOf(park.id)).reports[0]?.values).toEqual({ surface: 'wet', crowd: 'busy', open: 'busted' });
  });

  test('answers that do not fit the place, missing or unknown ones, and a long note: 400 and nothing stored', async () => {
    const rider = await user();
    const snow = await placeOf('snowboarding');
    const surf = await placeOf('surfing');
    // A whole report of another kind.
    expectRefused(await report(snow.id, rider, WATER), 400, 'CONDITIONS_WRONG_FIELDS');
    // The place's kind with a field of another (thermals on a snow spot).
    expectRefused(
      await report(snow.id, rider, { kind: 'snow', snow: 'icy', visibility: 'poor', wind: 'strong', thermals: 'weak' }),
      400,
      'CONDITIONS_WRONG_FIELDS',
    );
    expectRefused(await report(surf.id, rider, { kind: 'lava', heat: 'high' }), 400, 'CONDITIONS_WRONG_FIELDS');
    expectRefused(await report(surf.id, rider, { kind: 'water', size: 'big', wind: 'light' }), 400, 'CONDITIONS_MISSING_VALUE');
    expectRefused(await report(surf.id, rider, { ...WATER, size: 'tsunami' }), 400, 'CONDITIONS_MISSING_VALUE');
    expectRefused(await report(surf.id, rider, { ...WATER, note: 'x'.repeat(281) }), 400, 'TOO_LONG');
    // Who reports, where and until when are the server's to say.
    expectRefused(
      await report(surf.id, rider, { ...WATER, authorId: kit.admin.id, placeId: snow.id, expiresAt: '2099-01-01T00:00:00Z' }),
      400,
      'CONDITIONS_WRONG_FIELDS',
    );
    expect(await storedReports(snow.id)).toBe(0);
    expect(await storedReports(surf.id)).toBe(0);
  });

  test('visitors are asked to sign in; a place the reporter cannot see answers 404', async () => {
    const place = await placeOf('surfing');
    expectError(await report(place.id, null, WATER), 401, 'UNAUTHORIZED');

    const author = await user();
    const pending = await placeOf('surfing', author);
    expect(pending.status).toBe('pending');
    const stranger = await user();
    expectError(await report(pending.id, stranger, WATER), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/places/${pending.id}/conditions`, null), 404, 'CONTENT_NOT_FOUND');
    expectError(await report(MISSING_ID, stranger, WATER), 404, 'CONTENT_NOT_FOUND');
    expectError(await report('not-a-uuid', stranger, WATER), 404, 'CONTENT_NOT_FOUND');
    expect(await storedReports(pending.id)).toBe(0);
  });
});

describe('expiry', () => {
  test('an expired report is no longer current: gone from the list and the summary, still counted on the profile', async () => {
    const rider = await user();
    const place = await placeOf('surfing');
    expect((await report(place.id, rider, WATER)).statusCode).toBe(201);
    expect((await report(place.id, rider, { ...WATER, size: 'big' })).statusCode).toBe(201);
    const [latest, older] = (await conditionsOf(place.id)).reports;
    expect(latest?.values.size).toBe('big');

    // The clock moves past the newer one's end.
    await kit.t.app.db
      .updateTable('condition_reports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', latest!.id)
      .execute();
    expect((await conditionsOf(place.id)).reports.map((r) => r.id)).toEqual([older!.id]);
    expect((await placeRead(place.id)).conditions?.values.size).toBe('medium');

    await kit.t.app.db
      .updateTable('condition_reports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('place_id', '=', place.id)
      .execute();
    expect((await conditionsOf(place.id)).reports).toEqual([]);
    expect((await placeRead(place.id)).conditions).toBeNull();
    expect(((await call('GET', `/api/profiles/${rider.id}`, null)).json() as PublicProfile).conditionReports).toBe(2);
  });
});

describe('likes and deleting', () => {
  async function reported(by: User) {
    const place = await placeOf('surfing');
    const res = await report(place.id, by, WATER);
    expect(res.statusCode).toBe(201);
    return { place, id: (res.json() as PlaceConditions).reports[0]!.id };
  }

  test('riders like a report and take the like back; visitors cannot', async () => {
    const rider = await user();
    const fan = await user();
    const { place, id } = await reported(rider);
    expectError(await call('PUT', `/api/condition-reports/${id}/like`, null), 401, 'UNAUTHORIZED');
    expect((await call('PUT', `/api/condition-reports/${id}/like`, fan)).json()).toEqual({ liked: true, likes: 1 });
    expect((await call('PUT', `/api/condition-reports/${id}/like`, fan)).json()).toEqual({ liked: true, likes: 1 });
    expect((await conditionsOf(place.id, fan)).reports[0]).toMatchObject({ likes: 1, liked: true });
    expect((await call('DELETE', `/api/condition-reports/${id}/like`, fan)).json()).toEqual({ liked: false, likes: 0 });
    expectError(await call('PUT', `/api/condition-reports/${MISSING_ID}/like`, fan), 404, 'NOT_FOUND');
  });

  test('the reporter or an admin deletes a report, nobody else; an expired one too', async () => {
    const rider = await user();
    const other = await user();
    const first = await reported(rider);
    expectError(await call('DELETE', `/api/condition-reports/${first.id}`, null), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/condition-reports/${first.id}`, other), 403, 'FORBIDDEN');
    expect(await storedReports(first.place.id)).toBe(1);
    expect((await conditionsOf(first.place.id, kit.admin)).reports[0]?.canDelete).toBe(true);
    expect((await call('DELETE', `/api/condition-reports/${first.id}`, rider)).statusCode).toBe(204);
    expect(await storedReports(first.place.id)).toBe(0);

    const second = await reported(rider);
    await kit.t.app.db
      .updateTable('condition_reports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second.id)
      .execute();
    expect((await call('DELETE', `/api/condition-reports/${second.id}`, kit.admin)).statusCode).toBe(204);
    expect(await storedReports(second.place.id)).toBe(0);
    expectError(await call('DELETE', `/api/condition-reports/${second.id}`, kit.admin), 404, 'NOT_FOUND');
  });
});

describe('as HTML forms', () => {
  const post = (action: string, fields: Record<string, string>, who: User) =>
    kit.t.app.inject({
      method: 'POST',
      url: `/actions/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: kit.t.config.publicUrl, cookie: who.cookie },
      payload: new URLSearchParams(fields).toString(),
    });

  test('a report posted as a form is stored and says so; a wrong one comes back with its error', async () => {
    const rider = await user();
    const place = await placeOf('surfing');
    const back = `/discipline/surfing/places/${place.id}`;
    const done = await post('report-conditions', { placeId: place.id, kind: 'water', size: 'flat', wind: 'none', crowd: 'empty', note: 'Lake', back }, rider);
    expect({ status: done.statusCode, location: done.headers.location }).toEqual({ status: 303, location: back });
    expect(decodeURIComponent(done.cookies.find((c) => c.name === 'stoked-flash')!.value)).toContain('places.conditions.reported');
    expect((await conditionsOf(place.id)).reports[0]).toMatchObject({ values: { size: 'flat' }, note: 'Lake' });

    const wrong = await post(
      'report-conditions',
      { placeId: place.id, kind: 'water', size: 'flat', wind: 'none', crowd: 'empty', thermals: 'weak', back },
      rider,
    );
    expect(decodeURIComponent(wrong.cookies.find((c) => c.name === 'stoked-flash')!.value)).toContain('errors.CONDITIONS_WRONG_FIELDS');
    expect(await storedReports(place.id)).toBe(1);
  });

  test("a report's own actions as forms (common/conditions-basics.ts): liked, unliked, then deleted by its reporter", async () => {
    const [rider, reader] = [await user(), await user()];
    const place = await placeOf('surfing');
    const back = `/discipline/surfing/places/${place.id}`;
    expect((await report(place.id, rider, WATER)).statusCode).toBe(201);
    const id = (await conditionsOf(place.id)).reports[0]!.id;
    const flashOf = (res: LightMyRequestResponse) => decodeURIComponent(res.cookies.find((c) => c.name === 'stoked-flash')?.value ?? '');

    // No message: the heart and its count say it.
    const liked = await post('like-condition-report', { id, back }, reader);
    expect({ status: liked.statusCode, location: liked.headers.location, flash: flashOf(liked) }).toEqual({ status: 303, location: back, flash: '' });
    expect((await conditionsOf(place.id, reader)).reports[0]).toMatchObject({ liked: true, likes: 1 });
    await post('unlike-condition-report', { id, back }, reader);
    expect((await conditionsOf(place.id, reader)).reports[0]).toMatchObject({ liked: false, likes: 0 });

    expect(flashOf(await post('delete-condition-report', { id, back }, reader))).toContain('errors.FORBIDDEN');
    const deleted = await post('delete-condition-report', { id, back }, rider);
    expect({ status: deleted.statusCode, location: deleted.headers.location }).toEqual({ status: 303, location: back });
    expect(flashOf(deleted)).toContain('places.conditions.deleted');
    expect(await storedReports(place.id)).toBe(0);
  });
});
