import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { chunksWith, firstLoad, kb, LEAFLET, mapChunks, readManifest, ROUTES, ZOD, type Manifest } from '../scripts/bundle-stats.ts';
import { CANARIES, testWebBuild } from '../scripts/test-web-build.ts';
import { LANGUAGE_CODES, languageDir, webManifestPath } from '../common/languages.ts';

/** The production build's size budget, and that it carries no server secret (sizes are deterministic; npm run bench:web prints them all). */

const HOME_BUDGET_KB = 150;

const SECRET_SHAPES = [/BEGIN (RSA |EC |OPENSSH )?PRIVATE KEY/, /postgres(ql)?:\/\/[^\s:/@"'`]+:[^\s@"'`]+@/, /\bAKIA[0-9A-Z]{16}\b/];

// The run's shared build, made with the canaries in its environment.
let outDir: string;
let manifest: Manifest;
beforeAll(async () => {
  outDir = await testWebBuild();
  manifest = readManifest(outDir);
}, 240_000);

function* builtFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* builtFiles(full);
    else if (/\.(js|css|html|json|txt|svg|map)$/.test(entry.name)) yield full;
  }
}

describe('production bundle', () => {
  test(`the home page's first-load JS stays within ${HOME_BUDGET_KB} KB gzipped`, () => {
    const home = firstLoad(
      outDir,
      manifest,
      ROUTES.find((r) => r.path === '/')!,
    );
    expect(home.files.some((f) => f.includes('index'))).toBe(true);
    expect(Number(kb(home.js)), `first-load JS of / in KB: ${home.files.join(', ')}`).toBeLessThanOrEqual(HOME_BUDGET_KB);
  });

  test('Leaflet is only in the map chunk', () => {
    const leaflet = chunksWith(outDir, manifest, LEAFLET);
    expect(leaflet.length).toBeGreaterThan(0);
    expect(leaflet.filter((f) => !mapChunks(manifest).includes(f))).toEqual([]);
  });

  test("a visitor's pages load no schemas: zod comes only with the forms", () => {
    const zod = chunksWith(outDir, manifest, ZOD);
    expect(zod.length).toBeGreaterThan(0);
    const visitorPages = ROUTES.filter((r) => r.visitor);
    expect(visitorPages.length).toBeGreaterThan(3);
    for (const route of visitorPages)
      expect(
        firstLoad(outDir, manifest, route).files.filter((f) => zod.includes(f)),
        route.path,
      ).toEqual([]);
    // The own profile's edit form validates with zod as it opens (the account pages load it at their form's first check).
    const profile = firstLoad(
      outDir,
      manifest,
      ROUTES.find((r) => r.path === '/profile')!,
    );
    expect(
      profile.files.some((f) => zod.includes(f)),
      'the own profile form validates with zod',
    ).toBe(true);
  });

  test('no built file holds a secret value or something shaped like one', () => {
    const files = [...builtFiles(outDir)];
    expect(files.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [name, value] of Object.entries(CANARIES)) if (text.includes(value)) leaks.push(`${path.relative(outDir, file)}: ${name}`);
      for (const shape of SECRET_SHAPES) if (shape.test(text)) leaks.push(`${path.relative(outDir, file)}: ${shape}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('installable', () => {
  test('a web app manifest per language: its name and description, direction, standalone, icons of 192 and 512 px that the build holds', async () => {
    const sharp = (await import('sharp')).default;
    for (const language of LANGUAGE_CODES) {
      const file = path.join(outDir, webManifestPath(language));
      const app = (
        JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales', `${language}.json`), 'utf8')) as { app: { name: string; description: string } }
      ).app;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        name: string;
        description: string;
        lang: string;
        dir: string;
        display: string;
        start_url: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(manifest, language).toMatchObject({
        name: app.name,
        description: app.description,
        lang: language,
        dir: languageDir(language),
        display: 'standalone',
        start_url: `/?lang=${language}`,
      });
      for (const icon of manifest.icons) {
        const { width, height } = await sharp(path.join(outDir, icon.src)).metadata();
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      }
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    }
  });
});
