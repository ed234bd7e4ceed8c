import { describe, expect, test } from 'vitest';
import { todayUtc, type ClosureInput, type PlaceAccess } from '../../../common/place-access.ts';
import type { Place, PlaceInput, PlaceList } from '../../../common/places.ts';
import { contentTestKit, expectError, type User, sectionCalls } from '../../test/content-kit.ts';

// Issue 20 item 3: a place's access status, dated closures (some yearly), the history of changes,
// changed by admins and the place's stewards only.

const kit = contentTestKit('place');
const { call, token, user } = kit;
const DISCIPLINE = 'surfing';

const { add: addPlace, list } = sectionCalls<Place, PlaceInput, PlaceList>(
  call,
  'places',
  (over = {}) => ({ name: `Cliff ${token()}`, location: 'Somewhere', latitude: 45, longitude: 6, ...over }),
  DISCIPLINE,
);

const DAY = 86_400_000;
const today = () => todayUtc();
/** The day `n` days from today ('YYYY-MM-DD'). */
const inDays = (n: number) => todayUtc(Date.now() + n * DAY);
/** `day` moved by whole years (the same month and day). */
const yearsFrom = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;

const closure = (over: Partial<ClosureInput> = {}): ClosureInput => ({ startsOn: inDays(-1), endsOn: inDays(1), reason: 'Nesting falcons', ...over });

const accessOf = async (placeId: string, who: User | null = null) => {
  const res = await call('GET', `/api/places/${placeId}/access`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlaceAccess;
};
const placeOf = async (placeId: string) => (await call('GET', `/api/places/${placeId}`)).json() as Place;

/** An approved place with a steward (a rider the admin named). */
async function stewardedPlace() {
  const place = await addPlace(kit.admin);
  const steward = await user();
  expect((await call('POST', `/api/places/${place.id}/stewards`, kit.admin, { userId: steward.id })).statusCode).toBe(201);
  return { place, steward };
}

describe('who may change a place access', () => {
  test('visitors, plain riders and stewards of another place are refused; the steward and admins may', async () => {
    const { place, steward } = await stewardedPlace();
    const { steward: otherSteward } = await stewardedPlace();
    const rider = await user();
    const refused: [User | null, number, string][] = [
      [null, 401, 'UNAUTHORIZED'],
      [rider, 403, 'FORBIDDEN'],
      [otherSteward, 403, 'FORBIDDEN'],
    ];
    for (const [who, status, code] of refused) {
      expectError(await call('PUT', `/api/places/${place.id}/access`, who, { status: 'closed' }), status, code);
      expectError(await call('POST', `/api/places/${place.id}/closures`, who, closure()), status, code);
    }
    expect(await accessOf(place.id)).toMatchObject({ summary: { status: 'open' }, closures: [] });

    expect((await call('PUT', `/api/places/${place.id}/access`, steward, { status: 'restricted' })).json()).toMatchObject({
      summary: { status: 'restricted' },
    });
    const added = await call('POST', `/api/places/${place.id}/closures`, steward, closure());
    expect(added.statusCode, added.body).toBe(201);
    const closureId = (added.json() as PlaceAccess).closures[0]!.id;
    for (const [who, status, code] of refused) expectError(await call('DELETE', `/api/places/${place.id}/closures/${closureId}`, who), status, code);
    expect((await call('DELETE', `/api/places/${place.id}/closures/${closureId}`, kit.admin)).statusCode).toBe(200);
    expect((await call('PUT', `/api/places/${place.id}/access`, kit.admin, { status: 'permit' })).json()).toMatchObject({ summary: { status: 'permit' } });
  });

  test('only admins name and remove stewards', async () => {
    const { place, steward } = await stewardedPlace();
    const rider = await user();
    for (const who of [rider, steward]) {
      expectError(await call('POST', `/api/places/${place.id}/stewards`, who, { userId: rider.id }), 403, 'FORBIDDEN');
      expectError(await call('DELETE', `/api/places/${place.id}/stewards/${steward.id}`, who), 403, 'FORBIDDEN');
    }
    expectError(await call('POST', `/api/places/${place.id}/stewards`, null, { userId: rider.id }), 401, 'UNAUTHORIZED');
    expectError(await call('POST', `/api/places/${place.id}/stewards`, kit.admin, { userId: 'nobody' }), 404, 'USER_NOT_FOUND');
    expect((await accessOf(place.id)).stewards.map((s) => s.id)).toEqual([steward.id]);

    expect((await call('DELETE', `/api/places/${place.id}/stewards/${steward.id}`, kit.admin)).json()).toMatchObject({ stewards: [] });
    // No longer a steward: no longer allowed.
    expectError(await call('PUT', `/api/places/${place.id}/access`, steward, { status: 'closed' }), 403, 'FORBIDDEN');
  });

  test('a place hidden from the viewer is not found, its access included', async () => {
    const author = await user();
    const pending = await addPlace(author);
    expectError(await call('GET', `/api/places/${pending.id}/access`, await user()), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/places/${pending.id}/access`), 404, 'CONTENT_NOT_FOUND');
    // Its author sees it but may not change its access: only admins and stewards do.
    expect((await accessOf(pending.id, author)).summary.status).toBe('open');
    expectError(await call('PUT', `/api/places/${pending.id}/access`, author, { status: 'closed' }), 403, 'FORBIDDEN');
  });
});

describe('closures', () => {
  test('a closure covering today closes the place, with its reason and end', async () => {
    const place = await addPlace(kit.admin);
    expect((await placeOf(place.id)).access).toEqual({ status: 'open', set: 'open', closure: null });
    await call('POST', `/api/places/${place.id}/closures`, kit.admin, closure({ startsOn: inDays(-2), endsOn: inDays(3) }));
    expect((await placeOf(place.id)).access).toEqual({
      status: 'closed',
      set: 'open',
      closure: { reason: 'Nesting falcons', startsOn: inDays(-2), endsOn: inDays(3) },
    });
    // One that ended yesterday, or starts tomorrow, does not.
    const other = await addPlace(kit.admin);
    await call('POST', `/api/places/${other.id}/closures`, kit.admin, closure({ startsOn: inDays(-9), endsOn: inDays(-1) }));
    await call('POST', `/api/places/${other.id}/closures`, kit.admin, closure({ startsOn: inDays(1), endsOn: inDays(9) }));
    expect((await placeOf(other.id)).access.status).toBe('open');
  });

  test('a yearly closure closes the place every year on its days; the same days once do not', async () => {
    const yearly = await addPlace(kit.admin);
    const once = await addPlace(kit.admin);
    const twoYearsAgo = { startsOn: yearsFrom(inDays(-3), -2), endsOn: yearsFrom(inDays(3), -2) };
    expect((await call('POST', `/api/places/${yearly.id}/closures`, kit.admin, closure({ ...twoYearsAgo, yearly: true }))).statusCode).toBe(201);
    expect((await call('POST', `/api/places/${once.id}/closures`, kit.admin, closure(twoYearsAgo))).statusCode).toBe(201);
    // This year's days of it, not the first year's.
    expect((await placeOf(yearly.id)).access).toMatchObject({ status: 'closed', closure: { endsOn: inDays(3) } });
    expect((await placeOf(once.id)).access.status).toBe('open');
    // A yearly closure whose first year is still to come closes nothing yet.
    const later = await addPlace(kit.admin);
    await call(
      'POST',
      `/api/places/${later.id}/closures`,
      kit.admin,
      closure({ startsOn: yearsFrom(inDays(-3), 1), endsOn: yearsFrom(inDays(3), 1), yearly: true }),
    );
    expect((await placeOf(later.id)).access.status).toBe('open');
  });

  test('overlapping closures are refused with CLOSURE_OVERLAP and nothing is stored', async () => {
    const place = await addPlace(kit.admin);
    await call('POST', `/api/places/${place.id}/closures`, kit.admin, closure({ startsOn: '2031-03-01', endsOn: '2031-07-31', yearly: true }));
    const overlapping: ClosureInput[] = [
      closure({ startsOn: '2031-07-31', endsOn: '2031-08-10' }),
      // The yearly season comes back in 2034.
      closure({ startsOn: '2034-02-20', endsOn: '2034-03-01' }),
      closure({ startsOn: '2029-07-01', endsOn: '2029-07-05', yearly: true }),
    ];
    for (const input of overlapping) expectError(await call('POST', `/api/places/${place.id}/closures`, kit.admin, input), 400, 'CLOSURE_OVERLAP');
    expect((await accessOf(place.id)).closures).toHaveLength(1);
    // The days next to it, and the same days before its first year, are free.
    for (const input of [closure({ startsOn: '2031-08-01', endsOn: '2031-08-02' }), closure({ startsOn: '2030-03-01', endsOn: '2030-03-02' })]) {
      expect((await call('POST', `/api/places/${place.id}/closures`, kit.admin, input)).statusCode).toBe(201);
    }
  });

  test.each([
    [{ startsOn: '2031-05-02', endsOn: '2031-05-01' }, 'END_BEFORE_START'],
    [{ startsOn: '2031-02-30' }, 'INVALID_DATE'],
    [{ endsOn: 'soon' }, 'INVALID_DATE'],
    [{ reason: '  ' }, 'REQUIRED'],
    [{ startsOn: '2031-01-01', endsOn: '2032-01-01', yearly: true }, 'CLOSURE_TOO_LONG'],
  ])('refuses %j with %s, storing nothing', async (over, code) => {
    const place = await addPlace(kit.admin);
    const res = await call('POST', `/api/places/${place.id}/closures`, kit.admin, closure(over as Partial<ClosureInput>));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(await accessOf(place.id)).toMatchObject({ closures: [], history: [] });
  });

  test('an unknown status is refused', async () => {
    const place = await addPlace(kit.admin);
    expect((await call('PUT', `/api/places/${place.id}/access`, kit.admin, { status: 'busted' })).statusCode).toBe(400);
    expect((await placeOf(place.id)).access.set).toBe('open');
  });
});

describe('the places list filter and the history', () => {
  test('?access= lists the places whose access today is that, a closure in force counting as closed', async () => {
    const word = token('spot');
    const open = await addPlace(kit.admin, { name: `Open ${word}` });
    const restricted = await addPlace(kit.admin, { name: `Restricted ${word}` });
    const closedNow = await addPlace(kit.admin, { name: `Shut ${word}` });
    const closedSet = await addPlace(kit.admin, { name: `Gated ${word}` });
    await call('PUT', `/api/places/${restricted.id}/access`, kit.admin, { status: 'restricted' });
    await call('PUT', `/api/places/${closedNow.id}/access`, kit.admin, { status: 'restricted' });
    await call('POST', `/api/places/${closedNow.id}/closures`, kit.admin, closure());
    await call('PUT', `/api/places/${closedSet.id}/access`, kit.admin, { status: 'closed' });
    const names = async (access: string) => (await list(null, `?q=${word}&access=${access}`)).items.map((p) => p.id).sort();
    expect(await names('open')).toEqual([open.id]);
    expect(await names('restricted')).toEqual([restricted.id]);
    expect(await names('closed')).toEqual([closedNow.id, closedSet.id].sort());
    expect(await names('permit')).toEqual([]);
    expect((await list(null, `?q=${word}`)).items).toHaveLength(4);
    expect((await call('GET', `/api/disciplines/${DISCIPLINE}/places?access=busted`)).statusCode).toBe(400);
  });

  test('every change is in the history, the latest first, with who made it', async () => {
    const { place, steward } = await stewardedPlace();
    await call('PUT', `/api/places/${place.id}/access`, steward, { status: 'permit' });
    // Setting the status it has is no change.
    await call('PUT', `/api/places/${place.id}/access`, steward, { status: 'permit' });
    const added = (
      await call('POST', `/api/places/${place.id}/closures`, steward, closure({ startsOn: '2031-03-01', endsOn: '2031-07-31', yearly: true }))
    ).json() as PlaceAccess;
    await call('DELETE', `/api/places/${place.id}/closures/${added.closures[0]!.id}`, kit.admin);
    const { history } = await accessOf(place.id);
    const season = { startsOn: '2031-03-01', endsOn: '2031-07-31', reason: 'Nesting falcons', yearly: true };
    expect(history).toMatchObject([
      { kind: 'closure-removed', by: { id: kit.admin.id }, closure: season },
      { kind: 'closure-added', by: { id: steward.id, name: steward.name }, closure: season },
      { kind: 'status', by: { id: steward.id }, status: 'permit' },
      { kind: 'steward-added', by: { id: kit.admin.id }, steward: { id: steward.id } },
    ]);
    expect(history).toHaveLength(4);
    expect(Date.parse(history[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  test('removing a closure of another place is not found and removes nothing', async () => {
    const a = await addPlace(kit.admin);
    const b = await addPlace(kit.admin);
    const { closures } = (await call('POST', `/api/places/${a.id}/closures`, kit.admin, closure())).json() as PlaceAccess;
    expectError(await call('DELETE', `/api/places/${b.id}/closures/${closures[0]!.id}`, kit.admin), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/api/places/${b.id}/closures/not-an-id`, kit.admin), 404, 'NOT_FOUND');
    expect((await accessOf(a.id)).closures).toHaveLength(1);
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
