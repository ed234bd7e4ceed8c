import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LIVE_EVENTS } from '../../common/live-events.ts';
import type { Notification } from '../../common/notifications.ts';
import { handlers, type Handler } from './live-handlers.ts';
import { useMe } from './session.ts';

export type LiveEventName = keyof typeof LIVE_EVENTS;
export type LiveEventData = {
  notification: Notification;
  message: { conversationId: string; messageId: number };
  unread: Record<string, never>;
};

/** Keeps the signed-in user's live stream open; mounted once, in the layout. */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const { user } = useMe();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    // The stream's code loads for signed-in people only (a visitor's first load does without it).
    let close: (() => void) | undefined;
    let ended = false;
    void import('./live-stream.ts').then((m) => {
      if (!ended) close = m.connectLive(client);
    });
    return () => {
      ended = true;
      close?.();
    };
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
