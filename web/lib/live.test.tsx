// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SessionUser } from '../../common/schemas.ts';
import { authKeys } from './session.ts';
import { connectLive } from './live-stream.ts';
import { useLiveEvent, useLiveUpdates } from './live.ts';

/** jsdom has no EventSource: this one records what the client does and lets a test play the server. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  #listeners = new Map<string, Set<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (e: MessageEvent) => void) {
    if (!this.#listeners.has(name)) this.#listeners.set(name, new Set());
    this.#listeners.get(name)!.add(listener);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(name: string, data: unknown, lastEventId = '') {
    const event = new MessageEvent(name, { data: JSON.stringify(data), lastEventId });
    this.#listeners.get(name)?.forEach((l) => l(event));
  }
  /** What EventSource does on an error answer: it closes for good. */
  failForGood() {
    this.readyState = 2;
    this.onerror?.();
  }
  get closed() {
    return this.readyState === 2;
  }
}

const latest = () => FakeEventSource.instances.at(-1)!;
const me: SessionUser = { id: 'u1', name: 'Ann', email: 'ann@example.com', role: 'user', avatarUrl: null, preferredLanguage: null };

let client: QueryClient;
const KEYS: QueryKey[] = [['notifications', 'latest'], ['notifications', 'list'], ['conversations', 'list'], ['conversations', 'unread'], ['teams']];

function freshCache() {
  client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const key of KEYS) client.setQueryData(key, { cached: true });
}
const stale = () => KEYS.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('.'));

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ user: null }), { headers: { 'content-type': 'application/json' } })),
  );
  freshCache();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectLive', () => {
  test.each([
    ['notification', { id: 1 }, ['notifications.latest', 'notifications.list']],
    ['message', { conversationId: 'c1', messageId: 2 }, ['conversations.list', 'conversations.unread']],
    ['unread', {}, ['notifications.latest', 'notifications.list', 'conversations.list', 'conversations.unread']],
  ])('a %s event makes exactly its queries stale', (name, data, expected) => {
    const close = connectLive(client);
    expect(latest().url).toBe('/api/live');
    latest().open();
    expect(stale()).toEqual([]);
    latest().emit(name, data);
    expect(stale()).toEqual(expected);
    close();
    expect(latest().closed).toBe(true);
  });

  test('after the browser gives up, it opens again later and resumes after the last id', () => {
    vi.useFakeTimers();
    const close = connectLive(client);
    const first = latest();
    first.open();
    first.emit('notification', { id: 7 }, '7');
    first.emit('unread', {});
    first.failForGood();
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(latest().url).toBe('/api/live?lastEventId=7');
    close();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  test('reopening after a gap makes both lists stale', () => {
    vi.useFakeTimers();
    const close = connectLive(client);
    latest().open();
    latest().failForGood();
    vi.advanceTimersByTime(3000);
    expect(stale()).toEqual([]);
    latest().open();
    expect(stale()).toEqual(['notifications.latest', 'notifications.list', 'conversations.list', 'conversations.unread']);
    close();
  });

  test('a stream the server ended for good asks who is signed in: a session that ended signs the tab out', () => {
    vi.useFakeTimers();
    client.setQueryData(authKeys.me, { user: me });
    const close = connectLive(client);
    latest().open();
    expect(client.getQueryState(authKeys.me)?.isInvalidated).toBe(false);
    latest().failForGood();
    expect(client.getQueryState(authKeys.me)?.isInvalidated).toBe(true);
    close();
  });

  test('without EventSource (old browsers, jsdom) nothing happens', () => {
    vi.stubGlobal('EventSource', undefined);
    const close = connectLive(client);
    expect(FakeEventSource.instances).toEqual([]);
    expect(() => close()).not.toThrow();
  });
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function Live({ onMessage }: { onMessage?: (data: { conversationId: string; messageId: number }) => void }) {
  useLiveUpdates();
  useLiveEvent('message', (data) => onMessage?.(data));
  return null;
}

describe('useLiveUpdates and useLiveEvent', () => {
  test('one stream while signed in, closed on sign-out and on unmount', async () => {
    client.setQueryData(authKeys.me, { user: me });
    const view = render(<Live />, { wrapper });
    // The stream's code loads for a signed-in person, then it opens.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = latest();
    expect(source.closed).toBe(false);

    act(() => client.setQueryData(authKeys.me, { user: null }));
    await waitFor(() => expect(source.closed).toBe(true));
    expect(FakeEventSource.instances).toHaveLength(1);

    act(() => client.setQueryData(authKeys.me, { user: me }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    view.unmount();
    expect(latest().closed).toBe(true);
  });

  test('no stream for a visitor', async () => {
    client.setQueryData(authKeys.me, { user: null });
    render(<Live />, { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeEventSource.instances).toEqual([]);
  });

  test('a component hears the events it asked for, with their data', async () => {
    client.setQueryData(authKeys.me, { user: me });
    const onMessage = vi.fn();
    render(<Live onMessage={onMessage} />, { wrapper });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => {
      latest().open();
      latest().emit('notification', { id: 3 });
      latest().emit('message', { conversationId: 'c9', messageId: 12 });
    });
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ conversationId: 'c9', messageId: 12 });
    cleanup();
    latest().emit('message', { conversationId: 'c9', messageId: 13 });
    expect(onMessage).toHaveBeenCalledTimes(1);
  });
});
