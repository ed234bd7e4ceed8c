// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { loaderOf, type RouteNeeds } from './route-data.ts';
import { saveOffline } from './save-pages.ts';
import type { SavedEntry } from './saved-offline.ts';

const put = vi.fn(async (_entry: SavedEntry) => undefined);
vi.mock('./saved-offline.ts', () => ({ savedStore: { put: (entry: SavedEntry) => put(entry) } }));

const kept = new Map<string, Response>();
beforeEach(() => {
  put.mockClear();
  kept.clear();
  vi.stubGlobal('caches', { open: async () => ({ put: async (url: string, response: Response) => void kept.set(url, response) }) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new Uint8Array(5000), { status: 200, headers: { 'content-length': '5000' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const photo = {
  variants: [
    { width: 800, url: '/uploads/p1-800.webp' },
    { width: 400, url: '/uploads/p1-400.webp' },
  ],
};
const place = { id: 'p1', name: 'Supertubos', photos: [photo], author: { avatarUrl: '/uploads/avatar.webp' } };

/** An app of two routes: the frame reads who is signed in and the bell; the place page reads its place. */
function routes(placeNeeds: RouteNeeds): RouteObject[] {
  const frame: RouteNeeds = () => [
    { queryKey: ['auth', 'me'], queryFn: async () => ({ user: { id: 'u1', email: 'rita@example.com' } }) },
    { queryKey: ['notifications', 'latest'], queryFn: async () => ({ items: [] }) },
  ];
  return [{ path: '/', loader: loaderOf(frame), children: [{ path: 'discipline/:disciplineId/places/:placeId', loader: loaderOf(placeNeeds) }] }];
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const request = { id: 'place:p1', label: 'Supertubos', paths: ['/discipline/surfing/places/p1'] };

test("keeps what the page's loaders read and its card-size pictures, never the person's own queries", async () => {
  const app = routes(({ params }) => [{ queryKey: ['places', 'detail', params.placeId], queryFn: async () => place }]);
  const entry = await saveOffline({ routes: app, newClient }, request);
  expect(entry.queries.queries.map((q) => q.queryKey)).toEqual([['places', 'detail', 'p1']]);
  expect(entry.pictures).toEqual(['/uploads/p1-400.webp', '/uploads/avatar.webp']);
  expect([...kept.keys()]).toEqual(entry.pictures);
  expect(entry.bytes).toBeGreaterThan(10_000);
  expect(put).toHaveBeenCalledWith(entry);
});

test('a page read only in part is not saved: the save fails with its reason', async () => {
  const app = routes(() => [
    { queryKey: ['places', 'detail', 'p1'], queryFn: async () => place },
    { queryKey: ['places', 'detail', 'p1', 'nearby'], queryFn: async () => Promise.reject(new Error('no signal')) },
  ]);
  await expect(saveOffline({ routes: app, newClient }, request)).rejects.toThrow('no signal');
  expect(put).not.toHaveBeenCalled();
});
