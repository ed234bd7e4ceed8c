import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ContactMessage, ContactMessageList } from '../../../common/admin-settings.ts';
import { DEFAULT_ENABLED_LANGUAGES, LANGUAGE_CODES, parseEnabledLanguages } from '../../../common/languages.ts';
import type { SiteSettings } from '../../../common/schemas.ts';
import { contentTestKit, expectError, ORIGIN, type User } from '../../test/content-kit.ts';
import { png, svg } from '../../test/image-fixtures.ts';
import { fileUpload } from '../../test/multipart.ts';

const kit = contentTestKit('place');
const { call } = kit;
let rider: User;
beforeAll(async () => {
  rider = await kit.user('Rita Rider');
});

const db = () => kit.t.app.db;

/** A refused body: 400 with the code of its first bad field. */
function expectInvalid(res: LightMyRequestResponse, code: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code, message: expect.any(String) });
}

async function publicSettings(): Promise<SiteSettings> {
  const res = await call('GET', '/api/settings', null);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  return res.json() as SiteSettings;
}

const storedSettings = async () =>
  Object.fromEntries((await db().selectFrom('site_settings').select(['setting_key', 'setting_value']).execute()).map((r) => [r.setting_key, r.setting_value]));

describe('language settings parsing (spec §5)', () => {
  test.each([
    ['known codes in stored order', '["ru","en","zh"]', ['ru', 'en', 'zh']],
    ['unknown codes dropped', '["en","xx","pt","fr"]', ['en', 'fr']],
    ['duplicates dropped', '["de","de","it","de"]', ['de', 'it']],
    ['non-strings dropped', '["es", 1, null, {"code":"fr"}, ["it"]]', ['es']],
    ['codes are case-sensitive', '["EN","Fr"]', ['en']],
    ['empty array becomes en', '[]', ['en']],
    ['only unknown codes become en', '["klingon"]', ['en']],
    ['not JSON: the default list', 'en,fr', DEFAULT_ENABLED_LANGUAGES],
    ['an empty value: the default list', '', DEFAULT_ENABLED_LANGUAGES],
    ['an object: the default list', '{"enabled":["fr"]}', DEFAULT_ENABLED_LANGUAGES],
    ['a JSON string: the default list', '"fr"', DEFAULT_ENABLED_LANGUAGES],
    ['JSON null: the default list', 'null', DEFAULT_ENABLED_LANGUAGES],
    ['a number: the default list', '42', DEFAULT_ENABLED_LANGUAGES],
  ])('%s: %s', (_name, stored, expected) => {
    expect(parseEnabledLanguages(stored)).toEqual(expected);
  });

  test('what the admin saves is read back the same way, by the server and from the stored value', async () => {
    const res = await call('PUT', '/api/admin/settings/languages', kit.admin, { enabledLanguages: ['pl', 'ar'] });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await storedSettings()).enabled_languages!;
    expect(JSON.parse(stored)).toEqual(['ar', 'pl']);
    expect(parseEnabledLanguages(stored)).toEqual(['ar', 'pl']);
    expect((await publicSettings()).enabledLanguages).toEqual(['ar', 'pl']);
  });

  test('a corrupted stored value falls back to the defaults until an admin saves again', async () => {
    await db().updateTable('site_settings').set({ setting_value: '["en",' }).where('setting_key', '=', 'enabled_languages').execute();
    expect((await publicSettings()).enabledLanguages).toEqual(DEFAULT_ENABLED_LANGUAGES);
    expect((await call('PUT', '/api/admin/settings/languages', kit.admin, { enabledLanguages: ['en'] })).statusCode).toBe(200);
    expect((await publicSettings()).enabledLanguages).toEqual(['en']);
  });
});

describe('PUT /api/admin/settings/languages', () => {
  const url = '/api/admin/settings/languages';

  test('anonymous 401 and user 403 change nothing', async () => {
    const before = await storedSettings();
    expectError(await call('PUT', url, null, { enabledLanguages: ['ru'] }), 401, 'UNAUTHORIZED');
    expectError(await call('PUT', url, rider, { enabledLanguages: ['ru'] }), 403, 'FORBIDDEN');
    expect(await storedSettings()).toEqual(before);
  });

  test('saves the known codes de-duplicated in the languages order and answers the new settings', async () => {
    const res = await call('PUT', url, kit.admin, { enabledLanguages: ['zh', 'en', 'zh', 'de', 'en'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabledLanguages: ['en', 'de', 'zh'], logoUrl: expect.any(String) });
    expect((await publicSettings()).enabledLanguages).toEqual(['en', 'de', 'zh']);

    const all = await call('PUT', url, kit.admin, { enabledLanguages: [...LANGUAGE_CODES].reverse() });
    expect(all.json().enabledLanguages).toEqual(LANGUAGE_CODES);
  });

  test.each([
    ['no language', { enabledLanguages: [] }, 'LANGUAGE_REQUIRED'],
    ['an unknown code', { enabledLanguages: ['en', 'pt'] }, 'VALIDATION_ERROR'],
    ['a code in capitals', { enabledLanguages: ['EN'] }, 'VALIDATION_ERROR'],
    ['a number', { enabledLanguages: ['en', 7] }, 'VALIDATION_ERROR'],
    ['not a list', { enabledLanguages: 'en' }, 'LANGUAGE_REQUIRED'],
    ['a missing field', {}, 'LANGUAGE_REQUIRED'],
    ['far too many entries', { enabledLanguages: Array(51).fill('en') }, 'TOO_MANY'],
  ])('refuses %s with 400 and saves nothing', async (_name, body, code) => {
    await call('PUT', url, kit.admin, { enabledLanguages: ['fr', 'it'] });
    const before = await storedSettings();
    expectInvalid(await call('PUT', url, kit.admin, body), code);
    expect(await storedSettings()).toEqual(before);
    expect((await publicSettings()).enabledLanguages).toEqual(['fr', 'it']);
  });
});

describe.each([
  ['logo', 'logo_url', 'site-assets', 'logoUrl', '/logo.png'],
  ['background', 'homepage_background_url', 'backgrounds', 'homepageBackgroundUrl', null],
] as const)('POST /api/admin/settings/%s', (segment, key, bucket, field, defaultValue) => {
  const url = `/api/admin/settings/${segment}`;
  const upload = (who: User | null, body: ReturnType<typeof fileUpload>) =>
    kit.t.app.inject({ method: 'POST', url, headers: { ...body.headers, origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) }, payload: body.payload });
  const files = () => {
    const dir = path.join(kit.t.config.dataDir, 'uploads', bucket);
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const fileOf = (publicUrl: string) => path.join(kit.t.config.dataDir, publicUrl.replace(/^\/uploads\//, 'uploads/'));

  test('anonymous 401 and user 403 store no file and change no setting', async () => {
    const before = await storedSettings();
    expectError(await upload(null, fileUpload(await png(64, 64))), 401, 'UNAUTHORIZED');
    expectError(await upload(rider, fileUpload(await png(64, 64))), 403, 'FORBIDDEN');
    expectError(await call('DELETE', url, null), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', url, rider), 403, 'FORBIDDEN');
    expect(files()).toEqual([]);
    expect(await storedSettings()).toEqual(before);
  });

  test('stores the re-encoded image, serves it, replaces it (old file removed) and resets to the default', async () => {
    const first = await upload(kit.admin, fileUpload(await png(320, 200), 'site.png'));
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = (first.json() as SiteSettings)[field]!;
    expect(firstUrl).toMatch(new RegExp(`^/uploads/${bucket}/[0-9a-f-]{36}\\.webp$`));
    expect((await storedSettings())[key]).toBe(firstUrl);
    // The public settings (no-cache) carry it at once: no restart.
    expect((await publicSettings())[field]).toBe(firstUrl);

    const served = await kit.t.app.inject({ url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 200 });
    expect(existsSync(fileOf(firstUrl))).toBe(true);

    const second = await upload(kit.admin, fileUpload(await png(100, 100), 'next.png'));
    expect(second.statusCode, second.body).toBe(200);
    const secondUrl = (second.json() as SiteSettings)[field]!;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await kit.t.app.inject({ url: firstUrl })).statusCode).toBe(404);
    expect(existsSync(fileOf(firstUrl))).toBe(false);
    expect((await kit.t.app.inject({ url: secondUrl })).statusCode).toBe(200);
    expect(files()).toEqual([path.basename(secondUrl)]);

    const reset = await call('DELETE', url, kit.admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((reset.json() as SiteSettings)[field]).toBe(defaultValue);
    expect((await publicSettings())[field]).toBe(defaultValue);
    expect(files()).toEqual([]);
  });

  test('a file that is not an image is refused and the current one is kept', async () => {
    const kept = await upload(kit.admin, fileUpload(await png(80, 80)));
    const keptUrl = (kept.json() as SiteSettings)[field];
    expectError(await upload(kit.admin, fileUpload(svg, 'logo.svg', 'image/svg+xml')), 400, 'INVALID_IMAGE');
    expectError(await upload(kit.admin, { payload: Buffer.from('{}'), headers: { 'content-type': 'application/json' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await publicSettings())[field]).toBe(keptUrl);
    expect(files()).toEqual([path.basename(keptUrl!)]);
  });
});

describe('contact messages', () => {
  const list = async (query = '') => {
    const res = await call('GET', `/api/admin/messages${query}`, kit.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ContactMessageList;
  };
  const markUrl = (id: string) => `/api/admin/messages/${id}/read`;
  const readAt = async (id: string) => (await db().selectFrom('contact_messages').select('read_at').where('id', '=', id).executeTakeFirstOrThrow()).read_at;
  let ids: string[] = [];

  beforeAll(async () => {
    // Through the public form, then spread over time: the oldest first.
    for (let i = 1; i <= 5; i += 1) {
      const res = await call('POST', '/api/contact', null, {
        name: `Sender ${i}`,
        email: `sender${i}@example.com`,
        subject: `Subject ${i}`,
        message: `Message ${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { id: string }).id;
      await db()
        .updateTable('contact_messages')
        .set({ created_at: new Date(Date.UTC(2030, 0, i)) })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    ids = ids.reverse(); // newest first
  });

  test('anonymous 401 and user 403: no list, no change', async () => {
    expectError(await call('GET', '/api/admin/messages', null), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/api/admin/messages', rider), 403, 'FORBIDDEN');
    expectError(await call('POST', markUrl(ids[0]!), null, { read: true }), 401, 'UNAUTHORIZED');
    expectError(await call('POST', markUrl(ids[0]!), rider, { read: true }), 403, 'FORBIDDEN');
    expect(await readAt(ids[0]!)).toBeNull();
  });

  test('lists newest first with paging, total and hasMore', async () => {
    const first = await list('?limit=2');
    expect(first).toMatchObject({ total: 5, page: 1, hasMore: true });
    expect(first.items.map((m) => m.id)).toEqual(ids.slice(0, 2));
    expect(first.items[0]).toEqual({
      id: ids[0],
      name: 'Sender 5',
      email: 'sender5@example.com',
      subject: 'Subject 5',
      message: 'Message 5',
      createdAt: '2030-01-05T00:00:00.000Z',
      readAt: null,
    });
    const last = await list('?limit=2&page=3');
    expect(last).toMatchObject({ total: 5, page: 3, hasMore: false });
    expect(last.items.map((m) => m.id)).toEqual(ids.slice(4));
    expect((await list()).items).toHaveLength(5);
    expectInvalid(await call('GET', '/api/admin/messages?limit=0', kit.admin), 'VALIDATION_ERROR');
    expectInvalid(await call('GET', '/api/admin/messages?unread=maybe', kit.admin), 'VALIDATION_ERROR');
  });

  test('marks read and unread; the unread filter and the Overview count follow', async () => {
    const overview = async () => ((await call('GET', '/api/admin/overview', kit.admin)).json() as { unreadMessages: number }).unreadMessages;
    const unreadBefore = await overview();

    const res = await call('POST', markUrl(ids[1]!), kit.admin, { read: true });
    expect(res.statusCode, res.body).toBe(200);
    const marked = res.json() as ContactMessage;
    expect(marked).toMatchObject({ id: ids[1], name: 'Sender 4', readAt: expect.any(String) });
    expect(await readAt(ids[1]!)).not.toBeNull();
    expect(await overview()).toBe(unreadBefore - 1);

    // Marking again keeps the first reading time.
    const again = (await call('POST', markUrl(ids[1]!), kit.admin, { read: true })).json() as ContactMessage;
    expect(again.readAt).toBe(marked.readAt);

    expect((await list('?unread=true')).items.map((m) => m.id)).toEqual(ids.filter((id) => id !== ids[1]));
    expect(await list('?unread=false')).toMatchObject({ total: 1, items: [{ id: ids[1] }] });

    const unread = await call('POST', markUrl(ids[1]!), kit.admin, { read: false });
    expect(unread.json()).toMatchObject({ id: ids[1], readAt: null });
    expect(await readAt(ids[1]!)).toBeNull();
    expect(await overview()).toBe(unreadBefore);
  });

  test('unknown or malformed ids are 404, a bad body 400, and nothing changes', async () => {
    expectError(await call('POST', markUrl('00000000-0000-4000-8000-000000000000'), kit.admin, { read: true }), 404, 'NOT_FOUND');
    expectError(await call('POST', markUrl('not-a-uuid'), kit.admin, { read: true }), 404, 'NOT_FOUND');
    expectInvalid(await call('POST', markUrl(ids[2]!), kit.admin, {}), 'REQUIRED');
    expectInvalid(await call('POST', markUrl(ids[2]!), kit.admin, { read: 'yes' }), 'REQUIRED');
    expect(await readAt(ids[2]!)).toBeNull();
  });
});
