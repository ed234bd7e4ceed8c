import { describe, expect, test } from 'vitest';
import { staleCode, tileCacheEntries, tileUrlPattern } from './offline.ts';

describe('map tiles kept offline', () => {
  test("a Leaflet template's addresses, and nothing else", () => {
    const osm = tileUrlPattern('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(osm.test('https://a.tile.openstreetmap.org/12/2048/1361.png')).toBe(true);
    for (const other of ['https://a.tile.openstreetmap.org/12/2048/1361.png?x', 'https://evil.example/a.tile.openstreetmap.org/1/2/3.png', 'https://a.tileXopenstreetmap.org/1/2/3.png', 'https://a.tile.openstreetmap.org/a/2/3.png']) {
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
    const kept = ['https://stoked.example/assets/index-new.js', 'https://stoked.example/assets/index-old.js', 'https://stoked.example/assets/places-map-old.css'];
    expect(staleCode(kept, ['/assets/index-new.js', '/assets/places-map-new.css'])).toEqual([kept[1], kept[2]]);
    expect(staleCode([], ['/assets/index-new.js'])).toEqual([]);
  });
});
