import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { LIVE_EVENTS } from '../../common/live-events.ts';
import { emit } from './live-handlers.ts';
import type { LiveEventName } from './live.ts';
import { authKeys } from './session.ts';

/** The signed-in person's live stream (./live.ts opens it): loaded for them only. */

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
