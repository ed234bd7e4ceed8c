/**
 * One request to a one-store IndexedDB database, opened (and made, the first time) for it and closed
 * after: the outbox (web/lib/outbox-store.ts) and what was saved for offline (web/lib/saved-offline.ts).
 * Imports nothing: the service worker is built from it too.
 */
export function idbStore(database: string, store: string, options: IDBObjectStoreParameters) {
  return <T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> =>
    new Promise((resolve, reject) => {
      const opening = indexedDB.open(database, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(store, options);
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        const asked = run(db.transaction(store, mode).objectStore(store));
        asked.onsuccess = () => {
          resolve(asked.result);
          db.close();
        };
        asked.onerror = () => {
          reject(asked.error);
          db.close();
        };
      };
    });
}
