import { describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

async function settings() {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
  expect(res.statusCode).toBe(200);
  return res.json() as { logoUrl: string; homepageBackgroundUrl: string | null; enabledLanguages: string[] };
}

async function setEnabledLanguages(value: string) {
  const result = await t.app.db.updateTable('site_settings').set({ setting_value: value }).where('setting_key', '=', 'enabled_languages').executeTakeFirst();
  expect(Number(result.numUpdatedRows)).toBe(1);
}

describe('GET /api/settings', () => {
  test('the seeded defaults', async () => {
    expect(await settings()).toEqual({
      logoUrl: '/logo.png',
      homepageBackgroundUrl: null,
      enabledLanguages: ['en', 'es', 'fr', 'de', 'it'],
      reverseGeocodeUrl: 'https://nominatim.openstreetmap.org/reverse',
      mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: '&copy; OpenStreetMap contributors',
      mapTileCacheMb: 50,
    });
  });

  test.each([
    ['["ar","xx","en"]', ['ar', 'en']],
    ['["de","de","fr"]', ['de', 'fr']],
    ['[]', ['en']],
    ['["xx", 42, null]', ['en']],
    ['not json', ['en', 'es', 'fr', 'de', 'it']],
    ['{"en": true}', ['en', 'es', 'fr', 'de', 'it']],
    ['"en"', ['en', 'es', 'fr', 'de', 'it']],
  ])('enabled_languages %s → %j', async (stored, expected) => {
    await setEnabledLanguages(stored);
    expect((await settings()).enabledLanguages).toEqual(expected);
  });

  test('a deleted enabled_languages row falls back to the default list', async () => {
    await t.app.db.deleteFrom('site_settings').where('setting_key', '=', 'enabled_languages').execute();
    expect((await settings()).enabledLanguages).toEqual(['en', 'es', 'fr', 'de', 'it']);
  });

  test('logo and background read from site_settings', async () => {
    await t.app.db.updateTable('site_settings').set({ setting_value: '/uploads/logo-2.png' }).where('setting_key', '=', 'logo_url').execute();
    await t.app.db.updateTable('site_settings').set({ setting_value: '/uploads/bg.jpg' }).where('setting_key', '=', 'homepage_background_url').execute();
    const s = await settings();
    expect(s.logoUrl).toBe('/uploads/logo-2.png');
    expect(s.homepageBackgroundUrl).toBe('/uploads/bg.jpg');

    await t.app.db.updateTable('site_settings').set({ setting_value: '' }).where('setting_key', '=', 'logo_url').execute();
    expect((await settings()).logoUrl).toBe('/logo.png');
  });
});

describe('map tiles', () => {
  test('MAP_TILE_URL, MAP_ATTRIBUTION and MAP_TILE_CACHE_MB configure the map and the CSP allows the tile host', async () => {
    const custom = await createTestApp({ mapTileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', mapAttribution: '&copy; Example', mapTileCacheMb: 0 });
    try {
      const res = await custom.app.inject({ method: 'GET', url: '/api/settings' });
      expect(res.json()).toMatchObject({ mapTileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', mapAttribution: '&copy; Example', mapTileCacheMb: 0 });
      expect(String(res.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.com/);
      // The service worker fetches the tiles it keeps offline.
      expect(String(res.headers['content-security-policy'])).toMatch(/connect-src [^;]*https:\/\/\*\.tiles\.example\.com/);
    } finally {
      await custom.close();
    }
  });
});
