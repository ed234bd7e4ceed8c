import type { QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api.ts';
import { OUTBOX_SYNC } from '../../common/offline.ts';
import { asSent, indexedDbOutbox, isRetryLater, whileSendingAlone, type NewAction, type OutboxStore, type QueuedAction } from './outbox-store.ts';
import { QueuedOffline } from './queued.ts';

export type { QueuedAction } from './outbox-store.ts';

/**
 * What a rider does without a connection (a check-in at the spot, a condition report, a comment, a
 * like, an RSVP) waits on the device, in IndexedDB, and is sent when the connection returns: while
 * the app is open (the browser's `online` event), by the service worker when none is (Background
 * Sync, web/sw/service-worker.ts), or at its next start. Each waits for the person who
 * made it: never sent, nor shown, as anyone else. One the server refuses meanwhile (the event is
 * full, the spot closed, the item deleted) ends with the server's own message.
 */
let store: OutboxStore = indexedDbOutbox;

export function setOutboxStore(next: OutboxStore): void {
  store = next;
}

// The person's waiting actions, for the page's indicator (components/shell/outbox-status.tsx).
let waiting: QueuedAction[] = [];
const listeners = new Set<() => void>();
async function refresh(): Promise<void> {
  waiting = (await store.all()).sort((a, b) => a.id - b.id);
  for (const listener of listeners) listener();
}

export const outbox = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  waiting: () => waiting,
  refresh,
};

/** Sends the action now or, without a connection, keeps it to send later (and throws QueuedOffline). */
export async function sendOrQueue<T>(action: NewAction): Promise<T> {
  try {
    return await api<T>(action.path, { method: action.method, ...(action.body === undefined ? {} : { body: action.body }) });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'NETWORK_ERROR') throw error;
    await store.add({ ...action, queuedAt: new Date().toISOString() });
    await refresh();
    requestBackgroundSync();
    throw new QueuedOffline();
  }
}

/**
 * Asks the browser to wake the service worker when the connection returns, even with no page of the
 * site open (Background Sync, where the browser has it; elsewhere the next visit sends them).
 */
function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) =>
      (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync?.register(OUTBOX_SYNC),
    )
    .catch(() => undefined);
}

export type FlushOutcome = { sent: QueuedAction[]; refused: { action: QueuedAction; error: ApiError }[] };

let flushing: Promise<FlushOutcome> | undefined;

/**
 * Sends `userId`'s waiting actions in the order they were made, while nothing else sends them. It
 * stops at the first that finds no connection or a failing server (they stay for the next time); one
 * the server refuses is dropped with its error.
 */
export function flushOutbox(client: QueryClient, userId: string): Promise<FlushOutcome> {
  flushing ??= whileSendingAlone(async () => {
    const outcome: FlushOutcome = { sent: [], refused: [] };
    try {
      for (const action of (await store.all()).sort((a, b) => a.id - b.id)) {
        if (action.userId !== userId) continue;
        // Refused while no page was open (the worker sent it): told now.
        if (action.refused) {
          outcome.refused.push({ action, error: new ApiError(action.refused.status, action.refused.code, action.refused.message) });
          await store.remove(action.id);
          continue;
        }
        try {
          await api(action.path, { method: action.method, body: asSent(action, Date.now()) });
          outcome.sent.push(action);
        } catch (error) {
          if (!(error instanceof ApiError) || error.code === 'NETWORK_ERROR' || isRetryLater(error.status)) break;
          outcome.refused.push({ action, error });
        }
        await store.remove(action.id);
      }
    } finally {
      flushing = undefined;
      await refresh();
    }
    const keys = new Map([...outcome.sent, ...outcome.refused.map((r) => r.action)].flatMap((a) => a.invalidate).map((key) => [JSON.stringify(key), key]));
    await Promise.all([...keys.values()].map((queryKey) => client.invalidateQueries({ queryKey })));
    return outcome;
  });
  return flushing;
}
