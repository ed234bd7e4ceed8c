import { useSyncExternalStore } from 'react';

/**
 * A value held outside React that components follow (`use`): set from anywhere (a toast asked for,
 * a new version of the app waiting), drawn again where it is read. The server, and a page being
 * hydrated, see `initial`, so that the browser's first draw matches the server's.
 */
export function valueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    use: (): T =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => initial,
      ),
  };
}
