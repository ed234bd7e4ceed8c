import type { DehydratedState, hydrate as Hydrate, QueryClient } from '@tanstack/react-query';
import { SAVED_DATABASE, SAVED_PICTURES_CACHE } from '../../common/offline.ts';
import { idbStore } from './idb.ts';

/**
 * "Save offline" (issue 21, item 2): a discipline's or a place's pages' data kept in IndexedDB as
 * the router's own loaders read it (dehydrated queries), with their card-size pictures in a cache
 * the service worker answers from. Offline, the app restores them into its query client, so a saved
 * page opens with what it showed when saved. Forgotten when a session starts or ends on the device
 * (the service worker deletes them), like the pages kept.
 */
export type SavedEntry = { id: string; label: string; savedAt: string; bytes: number; queries: DehydratedState; pictures: string[] };
/** What the button asks to save: its pages' addresses; `withPlaces` adds the page of each spot its lists show. */
export type SaveRequest = { id: string; label: string; paths: string[]; withPlaces?: boolean };

const request = idbStore(SAVED_DATABASE, 'saves', { keyPath: 'id' });

export const savedStore = {
  all: () => request((s) => s.getAll() as IDBRequest<SavedEntry[]>, 'readonly'),
  get: (id: string) => request((s) => s.get(id) as IDBRequest<SavedEntry | undefined>, 'readonly'),
  put: (entry: SavedEntry) => request((s) => s.put(entry), 'readwrite').then(() => undefined),
  async remove(id: string): Promise<void> {
    const entry = await savedStore.get(id);
    await request((s) => s.delete(id), 'readwrite');
    if (!entry) return;
    // A picture another save still uses stays.
    const kept = new Set((await savedStore.all()).flatMap((e) => e.pictures));
    const cache = await caches.open(SAVED_PICTURES_CACHE);
    await Promise.all(entry.pictures.filter((url) => !kept.has(url)).map((url) => cache.delete(url)));
  },
};

/** Puts every saved page's data into the client where it has nothing newer (offline); `hydrate` is the app's (web/main.tsx). */
export async function restoreSaved(client: QueryClient, hydrate: typeof Hydrate): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const entries = await savedStore.all().catch(() => [] as SavedEntry[]);
  for (const entry of entries) hydrate(client, entry.queries);
}
