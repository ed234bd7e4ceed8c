import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { api, ApiError } from './api.ts';
import { QueuedOffline } from './queued.ts';

/**
 * What a rider does without a connection (a check-in at the spot, a condition report, a comment, a
 * like, an RSVP) waits on the device, in IndexedDB, and is sent when the connection returns: while
 * the app is open (the browser's `online` event) or at its next start. Each waits for the person who
 * made it: never sent, nor shown, as anyone else. One the server refuses meanwhile (the event is
 * full, the spot closed, the item deleted) ends with the server's own message.
 */
export type QueuedAction = {
  id: number;
  userId: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** What the person did, in their words at the time ('Session at Supertubos'). */
  label: string;
  queuedAt: string;
  /** Queries to read again once it is sent. */
  invalidate: QueryKey[];
};

export type NewAction = Omit<QueuedAction, 'id' | 'queuedAt'>;

/** Where actions wait: IndexedDB in the browser; tests give their own. */
export type OutboxStore = { all(): Promise<QueuedAction[]>; add(action: Omit<QueuedAction, 'id'>): Promise<void>; remove(id: number): Promise<void> };

const DATABASE = 'stoked-outbox';
const STORE = 'actions';

function request<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
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

let store: OutboxStore = {
  all: () => request((s) => s.getAll() as IDBRequest<QueuedAction[]>, 'readonly'),
  add: (action) => request((s) => s.add(action), 'readwrite').then(() => undefined),
  remove: (id) => request((s) => s.delete(id), 'readwrite').then(() => undefined),
};

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
    throw new QueuedOffline();
  }
}

// A check-in made "now" and sent much later is a session that started when it was made: it is sent
// as one, lasting until it was sent (at most the three hours a session counts as "out now").
const NOW_GRACE_MS = 15 * 60_000;
const LATE_NOW_MAX_MINUTES = 180;
function asSent(action: QueuedAction, now: number): unknown {
  const body = action.body as { when?: string; durationMinutes?: number | null } | undefined;
  const waited = now - Date.parse(action.queuedAt);
  if (body?.when !== 'now' || waited < NOW_GRACE_MS) return action.body;
  return { ...body, when: 'earlier', startedAt: action.queuedAt, durationMinutes: body.durationMinutes ?? Math.min(LATE_NOW_MAX_MINUTES, Math.round(waited / 60_000)) };
}

export type FlushOutcome = { sent: QueuedAction[]; refused: { action: QueuedAction; error: ApiError }[] };

let flushing: Promise<FlushOutcome> | undefined;

/**
 * Sends `userId`'s waiting actions in the order they were made. It stops at the first that finds
 * no connection (they stay for the next time); one the server refuses is dropped with its error.
 */
export function flushOutbox(client: QueryClient, userId: string): Promise<FlushOutcome> {
  flushing ??= (async () => {
    const outcome: FlushOutcome = { sent: [], refused: [] };
    try {
      for (const action of (await store.all()).sort((a, b) => a.id - b.id)) {
        if (action.userId !== userId) continue;
        try {
          await api(action.path, { method: action.method, body: asSent(action, Date.now()) });
          outcome.sent.push(action);
        } catch (error) {
          if (!(error instanceof ApiError) || error.code === 'NETWORK_ERROR') break;
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
  })();
  return flushing;
}

