import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { PlaceConditions } from '../../../common/conditions.ts';
import { FLASH_COOKIE, parseFlash } from '../../../common/forms.ts';
import type { Place, PlaceList } from '../../../common/places.ts';
import type { Photo } from '../../../common/photos.ts';
import { contentTestKit, expectError, MISSING_ID, type User } from '../../test/content-kit.ts';
import * as fixtures from '../../test/image-fixtures.ts';
import { fileUpload, multipartBody } from '../../test/multipart.ts';

// Issue 20, item 5: up to 10 photos on items, sessions and condition reports, through the image pipeline.

const kit = contentTestKit('place');
const { call, token, user } = kit;

function upload(url: string, who: User | null, body: { payload: Buffer; headers: Record<string, string> }) {
  return kit.t.app.inject({
    method: 'POST',
    url,
    headers: { origin: kit.t.config.publicUrl, ...(who ? { cookie: who.cookie } : {}), ...body.headers },
    payload: body.payload,
  });
}

const photoOf = async (width = 2000, height = 1000, alt?: string) =>
  multipartBody([
    { filename: 'p.jpg', type: 'image/jpeg', data: await fixtures.jpeg(width, height) },
    ...(alt === undefined ? [] : [{ field: 'alt', data: alt }]),
  ]);

async function placeBy(author: User, over: Record<string, unknown> = {}): Promise<Place> {
  const res = await call('POST', '/api/disciplines/skateboarding/places', author, {
    name: `Spot ${token()}`,
    location: 'Here',
    latitude: 1,
    longitude: 2,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Place;
}

const addTo = async (placeId: string, who: User, alt?: string) => {
  const res = await upload(`/api/photos/place/${placeId}`, who, await photoOf(900, 600, alt));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Photo;
};

const fileOf = (url: string) => path.join(kit.t.config.dataDir, url.replace(/^\/uploads\//, 'uploads/'));
function storedFiles(): string[] {
  const root = path.join(kit.t.config.dataDir, 'uploads', 'photos');
  return existsSync(root) ? readdirSync(root).sort() : [];
}
const rowsOf = (subjectId: string) => kit.t.app.db.selectFrom('photos').selectAll().where('subject_id', '=', subjectId).execute();
const placeRead = async (id: string, who: User | null = null) => (await call('GET', `/api/places/${id}`, who)).json() as Place;

describe('adding photos', () => {
  test('the author adds a photo: WebP in 400, 800 and 1600 px, alt text kept, in the item and as the card picture', async () => {
    const author = await user();
    const place = await placeBy(kit.admin, { imageUrl: 'https://example.com/typed.jpg' });
    await kit.t.app.db.updateTable('places').set({ author_id: author.id }).where('id', '=', place.id).execute();
    expect((await placeRead(place.id)).coverUrl).toBe('https://example.com/typed.jpg');

    const res = await upload(`/api/photos/place/${place.id}`, author, await photoOf(2000, 1000, '  Bowl at dusk '));
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json() as Photo;
    expect(photo).toMatchObject({ alt: 'Bowl at dusk', width: 1600, height: 800 });
    expect(photo.variants.map((v) => v.width)).toEqual([400, 800, 1600]);
    for (const variant of photo.variants) {
      expect(variant.url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
      expect(await sharp(fileOf(variant.url)).metadata()).toMatchObject({ format: 'webp', width: variant.width });
    }
    expect((await placeRead(place.id)).photos).toEqual([photo]);
    const list = (await call('GET', `/api/disciplines/skateboarding/places?q=${encodeURIComponent(place.name)}`, null)).json() as PlaceList;
    expect(list.items[0]?.coverUrl).toBe(photo.variants[0]!.url);
    expect(list.items[0]?.photos).toBeUndefined();
  });

  test('a small photo is never enlarged; the GPS position and camera details are gone', async () => {
    const author = await user();
    const place = await placeBy(author);
    const res = await upload(`/api/photos/place/${place.id}`, author, fileUpload(await fixtures.jpegWithGps(), 'gps.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json() as Photo;
    expect(photo.variants.map((v) => v.width)).toEqual([400, 640]);
    for (const variant of photo.variants) {
      const meta = await sharp(fileOf(variant.url)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    // The fixture does carry them, so the test would see them kept.
    expect((await sharp(await fixtures.jpegWithGps()).metadata()).exif).toBeDefined();
  });

  test('an admin may add to anyone’s item; a stranger 403, a visitor 401, a hidden or missing item 404; bad bytes INVALID_IMAGE; nothing stored', async () => {
    const author = await user();
    const stranger = await user();
    const pending = await placeBy(author);
    const before = storedFiles();
    expectError(await upload(`/api/photos/place/${pending.id}`, null, await photoOf(500, 400)), 401, 'UNAUTHORIZED');
    // Pending: the stranger cannot see it.
    expectError(await upload(`/api/photos/place/${pending.id}`, stranger, await photoOf(500, 400)), 404, 'CONTENT_NOT_FOUND');
    expectError(await upload(`/api/photos/place/${MISSING_ID}`, author, await photoOf(500, 400)), 404, 'CONTENT_NOT_FOUND');
    expectError(await upload(`/api/photos/place/not-a-uuid`, author, await photoOf(500, 400)), 404, 'CONTENT_NOT_FOUND');
    expectError(await upload(`/api/photos/event/${pending.id}`, author, await photoOf(500, 400)), 404, 'CONTENT_NOT_FOUND');
    expectError(await upload(`/api/photos/place/${pending.id}`, author, fileUpload('<svg onload=alert(1)>', 'x.png', 'image/png')), 400, 'INVALID_IMAGE');
    const approved = await placeBy(kit.admin);
    expectError(await upload(`/api/photos/place/${approved.id}`, stranger, await photoOf(500, 400)), 403, 'FORBIDDEN');
    expect(storedFiles()).toEqual(before);
    expect(await rowsOf(pending.id)).toEqual([]);
    expect((await upload(`/api/photos/place/${pending.id}`, kit.admin, await photoOf(500, 400))).statusCode).toBe(201);
  });

  test('the 11th photo is refused with PHOTOS_TOO_MANY and nothing is stored', async () => {
    const author = await user();
    const place = await placeBy(author);
    const first = await addTo(place.id, author);
    const variants = JSON.stringify({ 400: '/uploads/photos/00000000-0000-4000-8000-000000000001.webp' });
    for (let position = 1; position < 10; position += 1) {
      await kit.t.app.db
        .insertInto('photos')
        .values({ subject_type: 'place', subject_id: place.id, position, variants, width: 400, height: 300, author_id: author.id })
        .execute();
    }
    const before = storedFiles();
    expectError(await upload(`/api/photos/place/${place.id}`, author, await photoOf(500, 400)), 409, 'PHOTOS_TOO_MANY');
    expect(storedFiles()).toEqual(before);
    expect(await rowsOf(place.id)).toHaveLength(10);
    // One fewer, and there is room again.
    expect((await call('DELETE', `/api/photos/${first.id}`, author)).statusCode).toBe(204);
    expect((await upload(`/api/photos/place/${place.id}`, author, await photoOf(500, 400))).statusCode).toBe(201);
  });
});

test('the feed’s card of an item shows its cover too', async () => {
  const reader = await user();
  expect((await call('PUT', '/api/disciplines/skateboarding/follow', reader)).statusCode).toBeLessThan(300);
  const place = await placeBy(kit.admin, { imageUrl: 'https://example.com/typed.jpg' });
  const photo = await addTo(place.id, kit.admin);
  const feed = (await call('GET', '/api/feed', reader)).json() as { items: { id: string; imageUrl: string | null }[] };
  expect(feed.items.find((i) => i.id === place.id)?.imageUrl).toBe(photo.variants[0]!.url);
});

test('uploads share the hourly limit of avatars and logos: past it, 429 and nothing stored', async () => {
  const author = await user();
  const place = await placeBy(author);
  for (let i = 0; i < 60; i += 1) await kit.t.app.limiter.consume(`upload:user:${author.id}`, { max: 60, windowSeconds: 3600 });
  const before = storedFiles();
  const res = await upload(`/api/photos/place/${place.id}`, author, await photoOf(500, 400));
  expect({ status: res.statusCode, code: (res.json() as { code: string }).code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
  expect(storedFiles()).toEqual(before);
  expect(await rowsOf(place.id)).toEqual([]);
});

describe('changing and deleting photos', () => {
  test('the author describes a photo, makes another the cover, deletes one with its files; a stranger cannot', async () => {
    const author = await user();
    const stranger = await user();
    const place = await placeBy(kit.admin);
    await kit.t.app.db.updateTable('places').set({ author_id: author.id }).where('id', '=', place.id).execute();
    const a = await addTo(place.id, author, 'A');
    const b = await addTo(place.id, author, 'B');
    expect((await placeRead(place.id)).photos!.map((p) => p.alt)).toEqual(['A', 'B']);

    expectError(await call('PATCH', `/api/photos/${b.id}`, stranger, { cover: true }), 403, 'FORBIDDEN');
    expectError(await call('PATCH', `/api/photos/${b.id}`, null, { cover: true }), 401, 'UNAUTHORIZED');
    const long = await call('PATCH', `/api/photos/${b.id}`, author, { alt: 'x'.repeat(201) });
    expect({ status: long.statusCode, code: (long.json() as { code: string }).code }).toEqual({ status: 400, code: 'TOO_LONG' });
    const cover = await call('PATCH', `/api/photos/${b.id}`, author, { cover: true, alt: 'Ramp' });
    expect(cover.statusCode, cover.body).toBe(200);
    const read = await placeRead(place.id);
    expect(read.photos!.map((p) => p.alt)).toEqual(['Ramp', 'A']);
    expect(read.coverUrl).toBe(b.variants[0]!.url);

    expectError(await call('DELETE', `/api/photos/${a.id}`, stranger), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/photos/${MISSING_ID}`, author), 404, 'NOT_FOUND');
    expect((await call('DELETE', `/api/photos/${b.id}`, author)).statusCode).toBe(204);
    for (const v of b.variants) expect(existsSync(fileOf(v.url))).toBe(false);
    expect((await placeRead(place.id)).photos).toEqual([{ ...a }]);
    expect((await rowsOf(place.id))[0]?.position).toBe(0);
  });

  test('the same three as plain forms (common/photos-basics.ts): back to the page with their message', async () => {
    const author = await user();
    const place = await placeBy(kit.admin);
    await kit.t.app.db.updateTable('places').set({ author_id: author.id }).where('id', '=', place.id).execute();
    const a = await addTo(place.id, author, 'A');
    const b = await addTo(place.id, author, 'B');
    const back = `/discipline/skateboarding/places/${place.id}`;
    const form = (action: string, fields: Record<string, string>) =>
      kit.t.app.inject({
        method: 'POST',
        url: `/actions/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: kit.t.config.publicUrl, cookie: author.cookie },
        payload: new URLSearchParams({ back, ...fields }).toString(),
      });
    const expectBack = (res: Awaited<ReturnType<typeof form>>, title: string) => {
      expect({ status: res.statusCode, location: res.headers.location }, res.body).toEqual({ status: 303, location: back });
      const flash = res.cookies.find((c) => c.name === FLASH_COOKIE);
      expect(parseFlash(flash?.value ? decodeURIComponent(flash.value) : undefined)).toMatchObject({ kind: 'success', title });
    };

    expectBack(await form('describe-photo', { id: b.id, alt: 'Ramp' }), 'photos.described');
    expectBack(await form('cover-photo', { id: b.id }), 'photos.coverSet');
    expect((await placeRead(place.id)).photos!.map((p) => p.alt)).toEqual(['Ramp', 'A']);
    expectBack(await form('delete-photo', { id: a.id }), 'photos.deleted');
    expect((await placeRead(place.id)).photos!.map((p) => p.id)).toEqual([b.id]);
  });

  test('deleting an item deletes its photos and their files, and a place takes its reports’ photos along', async () => {
    const author = await user();
    const place = await placeBy(author);
    const photo = await addTo(place.id, author);
    const { id: reportId } = await kit.t.app.db
      .insertInto('condition_reports')
      .values({
        place_id: place.id,
        author_id: author.id,
        kind: 'ground',
        values: JSON.stringify({ surface: 'dry' }),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reportPhoto = await upload(`/api/photos/condition_report/${reportId}`, author, await photoOf(500, 400));
    expect(reportPhoto.statusCode, reportPhoto.body).toBe(201);
    // The report shows its photo to anyone who sees the place.
    const conditions = (await call('GET', `/api/places/${place.id}/conditions`, author)).json() as PlaceConditions;
    expect(conditions.reports[0]?.photos).toEqual([reportPhoto.json()]);
    const files = [...photo.variants, ...(reportPhoto.json() as Photo).variants].map((v) => fileOf(v.url));
    expect(files.every((f) => existsSync(f))).toBe(true);

    expect((await call('DELETE', `/api/places/${place.id}`, author)).statusCode).toBe(204);
    expect(await rowsOf(place.id)).toEqual([]);
    expect(await rowsOf(reportId)).toEqual([]);
    expect(files.filter((f) => existsSync(f))).toEqual([]);
  });
});

test('deleting an account removes the files of its reports’ photos, which go with it', async () => {
  const rider = await user();
  const place = await placeBy(kit.admin);
  const { id: reportId } = await kit.t.app.db
    .insertInto('condition_reports')
    .values({
      place_id: place.id,
      author_id: rider.id,
      kind: 'ground',
      values: JSON.stringify({ surface: 'dry' }),
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const added = await upload(`/api/photos/condition_report/${reportId}`, rider, await photoOf(500, 400));
  expect(added.statusCode, added.body).toBe(201);
  const files = (added.json() as Photo).variants.map((v) => fileOf(v.url));
  expect((await call('DELETE', `/api/admin/users/${rider.id}`, kit.admin)).statusCode).toBeLessThan(300);
  expect(await rowsOf(reportId)).toEqual([]);
  expect(files.filter((f) => existsSync(f))).toEqual([]);
});

describe('sessions and the plain form', () => {
  test('a session’s author adds a photo; someone who cannot see the private session gets 404', async () => {
    const author = await user();
    const other = await user();
    const place = await placeBy(kit.admin);
    const { id } = await kit.t.app.db
      .insertInto('ride_sessions')
      .values({ author_id: author.id, place_id: place.id, discipline_id: 'skateboarding', started_at: new Date(), visibility: 'private' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await upload(`/api/photos/session/${id}`, author, await photoOf(500, 400))).statusCode).toBe(201);
    expectError(await upload(`/api/photos/session/${id}`, other, await photoOf(500, 400)), 404, 'CONTENT_NOT_FOUND');
  });

  test('the upload as a plain multipart form: back to the page with a flash; refused ones too', async () => {
    const author = await user();
    const place = await placeBy(author);
    const back = `/discipline/skateboarding/places/${place.id}`;
    const sent = await upload(`/actions/photos/place/${place.id}?back=${encodeURIComponent(back)}`, author, await photoOf(500, 400, 'Ledge'));
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(back);
    expect(String(sent.headers['set-cookie'])).toContain('photos.added');
    expect((await rowsOf(place.id)).map((r) => r.alt)).toEqual(['Ledge']);

    const bad = await upload(`/actions/photos/place/${place.id}?back=${encodeURIComponent(back)}`, author, fileUpload('nope nope nope', 'x.png'));
    expect(bad.statusCode).toBe(303);
    expect(decodeURIComponent(String(bad.headers['set-cookie']))).toContain('errors.INVALID_IMAGE');
    // Elsewhere than this site: refused before anything is read.
    const crossSite = await kit.t.app.inject({
      method: 'POST',
      url: `/actions/photos/place/${place.id}`,
      headers: { origin: 'https://evil.example', cookie: author.cookie, ...(await photoOf(500, 400)).headers },
      payload: (await photoOf(500, 400)).payload,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await rowsOf(place.id)).toHaveLength(1);
  });
});
