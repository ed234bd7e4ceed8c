import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { flushOutbox, outbox, sendOrQueue, setOutboxStore, type QueuedAction } from './outbox.ts';
import { isQueued } from './queued.ts';

// Actions made offline wait in a store (IndexedDB in the browser, a list here) and are sent later.
let kept: QueuedAction[] = [];
let lastId = 0;
beforeEach(() => {
  kept = [];
  setOutboxStore({
    all: async () => [...kept],
    add: async (action) => void kept.push({ ...action, id: ++lastId }),
    remove: async (id) => void (kept = kept.filter((a) => a.id !== id)),
    put: async (action) => void (kept = kept.map((a) => (a.id === action.id ? action : a))),
  });
});
afterEach(() => vi.unstubAllGlobals());

type Sent = { url: string; method: string; body: unknown };
/** fetch as the server would answer: `answer` per path, or no connection at all. */
function server(answer: (url: string) => { status: number; body: unknown } | 'offline') {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const a = answer(url);
      if (a === 'offline') throw new TypeError('Failed to fetch');
      sent.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const checkIn = {
  userId: 'u1',
  method: 'POST' as const,
  path: '/api/sessions',
  body: { when: 'now', placeId: 'p1' },
  label: 'Session at Supertubos',
  invalidate: [['sessions']],
};

test('without a connection an action waits on the device; a refusal by the server is not kept', async () => {
  server(() => 'offline');
  const error = await sendOrQueue(checkIn).catch((e: unknown) => e);
  expect(isQueued(error)).toBe(true);
  expect(outbox.waiting().map((a) => a.label)).toEqual(['Session at Supertubos']);

  server(() => ({ status: 409, body: { code: 'EVENT_FULL', message: 'Full' } }));
  const refused = await sendOrQueue({ ...checkIn, label: 'Another' }).catch((e: unknown) => e);
  expect(isQueued(refused)).toBe(false);
  expect(kept).toHaveLength(1);
});

test('sent when the connection returns, in order, only as the person who made them; a refusal ends with its reason', async () => {
  server(() => 'offline');
  for (const action of [
    checkIn,
    { ...checkIn, userId: 'u2', label: 'Theirs' },
    { ...checkIn, path: '/api/content/event/e1/comments', body: { body: 'Stoked!' }, label: 'Comment' },
  ]) {
    await sendOrQueue(action).catch(() => undefined);
  }
  const sent = server((url) => (url.includes('comments') ? { status: 404, body: { code: 'NOT_FOUND', message: 'Gone' } } : { status: 201, body: {} }));
  const outcome = await flushOutbox(new QueryClient(), 'u1');
  expect(sent.map((s) => s.url)).toEqual(['/api/sessions', '/api/content/event/e1/comments']);
  expect(outcome.sent.map((a) => a.label)).toEqual(['Session at Supertubos']);
  expect(outcome.refused.map((r) => [r.action.label, r.error.code])).toEqual([['Comment', 'NOT_FOUND']]);
  // Someone else's stays for them.
  expect(kept.map((a) => a.label)).toEqual(['Theirs']);
});

test('still offline: nothing is lost; a check-in "now" sent much later is the session that started when it was made', async () => {
  server(() => 'offline');
  await sendOrQueue(checkIn).catch(() => undefined);
  await flushOutbox(new QueryClient(), 'u1');
  expect(kept).toHaveLength(1);

  const madeAt = new Date(Date.now() - 50 * 60_000).toISOString();
  kept[0]!.queuedAt = madeAt;
  const sent = server(() => ({ status: 201, body: {} }));
  await flushOutbox(new QueryClient(), 'u1');
  expect(sent[0]!.body).toEqual({ when: 'earlier', placeId: 'p1', startedAt: madeAt, durationMinutes: 50 });
  expect(kept).toEqual([]);
});

test('one the service worker had sent while no page was open, and the server refused, is told with its reason', async () => {
  kept.push({ ...checkIn, id: ++lastId, queuedAt: new Date().toISOString(), refused: { status: 409, code: 'EVENT_FULL', message: 'Full' } });
  const sent = server(() => ({ status: 201, body: {} }));
  const outcome = await flushOutbox(new QueryClient(), 'u1');
  expect(outcome.refused.map((r) => [r.action.label, r.error.code, r.error.status])).toEqual([['Session at Supertubos', 'EVENT_FULL', 409]]);
  // Not sent again.
  expect(sent).toEqual([]);
  expect(kept).toEqual([]);
});

test('a failing or busy server is no answer: the actions stay, in order, for the next time', async () => {
  server(() => 'offline');
  await sendOrQueue(checkIn).catch(() => undefined);
  await sendOrQueue({ ...checkIn, label: 'Second' }).catch(() => undefined);
  for (const status of [503, 429]) {
    const sent = server(() => ({ status, body: { code: status === 429 ? 'RATE_LIMITED' : 'SERVICE_UNAVAILABLE', message: 'Later' } }));
    const outcome = await flushOutbox(new QueryClient(), 'u1');
    expect(outcome).toEqual({ sent: [], refused: [] });
    // Stopped at the first: the second is not sent out of order.
    expect(sent).toHaveLength(1);
    expect(kept.map((a) => a.label)).toEqual(['Session at Supertubos', 'Second']);
  }
});
