import { describe, expect, test } from 'vitest';
import type { Place, PlaceInput, PlaceList } from '../../../common/places.ts';
import { contentTestKit, expectError, MISSING_ID, type User, sectionCalls } from '../../test/content-kit.ts';

const kit = contentTestKit('place');
const { call, token, user, approvalFor, decide } = kit;

const DISCIPLINE = 'surfing';

function input(over: Partial<PlaceInput> = {}): PlaceInput {
  return { name: `Pipeline ${token()}`, location: 'North Shore, Oahu', latitude: 21.665, longitude: -158.053, ...over };
}

const { add: addPlace, list } = sectionCalls<Place, PlaceInput, PlaceList>(call, 'places', input, DISCIPLINE);

describe('contributing a place', () => {
  test('a non-admin place is pending, queued for approval, and public once approved', async () => {
    const author = await user();
    const other = await user();
    const place = await addPlace(author, { imageUrl: 'https://images.example.com/pipe.jpg' });
    expect(place).toMatchObject({ status: 'pending', mine: true, author: { id: author.id, name: author.name }, imageUrl: 'https://images.example.com/pipe.jpg' });

    const approval = await approvalFor(place.id);
    expect(approval).toMatchObject({ itemType: 'place', itemName: place.name, submittedBy: { id: author.id } });

    const q = `?q=${encodeURIComponent(place.name)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(other, q)).items).toEqual([]);
    expect((await list(author, q)).items).toMatchObject([{ id: place.id, status: 'pending', mine: true }]);
    expect((await list(kit.admin, q)).items).toMatchObject([{ id: place.id, status: 'pending', mine: false }]);
    expectError(await call('GET', `/api/places/${place.id}`, other), 404, 'CONTENT_NOT_FOUND');
    expect((await call('GET', `/api/places/${place.id}`, author)).json()).toMatchObject({ status: 'pending' });

    await decide(place.id, 'approved');
    expect((await list(null, q)).items).toMatchObject([{ id: place.id, status: 'approved', mine: false }]);
    expect((await call('GET', `/api/places/${place.id}`)).json()).toMatchObject({ id: place.id, status: 'approved' });
  });

  test('a rejected place is hidden from everyone but its author and admins', async () => {
    const author = await user();
    const place = await addPlace(author);
    await decide(place.id, 'rejected');
    const q = `?q=${encodeURIComponent(place.name)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(await user(), q)).items).toEqual([]);
    expectError(await call('GET', `/api/places/${place.id}`), 404, 'CONTENT_NOT_FOUND');
    expect((await list(author, q)).items).toMatchObject([{ status: 'rejected' }]);
  });

  test("an admin's place is approved at once and not queued", async () => {
    const place = await addPlace(kit.admin);
    expect(place.status).toBe('approved');
    expect(await approvalFor(place.id)).toBeUndefined();
  });

  test('a non-admin sending status approved still gets pending', async () => {
    const author = await user();
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, { ...input(), status: 'approved' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as Place).status).toBe('pending');
  });

  test('anonymous contributions answer 401, unknown disciplines 404', async () => {
    expectError(await call('POST', `/api/disciplines/${DISCIPLINE}/places`, null, input()), 401, 'UNAUTHORIZED');
    expectError(await call('POST', '/api/disciplines/no-such-sport/places', await user(), input()), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', '/api/disciplines/no-such-sport/places'), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', `/api/places/${MISSING_ID}`), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', '/api/places/not-a-uuid'), 404, 'CONTENT_NOT_FOUND');
  });

  test.each([
    [{ latitude: 90.01 }],
    [{ latitude: -91 }],
    [{ longitude: 180.5 }],
    [{ longitude: -181 }],
    [{ latitude: '12' as unknown as number }],
    [{ name: '   ' }],
    [{ name: 'x'.repeat(121) }],
    [{ location: 'x'.repeat(161) }],
  ])('refuses %j', async (over) => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, await user(), input(over));
    expect(res.statusCode, res.body).toBe(400);
  });

  test('accepts the coordinate limits', async () => {
    const place = await addPlace(await user(), { latitude: -90, longitude: 180 });
    expect(place).toMatchObject({ latitude: -90, longitude: 180 });
  });

  test.each(['/images/samples/surfing-1.webp', 'https://cdn.example.com/a.png'])('accepts the picture address %s', async (imageUrl) => {
    expect((await addPlace(await user(), { imageUrl })).imageUrl).toBe(imageUrl);
  });

  test.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/png;base64,AAAA', 'vbscript:msgbox(1)', '//evil.example.com/x.png', '/\\evil.example.com/x.png', 'ftp://x.example.com/a.png', 'not a url'])(
    'refuses the image URL %s with INVALID_URL',
    async (imageUrl) => {
      const res = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, await user(), input({ imageUrl }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_URL', fields: { imageUrl: 'INVALID_URL' } });
    },
  );

  test('names are cleaned and no email is in any answer', async () => {
    const author = await user();
    const place = await addPlace(author, { name: `  Jaws\u200b  ${token('spot')}  ` });
    expect(place.name).toMatch(/^Jaws spot/);
    const bodies = [
      (await call('GET', `/api/places/${place.id}`, author)).body,
      (await call('GET', `/api/disciplines/${DISCIPLINE}/places?q=${encodeURIComponent(place.name)}`, author)).body,
    ];
    for (const body of bodies) expect(body).not.toContain(author.email);
  });
});

describe('search and pagination', () => {
  test('q matches part of the name or the location, case-insensitively; newest first; pages add up', async () => {
    const tag = token('tag');
    const a = await addPlace(kit.admin, { name: `Alpha ${tag}` });
    const b = await addPlace(kit.admin, { name: 'Beta', location: `Bay ${tag.toUpperCase()}` });
    const c = await addPlace(kit.admin, { name: `Gamma ${tag}` });
    await addPlace(kit.admin, { name: 'Unrelated' });

    const all = await list(null, `?q=${tag.toLowerCase()}`);
    expect(all.items.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect(all.total).toBe(3);

    const page1 = await list(null, `?q=${tag}&limit=2&page=1`);
    const page2 = await list(null, `?q=${tag}&limit=2&page=2`);
    const page3 = await list(null, `?q=${tag}&limit=2&page=3`);
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect([...page1.items, ...page2.items].map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect(page3).toMatchObject({ items: [], total: 3, page: 3 });
  });

  test('LIKE wildcards are taken literally and the limit is capped at 50', async () => {
    expect((await list(null, '?q=%25_%25')).total).toBe(0);
    expect((await list(null, '?limit=500')).pageSize).toBe(50);
    expect((await list(null)).pageSize).toBe(12);
  });

  test('places of another discipline are not listed', async () => {
    const place = await addPlace(kit.admin, {}, 'skateboarding');
    expect((await list(null, `?q=${encodeURIComponent(place.name)}`)).items).toEqual([]);
    expect((await list(null, `?q=${encodeURIComponent(place.name)}`, 'skateboarding')).items).toHaveLength(1);
  });
});

describe('editing and deleting', () => {
  test('the author edits their place; the status stays and the queue shows the new name', async () => {
    const author = await user();
    const place = await addPlace(author);
    const name = `Renamed ${token()}`;
    const res = await call('PATCH', `/api/places/${place.id}`, author, { name, latitude: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name, latitude: 10, location: place.location, status: 'pending' });
    expect((await approvalFor(place.id))?.itemName).toBe(name);
    const bad = await call('PATCH', `/api/places/${place.id}`, author, { imageUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_URL' });
    expect((await call('GET', `/api/places/${place.id}`, author)).json()).toMatchObject({ imageUrl: null });
  });

  test('another user gets 403 and the row is unchanged; anonymous 401', async () => {
    const place = await addPlace(kit.admin);
    const other = await user();
    expectError(await call('PATCH', `/api/places/${place.id}`, other, { name: 'Hijacked' }), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/places/${place.id}`, other), 403, 'FORBIDDEN');
    expectError(await call('PATCH', `/api/places/${place.id}`, null, { name: 'Hijacked' }), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/places/${place.id}`, null), 401, 'UNAUTHORIZED');
    expect((await call('GET', `/api/places/${place.id}`)).json()).toMatchObject({ name: place.name });
  });

  test("another user cannot touch someone's pending place (it is hidden: 404)", async () => {
    const place = await addPlace(await user());
    expectError(await call('DELETE', `/api/places/${place.id}`, await user()), 404, 'CONTENT_NOT_FOUND');
  });

  test('the author deletes their place and its approval goes with it', async () => {
    const author = await user();
    const place = await addPlace(author);
    expect((await call('DELETE', `/api/places/${place.id}`, author)).statusCode).toBe(204);
    expectError(await call('GET', `/api/places/${place.id}`, author), 404, 'CONTENT_NOT_FOUND');
    expect(await approvalFor(place.id)).toBeUndefined();
  });

  test('an admin edits and deletes any place', async () => {
    const place = await addPlace(await user());
    const res = await call('PATCH', `/api/places/${place.id}`, kit.admin, { location: 'Maui' });
    expect(res.json()).toMatchObject({ location: 'Maui', status: 'pending' });
    expect((await call('DELETE', `/api/places/${place.id}`, kit.admin)).statusCode).toBe(204);
  });
});

describe('rate limit', () => {
  test('20 places per hour per user', async () => {
    const author = await user();
    for (let i = 0; i < 20; i++) await addPlace(author);
    expectError(await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, input()), 429, 'RATE_LIMITED');
  });

  test("an admin's places are published at once and not counted (as an admin's teams)", async () => {
    for (let i = 0; i < 21; i++) expect((await call('POST', `/api/disciplines/${DISCIPLINE}/places`, kit.admin, input())).statusCode).toBe(201);
  });
});
