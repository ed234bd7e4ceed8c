import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { SAVED_DATABASE, SAVED_PICTURES_CACHE } from '../../common/offline.ts';

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

const STORE = 'saves';

function request<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(SAVED_DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'id' });
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      const asked = run(database.transaction(STORE, mode).objectStore(STORE));
      asked.onsuccess = () => {
        resolve(asked.result);
        database.close();
      };
      asked.onerror = () => {
        reject(asked.error);
        database.close();
      };
    };
  });
}

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

/** Puts every saved page's data into the client where it has nothing newer (offline). */
export async function restoreSaved(client: QueryClient): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const entries = await savedStore.all().catch(() => [] as SavedEntry[]);
  for (const entry of entries) hydrate(client, entry.queries);
}

/** The save itself needs the app's routes (web/saved-offline.ts): the app provides it. */
export const SaveOfflineContext = createContext<((request: SaveRequest) => Promise<SavedEntry>) | null>(null);

/** A save's state on this device, and saving or removing it. */
export function useSavedOffline(request: SaveRequest) {
  const save = useContext(SaveOfflineContext);
  const [entry, setEntry] = useState<SavedEntry | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return setEntry(null);
    let live = true;
    savedStore.get(request.id).then(
      (found) => live && setEntry(found ?? null),
      () => live && setEntry(null),
    );
    return () => {
      live = false;
    };
  }, [request.id]);
  const run = useCallback(
    async (work: () => Promise<SavedEntry | null>) => {
      setBusy(true);
      try {
        setEntry(await work());
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return {
    /** undefined until read; null when not saved. */
    entry,
    busy,
    available: save !== null,
    save: () => run(() => save!(request)),
    remove: () => run(() => savedStore.remove(request.id).then(() => null)),
  };
}
