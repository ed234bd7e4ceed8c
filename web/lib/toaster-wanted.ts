import { useSyncExternalStore } from 'react';

/**
 * Whether a toast has been asked for yet. The toaster (sonner's code, and the styles it adds to the
 * page, which make the browser restyle the whole page) is drawn from the first toast on, not with
 * every page a visitor opens (issue 17); sonner shows a toast made before its toaster was there.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted, () => false);
}
