import { beforeAll, describe, expect, test } from 'vitest';
import { chunksWith, firstLoad, kb, readManifest, ROUTES, type Manifest } from '../scripts/bundle-stats.ts';
import { testWebBuild } from '../scripts/test-web-build.ts';

/**
 * Issue 38's first-load targets (gzipped JS, as `npm run bench:web` counts it): a visitor's page within
 * 170 KB, a signed-in person's profile and the admin panel within 220 KB; and what keeps them there.
 */

const VISITOR_KB = 170;
const SIGNED_IN_KB: Record<string, number> = { '/profile': 220, '/admin': 220 };

// Strings each library's minified code keeps.
const I18NEXT = /accessing an object - but returnObjects options is not enabled!/;
const RADIX_FOCUS_GUARD = /data-radix-focus-guard/;

let outDir: string;
let manifest: Manifest;
beforeAll(async () => {
  outDir = await testWebBuild();
  manifest = readManifest(outDir);
}, 240_000);

describe('first load', () => {
  test.each(ROUTES.filter((route) => route.visitor).map((route) => route.path))(`a visitor's %s within ${VISITOR_KB} KB`, (path) => {
    const load = firstLoad(
      outDir,
      manifest,
      ROUTES.find((route) => route.path === path)!,
    );
    expect(Number(kb(load.js)), load.files.join(', ')).toBeLessThanOrEqual(VISITOR_KB);
  });

  test.each(Object.entries(SIGNED_IN_KB))('%s within %i KB', (path, budget) => {
    const load = firstLoad(
      outDir,
      manifest,
      ROUTES.find((route) => route.path === path)!,
    );
    expect(Number(kb(load.js)), load.files.join(', ')).toBeLessThanOrEqual(budget);
  });

  test("the browser's code has web/lib/i18next-lite.ts for i18next", () => {
    expect(chunksWith(outDir, manifest, I18NEXT)).toEqual([]);
  });

  test("Radix's dialog comes when a dialog opens, not with a visitor's page", () => {
    const radix = chunksWith(outDir, manifest, RADIX_FOCUS_GUARD);
    expect(radix.length).toBeGreaterThan(0);
    for (const route of ROUTES.filter((r) => r.visitor))
      expect(
        firstLoad(outDir, manifest, route).files.filter((f) => radix.includes(f)),
        route.path,
      ).toEqual([]);
  });
});
