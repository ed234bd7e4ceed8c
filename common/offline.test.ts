import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  MAP_TILES_CACHE,
  SAVED_PICTURES_CACHE,
  SERVICE_WORKER_CACHES,
  SESSION_CACHES,
  SHARED_CACHES,
  sessionChanged,
  staleCode,
  tileCacheEntries,
  tileUrlPattern,
} from './offline.ts';

describe('map tiles kept offline', () => {
  test("a Leaflet template's addresses, and nothing else", () => {
    const osm = tileUrlPattern('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(osm.test('https://a.tile.openstreetmap.org/12/2048/1361.png')).toBe(true);
    for (const other of [
      'https://a.tile.openstreetmap.org/12/2048/1361.png?x',
      'https://evil.example/a.tile.openstreetmap.org/1/2/3.png',
      'https://a.tileXopenstreetmap.org/1/2/3.png',
      'https://a.tile.openstreetmap.org/a/2/3.png',
    ]) {
      expect(osm.test(other), other).toBe(false);
    }
    const retina = tileUrlPattern('https://tiles.example.com/{z}/{x}/{y}{r}.png?key=abc');
    expect(retina.test('https://tiles.example.com/3/4/5@2x.png?key=abc')).toBe(true);
    expect(retina.test('https://tiles.example.com/3/4/5.png?key=abc')).toBe(true);
  });

  test('the budget in megabytes as tiles of the average weight; none for 0', () => {
    expect(tileCacheEntries(50)).toBe(2000);
    expect(tileCacheEntries(0)).toBe(0);
    expect(tileCacheEntries(-3)).toBe(0);
  });
});

describe('code kept for offline', () => {
  test("what the build in charge no longer has is stale; its own code and the shell's are not", () => {
    const kept = [
      'https://stoked.example/assets/index-new.js',
      'https://stoked.example/assets/index-old.js',
      'https://stoked.example/assets/places-map-old.css',
    ];
    expect(staleCode(kept, ['/assets/index-new.js', '/assets/places-map-new.css'])).toEqual([kept[1], kept[2]]);
    expect(staleCode([], ['/assets/index-new.js'])).toEqual([]);
  });
});

// Issue 37, hole 5: the pictures cache was kept across sessions, with a secret spot's photos in it.
describe('what the service worker keeps, and when it forgets it', () => {
  test('every cache it keeps is either forgotten with the session or named as the same for everyone', () => {
    const kept = [...Object.values(SERVICE_WORKER_CACHES), MAP_TILES_CACHE, SAVED_PICTURES_CACHE];
    const forgotten = new Set<string>([...SESSION_CACHES, SAVED_PICTURES_CACHE]);
    const shared = new Set<string>(SHARED_CACHES);
    for (const name of kept) expect(forgotten.has(name) !== shared.has(name), name).toBe(true);
    expect(forgotten).toContain(SERVICE_WORKER_CACHES.pictures);
    expect(forgotten).toContain(MAP_TILES_CACHE);
    // And the worker names no cache but these (its cacheName options and caches.open calls).
    const worker = readFileSync(path.join(import.meta.dirname, '../web/sw/service-worker.ts'), 'utf8');
    const named = [...worker.matchAll(/cacheName: ([\w.]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    const known: Record<string, string> = {
      MAP_TILES_CACHE,
      SAVED_PICTURES_CACHE,
      ...Object.fromEntries(Object.entries(SERVICE_WORKER_CACHES).map(([k, v]) => [`CACHES.${k}`, v])),
    };
    for (const name of named) expect(Object.keys(known), name).toContain(name);
  });

  test('a session named otherwise than the one things were kept for ends them; the first one named, or none told, ends nothing', () => {
    expect(sessionChanged('abc', 'none')).toBe(true);
    expect(sessionChanged('none', 'abc')).toBe(true);
    expect(sessionChanged('abc', 'def')).toBe(true);
    expect(sessionChanged('abc', 'abc')).toBe(false);
    expect(sessionChanged(undefined, 'abc')).toBe(false);
    expect(sessionChanged('abc', null)).toBe(false);
  });
});
