import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { notificationSchema, type Notification } from '../../../common/notifications.ts';
import { LIVE_CHANNEL, publish } from '../../lib/live.ts';
import { notify } from '../../lib/notifications.ts';
import { openSse, serveHttp, type SseClient, type SseEvent } from '../../test/sse.ts';
import { createTestApp, RELAXED_LIMITS, signUpVerified } from '../../test/test-app.ts';
import { MAX_STREAMS_PER_USER, parseSignal } from './live-hub.ts';
import { useTestApp } from '../../test/use-test-app.ts';

type User = Awaited<ReturnType<typeof signUpVerified>>;

const t = useTestApp(RELAXED_LIMITS);
let base: string;
let ann: User;
let bob: User;
const open: SseClient[] = [];

beforeAll(async () => {
  base = await serveHttp(t.app);
  ann = await signUpVerified(t, { name: 'Ann Live' });
  bob = await signUpVerified(t, { name: 'Bob Live' });
});
afterEach(() => {
  open.splice(0).forEach((c) => c.close());
});

async function connect(who: User | null, opts: { lastEventId?: string | number; query?: string; url?: string } = {}) {
  const client = await openSse(`${opts.url ?? base}/api/live${opts.query ?? ''}`, { cookie: who?.cookie, lastEventId: opts.lastEventId });
  open.push(client);
  return client;
}

/**
 * A follow notification for `to` from `from`, recorded and signalled; returns its id. Each is about
 * a subject of its own: repeats about one subject fold into one (security/notification-floods.test.ts).
 */
async function follow(to: User, from: User, db = t.app.db): Promise<number> {
  await notify(db, { userId: to.id, type: 'follower', actorId: from.id, subjectType: 'profile', subjectId: crypto.randomUUID() });
  const row = await db.selectFrom('notifications').select('id').where('user_id', '=', to.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(row.id);
}

const isNotification = (id: number) => (e: SseEvent) => e.event === 'notification' && e.id === String(id);
const notificationIds = (c: SseClient) => c.events.filter((e) => e.event === 'notification').map((e) => Number(e.id));

describe('GET /api/live', () => {
  test('anonymous: 401 JSON, no stream', async () => {
    const res = await fetch(`${base}/api/live`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  test('a signed-in user gets an uncached event stream with the security headers and a retry delay', async () => {
    const s = await connect(ann);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream');
    expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    expect(s.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(s.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    await expect.poll(() => s.retry).toBe(3000);
  });

  test("a notification reaches its user's streams with its id, and nobody else's", async () => {
    const annTab1 = await connect(ann);
    const annTab2 = await connect(ann);
    const bobs = await connect(bob);

    const id = await follow(ann, bob);
    const [one, two] = await Promise.all([annTab1.waitFor(isNotification(id)), annTab2.waitFor(isNotification(id))]);
    const sent = notificationSchema.parse(JSON.parse(one.data)) satisfies Notification;
    expect(sent).toMatchObject({ id, type: 'follower', actor: { id: bob.id, name: 'Bob Live' }, read: false });
    expect(two.data).toBe(one.data);

    // Bob's own notification comes after Ann's on the same channel: once it is here, Ann's would be too.
    const bobsId = await follow(bob, ann);
    await bobs.waitFor(isNotification(bobsId));
    expect(notificationIds(bobs)).toEqual([bobsId]);
    expect(notificationIds(annTab1)).toEqual([id]);
  });

  test('message and unread signals arrive as their events', async () => {
    const s = await connect(ann);
    const conversationId = '11111111-1111-4111-8111-111111111111';
    await publish(t.app.db, { userId: ann.id, event: 'message', conversationId, messageId: 42 });
    await publish(t.app.db, { userId: ann.id, event: 'unread' });
    const message = await s.waitFor((e) => e.event === 'message');
    expect(JSON.parse(message.data)).toEqual({ conversationId, messageId: 42 });
    const unread = await s.waitFor((e) => e.event === 'unread');
    expect(JSON.parse(unread.data)).toEqual({});
    expect(s.events.map((e) => e.event)).toEqual(['message', 'unread']);
  });

  test('a signal inside a transaction arrives on commit only, and never after a rollback', async () => {
    const s = await connect(ann);
    let rolledBackId = 0;
    await expect(
      t.app.db.transaction().execute(async (tx) => {
        await notify(tx, { userId: ann.id, type: 'follower', actorId: bob.id });
        rolledBackId = Number((await tx.selectFrom('notifications').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await t.app.db.selectFrom('notifications').select('id').where('id', '=', rolledBackId).execute()).toEqual([]);

    let committedId = 0;
    await t.app.db.transaction().execute(async (tx) => {
      await notify(tx, { userId: ann.id, type: 'follower', actorId: bob.id });
      committedId = Number((await tx.selectFrom('notifications').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
      await new Promise((r) => setTimeout(r, 150));
      expect(s.events).toEqual([]);
    });
    await s.waitFor(isNotification(committedId));
    expect(notificationIds(s)).toEqual([committedId]);
  });

  test('malformed payloads on the channel are ignored and delivery goes on', async () => {
    const s = await connect(ann);
    for (const payload of [
      'not json',
      '{"userId":"x"}',
      JSON.stringify({ userId: ann.id, event: 'bogus' }),
      JSON.stringify({ userId: ann.id, event: 'notification', id: 'one' }),
    ]) {
      await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(t.app.db);
    }
    await publish(t.app.db, { userId: ann.id, event: 'unread' });
    await s.waitFor((e) => e.event === 'unread');
    expect(s.events).toHaveLength(1);
    expect(parseSignal('{"userId":"u","event":"message","conversationId":"c"}')).toBeNull();
    expect(parseSignal('{"userId":"u","event":"unread"}')).toEqual({ userId: 'u', event: 'unread' });
  });

  test('a reconnecting client gets what it missed after its Last-Event-ID, oldest first, and nothing twice', async () => {
    const first = await connect(ann);
    const seen = await follow(ann, bob);
    await first.waitFor(isNotification(seen));
    first.close();

    const missed = [await follow(ann, bob), await follow(ann, bob), await follow(ann, bob)];
    const again = await connect(ann, { lastEventId: seen });
    await again.waitFor(isNotification(missed[2]!));
    const live = await follow(ann, bob);
    await again.waitFor(isNotification(live));
    expect(notificationIds(again)).toEqual([...missed, live]);

    // EventSource cannot set the header on its first connection: the query does it.
    const fromQuery = await connect(ann, { query: `?lastEventId=${missed[1]}` });
    await fromQuery.waitFor(isNotification(missed[2]!));
    expect(notificationIds(fromQuery)).toEqual(missed.slice(2).concat(live));

    // Bob's notifications are never part of Ann's resume.
    const bobsId = await follow(bob, ann);
    const all = await connect(ann, { lastEventId: 0 });
    await all.waitFor(isNotification(live));
    expect(notificationIds(all)).not.toContain(bobsId);
    expect(notificationIds(all)).toEqual([...notificationIds(all)].sort((x, y) => x - y));

    // Without a usable id there is nothing to resume.
    const fresh = await connect(ann, { lastEventId: 'abc' });
    const marker = await follow(ann, bob);
    await fresh.waitFor(isNotification(marker));
    expect(notificationIds(fresh)).toEqual([marker]);
  });

  test(`at most ${MAX_STREAMS_PER_USER} streams per user: the oldest is closed`, async () => {
    const cara = await signUpVerified(t, { name: 'Cara Live' });
    const streams: SseClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await connect(cara));
    const newest = await connect(cara);
    await streams[0]!.ended;
    const id = await follow(cara, ann);
    await newest.waitFor(isNotification(id));
    await streams[1]!.waitFor(isNotification(id));
    expect(notificationIds(streams[0]!)).toEqual([]);
  });
});

describe('closing the server', () => {
  test('app.close() ends open streams promptly', async () => {
    const own = await createTestApp(RELAXED_LIMITS);
    const user = await signUpVerified(own);
    const url = await serveHttp(own.app);
    const streams = [await openSse(`${url}/api/live`, { cookie: user.cookie }), await openSse(`${url}/api/live`, { cookie: user.cookie })];
    const started = Date.now();
    await own.close();
    await Promise.all(streams.map((s) => s.ended));
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('several servers on one database', () => {
  test.skipIf(!process.env.DATABASE_URL)('a notification written through one server reaches a client of another', async () => {
    const other = await createTestApp(RELAXED_LIMITS, { shareWith: t });
    try {
      const otherBase = await serveHttp(other.app);
      const onOther = await connect(ann, { url: otherBase });
      expect(onOther.status).toBe(200);
      const id = await follow(ann, bob, t.app.db);
      const event = await onOther.waitFor(isNotification(id));
      expect(JSON.parse(event.data)).toMatchObject({ id, type: 'follower', actor: { id: bob.id } });
      await publish(t.app.db, { userId: ann.id, event: 'message', conversationId: 'c1', messageId: 7 });
      expect(JSON.parse((await onOther.waitFor((e) => e.event === 'message')).data)).toEqual({ conversationId: 'c1', messageId: 7 });
    } finally {
      open.splice(0).forEach((c) => c.close());
      await other.close();
    }
  });

  test.skipIf(!process.env.DATABASE_URL)('a lost listener connection comes back: clients are told to refresh, and delivery goes on', async () => {
    const s = await connect(ann);
    const killed = await sql<{ ok: boolean }>`
      select pg_terminate_backend(pid) as ok from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(t.app.db);
    expect(killed.rows.length).toBeGreaterThanOrEqual(1);
    await s.waitFor((e) => e.event === 'unread', 10_000);
    const id = await follow(ann, bob);
    await s.waitFor(isNotification(id));
  });
});
