import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest as readBuildManifest, staticClosure, type Manifest } from '../server/lib/build-manifest.ts';

import { catalogueModule } from '../web/i18n-parts.ts';

export type { Manifest };

const root = path.resolve(import.meta.dirname, '..');

/**
 * Each measured route and the lazy page module it renders (none: the home page is in the entry).
 * A visitor's page shows no form: its first load leaves zod and the schemas out.
 */
export const ROUTES: { path: string; modules: string[]; visitor?: true }[] = [
  { path: '/', modules: [], visitor: true },
  { path: '/category/water', modules: ['features/disciplines/category-page.tsx'], visitor: true },
  { path: '/discipline/surfing', modules: ['features/disciplines/discipline-page.tsx'], visitor: true },
  { path: '/discipline/surfing/places', modules: ['features/places/places-page.tsx'], visitor: true },
  { path: '/team/:id', modules: ['features/teams/team-page.tsx'], visitor: true },
  { path: '/teams', modules: ['features/teams/teams-page.tsx'], visitor: true },
  { path: '/discipline/surfing/events', modules: ['features/events/events-page.tsx'], visitor: true },
  { path: '/discipline/surfing/events/:id', modules: ['features/events/event-page.tsx'], visitor: true },
  { path: '/discipline/surfing/tricktionary', modules: ['features/tricks/tricks-page.tsx'], visitor: true },
  { path: '/discipline/surfing/tricktionary/:id', modules: ['features/tricks/trick-page.tsx'], visitor: true },
  { path: '/discipline/surfing/reviews', modules: ['features/reviews/reviews-page.tsx'], visitor: true },
  { path: '/discipline/surfing/shops', modules: ['features/shops/shops-page.tsx'], visitor: true },
  { path: '/discipline/surfing/articles', modules: ['features/articles/articles-page.tsx'], visitor: true },
  { path: '/discipline/surfing/athletes', modules: ['features/athletes/athletes-page.tsx'], visitor: true },
  { path: '/profile/:id', modules: ['features/profiles/public-profile-page.tsx'], visitor: true },
  { path: '/login', modules: ['features/auth/login-page.tsx'], visitor: true },
  { path: '/register', modules: ['features/auth/register-page.tsx'], visitor: true },
  { path: '/profile', modules: ['features/profiles/own-profile-page.tsx'] },
  { path: '/admin', modules: ['features/admin/admin-page.tsx'] },
];

/** Manifest keys loaded before the first render whatever the route: the core strings of the default language. */
export const BOOT_MODULES = [catalogueModule('en', 'core')];
/**
 * Loaded with every lazy page, beyond its own modules: nothing. The strings a page the server rendered
 * shows come in its HTML with its data, and the rest of the language's load once it has started
 * (web/entry-server.tsx, issue 38).
 */
export const PAGE_MODULES: string[] = [];

export const MAP_MODULE = 'features/places/places-map.tsx';

export function readManifest(outDir: string): Manifest {
  const manifest = readBuildManifest(outDir);
  if (!manifest) throw new Error(`${outDir} has no build manifest`);
  return manifest;
}

const gzipCache = new Map<string, number>();
export function gzipSize(outDir: string, file: string): number {
  const full = path.join(outDir, file);
  let size = gzipCache.get(full);
  if (size === undefined) {
    size = gzipSync(readFileSync(full), { level: 9 }).length;
    gzipCache.set(full, size);
  }
  return size;
}

export type FirstLoad = { route: string; js: number; css: number; files: string[] };

/** JS and CSS (gzipped bytes) a first visit to the route needs before it shows the page. */
export function firstLoad(outDir: string, manifest: Manifest, route: (typeof ROUTES)[number]): FirstLoad {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('No entry in the build manifest');
  const present = (keys: string[]) => keys.filter((k) => manifest[k]);
  const extra = route.modules.length > 0 ? present(PAGE_MODULES) : [];
  const keys = staticClosure(manifest, [entry, ...present(BOOT_MODULES), ...route.modules, ...extra]);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
  }
  const sum = (files: Set<string>) => [...files].reduce((total, f) => total + gzipSize(outDir, f), 0);
  return { route: route.path, js: sum(js), css: sum(css), files: [...js, ...css] };
}

/** Strings each library's code always contains, minified or not. */
export const LEAFLET = /Leaflet|leaflet-container/;
export const ZOD = /\$ZodType/;

/** Chunks whose code holds a library, by its marker. */
export function chunksWith(outDir: string, manifest: Manifest, marker: RegExp): string[] {
  const files = new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js')),
  );
  return [...files].filter((f) => marker.test(readFileSync(path.join(outDir, f), 'utf8'))).sort();
}

/** The chunks the map module is built into: itself and what only it imports. */
export function mapChunks(manifest: Manifest): string[] {
  const map = manifest[MAP_MODULE];
  if (!map) throw new Error(`${MAP_MODULE} is not a chunk of its own`);
  const shared = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key === MAP_MODULE) continue;
    for (const i of chunk.imports ?? []) shared.add(i);
  }
  const own = [...staticClosure(manifest, [MAP_MODULE])].filter((k) => k === MAP_MODULE || !shared.has(k));
  return own.map((k) => manifest[k]!.file).sort();
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
