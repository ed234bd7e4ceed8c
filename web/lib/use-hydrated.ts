import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that markup, true after
 * (and at once in a page the browser draws itself). What depends on the visitor's clock or time
 * zone waits for it, so that both sides write the same text; React redraws it right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/** The zone instants are shown in: the visitor's own, UTC until the page is hydrated. */
export function useDisplayTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC';
}
