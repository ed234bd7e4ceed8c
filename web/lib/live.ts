import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LIVE_EVENTS } from '../../common/live-events.ts';
import type { Notification } from '../../common/notifications.ts';
import { authKeys, useMe } from './session.ts';

export type LiveEventName = keyof typeof LIVE_EVENTS;
export type LiveEventData = {
  notification: Notification;
  message: { conversationId: string; messageId: number };
  unread: Record<string, never>;
};

const NOTIFICATIONS: QueryKey = ['notifications'];
const CONVERSATIONS: QueryKey = ['conversations'];

/** What each event makes stale: the lists refetch, whatever page shows them. */
export const LIVE_INVALIDATES: Record<LiveEventName, QueryKey[]> = {
  notification: [NOTIFICATIONS],
  message: [CONVERSATIONS],
  unread: [NOTIFICATIONS, CONVERSATIONS],
};

const LIVE_URL = '/api/live';
const RETRY_MIN_MS = 3000;
const RETRY_MAX_MS = 60_000;
const CLOSED = 2; // EventSource.CLOSED

type Handler = (data: unknown) => void;
const handlers = new Map<LiveEventName, Set<Handler>>();

function emit(name: LiveEventName, data: unknown) {
  handlers.get(name)?.forEach((handler) => handler(data));
}

/**
 * Opens the one event stream of this tab and keeps it open: EventSource reconnects by itself and
 * resends the last id it saw, but gives up for good after an error answer (a proxy's 502 during a
 * deploy), so then a new one resumes after that id, waiting longer each time.
 * Returns the function that closes it.
 */
export function connectLive(client: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let lastEventId = '';
  let delay = RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resumed = false;
  let stopped = false;

  const invalidate = (keys: QueryKey[]) => keys.forEach((queryKey) => void client.invalidateQueries({ queryKey }));

  const open = () => {
    timer = undefined;
    const url = lastEventId ? `${LIVE_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_URL;
    const current = new EventSource(url);
    source = current;
    current.onopen = () => {
      delay = RETRY_MIN_MS;
      // Messages and read states have no id to resume from: after a gap, read them again.
      if (resumed) invalidate(LIVE_INVALIDATES.unread);
      resumed = true;
    };
    current.onerror = () => {
      if (current.readyState !== CLOSED || stopped) return;
      current.close();
      // The server ends a stream whose session ended (sign-out elsewhere, password change, ban):
      // asking who is signed in then signs this tab out, which closes the stream for good.
      void client.invalidateQueries({ queryKey: authKeys.me });
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };
    for (const name of Object.keys(LIVE_EVENTS) as LiveEventName[]) {
      current.addEventListener(name, (event) => {
        const message = event as MessageEvent<string>;
        if (message.lastEventId) lastEventId = message.lastEventId;
        invalidate(LIVE_INVALIDATES[name]);
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        emit(name, data);
      });
    }
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

/** Keeps the signed-in user's live stream open; mounted once, in the layout. */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const { user } = useMe();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    return connectLive(client);
  }, [client, userId]);
}

/** Calls `handler` on each live event `name` of this tab (e.g. a toast for a new message). */
export function useLiveEvent<N extends LiveEventName>(name: N, handler: (data: LiveEventData[N]) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: Handler = (data) => latest.current(data as LiveEventData[N]);
    let set = handlers.get(name);
    if (!set) {
      set = new Set();
      handlers.set(name, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [name]);
}
