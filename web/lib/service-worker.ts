import type { hydrate as Hydrate, QueryClient } from '@tanstack/react-query';
import { KEEP_LOADED, SERVICE_WORKER_PATH, SKIP_WAITING } from '../../common/offline.ts';
import { restoreSaved } from './saved-offline.ts';
import { valueStore } from './value-store.ts';

export { restoreSaved };

/**
 * The service worker (web/sw/service-worker.ts) keeps the app's shell and what was visited for
 * offline use. A new version installs in the background and waits: the page offers to reload into it
 * (components/shell/update-banner.tsx) rather than changing under the person's hands.
 */
const waiting = valueStore<ServiceWorker | null>(null);
const setWaiting = (worker: ServiceWorker) => waiting.set(worker);

/**
 * Registers the worker in a production build; a browser without service workers simply has none.
 * Whenever the connection goes, what was saved for offline (./saved-offline.ts) fills in for it
 * (web/main.tsx restores it at start when there is none).
 */
export function registerServiceWorker(client: QueryClient, hydrate: typeof Hydrate): void {
  addEventListener('offline', () => void restoreSaved(client, hydrate));
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_PATH).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // None where the browser is told to run no worker (a test's browser, say).
      if (!registration) return;
      // What this page loaded before the worker ran (its language, its page's code) is kept as well.
      void navigator.serviceWorker.ready.then((ready) =>
        ready.active?.postMessage({ type: KEEP_LOADED, urls: performance.getEntriesByType('resource').map((entry) => entry.name) }),
      );
      // A version installed earlier that still waits (another tab left it), or one installing now.
      if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
        });
      });
    },
    (error: unknown) => console.warn('The service worker could not be registered', error),
  );
}

/** Lets the waiting version take over, then reloads into it. */
export function reloadIntoUpdate(): void {
  const worker = waiting.get();
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage({ type: SKIP_WAITING });
}

/** Whether a new version waits for a reload. */
export const useUpdateWaiting = (): boolean => waiting.use() !== null;
