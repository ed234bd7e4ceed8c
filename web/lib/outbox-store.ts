import { OUTBOX_DATABASE } from '../../common/offline.ts';
import { idbStore } from './idb.ts';

/**
 * Where what a rider did offline waits (web/lib/outbox.ts): an IndexedDB store the page and the
 * service worker share, so that the worker may send it by itself (Background Sync) when no page is
 * open. Only ./idb.ts is imported here: the worker is built from it too.
 */
export type QueuedAction = {
  id: number;
  userId: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** What the person did, in their words at the time ('Session at Supertubos'). */
  label: string;
  queuedAt: string;
  /** Queries to read again once it is sent. */
  invalidate: (readonly unknown[])[];
  /** Set by the service worker when the server refused it while no page was open: the page tells why. */
  refused?: { status: number; code: string; message: string };
};

export type NewAction = Omit<QueuedAction, 'id' | 'queuedAt'>;

/** Where actions wait: IndexedDB in the browser; tests give their own. */
export type OutboxStore = {
  all(): Promise<QueuedAction[]>;
  add(action: Omit<QueuedAction, 'id'>): Promise<void>;
  remove(id: number): Promise<void>;
  put(action: QueuedAction): Promise<void>;
};

const request = idbStore(OUTBOX_DATABASE, 'actions', { keyPath: 'id', autoIncrement: true });

export const indexedDbOutbox: OutboxStore = {
  all: () => request((s) => s.getAll() as IDBRequest<QueuedAction[]>, 'readonly').then((all) => all.sort((a, b) => a.id - b.id)),
  add: (action) => request((s) => s.add(action), 'readwrite').then(() => undefined),
  remove: (id) => request((s) => s.delete(id), 'readwrite').then(() => undefined),
  put: (action) => request((s) => s.put(action), 'readwrite').then(() => undefined),
};

// A check-in made "now" and sent much later is a session that started when it was made: it is sent
// as one, lasting until it was sent (at most the three hours a session counts as "out now").
const NOW_GRACE_MS = 15 * 60_000;
const LATE_NOW_MAX_MINUTES = 180;
export function asSent(action: QueuedAction, now: number): unknown {
  const body = action.body as { when?: string; durationMinutes?: number | null } | undefined;
  const waited = now - Date.parse(action.queuedAt);
  if (body?.when !== 'now' || waited < NOW_GRACE_MS) return action.body;
  return {
    ...body,
    when: 'earlier',
    startedAt: action.queuedAt,
    durationMinutes: body.durationMinutes ?? Math.min(LATE_NOW_MAX_MINUTES, Math.round(waited / 60_000)),
  };
}

/** An answer that says nothing of the action (the server failing, or too many at once): tried again later, in order. */
export const isRetryLater = (status: number) => status >= 500 || status === 429;

/**
 * Runs `send` while no other page nor the worker sends the outbox (Web Locks, where the browser has
 * them), so that nothing is sent twice.
 */
export function whileSendingAlone<T>(send: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: { request(name: string, run: () => Promise<T>): Promise<T> } } }).navigator?.locks;
  return locks ? locks.request(OUTBOX_DATABASE, send) : send();
}
