import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import type { Conversation, ConversationSummary, Message, MessagePage } from '../../../common/messages.ts';
import type { PublicProfile } from '../../../common/profiles.ts';
import { contentTestKit, expectError, MISSING_ID, type User } from '../../test/content-kit.ts';

const kit = contentTestKit('place');
const { call, user } = kit;
const db = () => kit.t.app.db;

async function open(me: User, other: User): Promise<string> {
  const res = await call('POST', '/api/conversations', me, { userId: other.id });
  expect([200, 201], res.body).toContain(res.statusCode);
  return (res.json() as { id: string }).id;
}

async function send(me: User, conversationId: string, body: string): Promise<Message> {
  const res = await call('POST', `/api/conversations/${conversationId}/messages`, me, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Message;
}

async function list(me: User): Promise<ConversationSummary[]> {
  const res = await call('GET', '/api/conversations', me);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConversationSummary[];
}

async function unread(me: User): Promise<number> {
  const res = await call('GET', '/api/conversations/unread-count', me);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
}

async function page(me: User, id: string, query = ''): Promise<MessagePage> {
  const res = await call('GET', `/api/conversations/${id}/messages${query}`, me);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MessagePage;
}

/** A refused body or query: 400 with the code of the first bad field. */
function expectInvalid(res: LightMyRequestResponse, code: string) {
  expect({ status: res.statusCode, code: (res.json() as { code: string }).code }).toEqual({ status: 400, code });
}

const messageCount = async (conversationId: string) =>
  Number(
    (
      await db()
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('conversation_id', '=', conversationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const follows = async (a: User, b: User) =>
  !!(await db().selectFrom('user_follows').select('follower_id').where('follower_id', '=', a.id).where('followee_id', '=', b.id).executeTakeFirst());

describe('starting a conversation', () => {
  test('one conversation per pair, from either side, even with concurrent calls', async () => {
    const [ana, ben] = [await user('Ana'), await user('Ben')];
    const results = await Promise.all([
      call('POST', '/api/conversations', ana, { userId: ben.id }),
      call('POST', '/api/conversations', ben, { userId: ana.id }),
      call('POST', '/api/conversations', ana, { userId: ben.id }),
    ]);
    const ids = results.map((r) => {
      expect([200, 201], r.body).toContain(r.statusCode);
      return (r.json() as { id: string }).id;
    });
    expect(new Set(ids).size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const rows = await db()
      .selectFrom('conversations')
      .selectAll()
      .where((eb) => eb.or([eb('user_a', 'in', [ana.id, ben.id]), eb('user_b', 'in', [ana.id, ben.id])]))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_a < rows[0]!.user_b).toBe(true);

    const again = await call('POST', '/api/conversations', ben, { userId: ana.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: ids[0] });

    const detail = await call('GET', `/api/conversations/${ids[0]}`, ana);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toEqual({ id: ids[0]!, other: { id: ben.id, name: 'Ben', avatarUrl: null }, blocked: false } satisfies Conversation);
  });

  test('refuses oneself, unknown people, bad bodies and anonymous callers', async () => {
    const ana = await user('Ana');
    expectError(await call('POST', '/api/conversations', ana, { userId: ana.id }), 400, 'VALIDATION_ERROR');
    expectError(await call('POST', '/api/conversations', ana, { userId: 'nobody-here' }), 404, 'USER_NOT_FOUND');
    expectInvalid(await call('POST', '/api/conversations', ana, {}), 'VALIDATION_ERROR');
    expectError(await call('POST', '/api/conversations', null, { userId: ana.id }), 401, 'UNAUTHORIZED');
    const mine = await db()
      .selectFrom('conversations')
      .select('id')
      .where((eb) => eb.or([eb('user_a', '=', ana.id), eb('user_b', '=', ana.id)]))
      .execute();
    expect(mine).toEqual([]);
  });
});

describe('sending and reading', () => {
  test('a message reaches the other person: list, unread count, read mark', async () => {
    const [ana, ben, cleo] = [await user('Ana'), await user('Ben'), await user('Cleo')];
    const withBen = await open(ana, ben);
    const withCleo = await open(cleo, ana);
    expect(await list(ana)).toEqual([]); // no messages yet

    const first = await send(ana, withBen, '  Hi Ben!\nSurf tomorrow?  ');
    expect(first).toEqual({ id: expect.any(Number), senderId: ana.id, body: 'Hi Ben!\nSurf tomorrow?', createdAt: expect.any(String) });
    const fromCleo = await send(cleo, withCleo, 'Ana, are you coming?');
    await send(cleo, withCleo, 'Hello?');

    // Newest activity first; the sender's own message is not unread for them.
    const anas = await list(ana);
    expect(anas.map((c) => c.id)).toEqual([withCleo, withBen]);
    expect(anas[0]).toEqual({
      id: withCleo,
      other: { id: cleo.id, name: 'Cleo', avatarUrl: null },
      lastMessage: { body: 'Hello?', senderId: cleo.id, createdAt: expect.any(String) },
      unreadCount: 2,
    });
    expect(anas[1]!.unreadCount).toBe(0);
    expect(await unread(ana)).toBe(2);
    expect(await unread(ben)).toBe(1);
    expect((await list(ben))[0]).toMatchObject({ id: withBen, other: { id: ana.id, name: 'Ana' }, unreadCount: 1, lastMessage: { senderId: ana.id } });

    // Reading the first of Cleo's two leaves one unread; a read mark never moves back.
    let res = await call('POST', `/api/conversations/${withCleo}/read`, ana, { messageId: fromCleo.id });
    expect(res.statusCode, res.body).toBe(204);
    expect(await unread(ana)).toBe(1);
    await call('POST', `/api/conversations/${withCleo}/read`, ana, { messageId: 1 });
    expect(await unread(ana)).toBe(1);
    res = await call('POST', `/api/conversations/${withCleo}/read`, ana, { messageId: Number.MAX_SAFE_INTEGER });
    expect(res.statusCode).toBe(204);
    expect(await unread(ana)).toBe(0);
    // The mark stops at the newest message: later ones still count.
    await send(cleo, withCleo, 'Later');
    expect(await unread(ana)).toBe(1);
    // Replying moves the sender's own read mark.
    await send(ana, withCleo, 'Yes!');
    expect(await unread(ana)).toBe(0);
    expect((await list(cleo))[0]).toMatchObject({ id: withCleo, unreadCount: 1, lastMessage: { body: 'Yes!', senderId: ana.id } });
    expectInvalid(await call('POST', `/api/conversations/${withCleo}/read`, ana, { messageId: 'x' }), 'VALIDATION_ERROR');
  });

  test('history pages backwards, oldest first within a page', async () => {
    const [ana, ben] = [await user('Ana'), await user('Ben')];
    const id = await open(ana, ben);
    const sent: Message[] = [];
    for (let i = 1; i <= 7; i++) sent.push(await send(i % 2 ? ana : ben, id, `Message ${i}`));
    const newest = await page(ben, id, '?limit=3');
    expect(newest.items.map((m) => m.body)).toEqual(['Message 5', 'Message 6', 'Message 7']);
    expect(newest.hasMore).toBe(true);
    const older = await page(ben, id, `?limit=3&before=${newest.items[0]!.id}`);
    expect(older.items.map((m) => m.body)).toEqual(['Message 2', 'Message 3', 'Message 4']);
    expect(older.hasMore).toBe(true);
    const oldest = await page(ana, id, `?limit=3&before=${older.items[0]!.id}`);
    expect(oldest).toEqual({ items: [sent[0]], hasMore: false });
    expect((await page(ana, id)).items).toHaveLength(7);
    expectInvalid(await call('GET', `/api/conversations/${id}/messages?before=abc`, ana), 'VALIDATION_ERROR');
  });

  test('bodies are plain text: trimmed, invisible characters stripped, 1 to 2000 characters', async () => {
    const [ana, ben] = [await user('Ana'), await user('Ben')];
    const id = await open(ana, ben);
    const url = `/api/conversations/${id}/messages`;
    expectInvalid(await call('POST', url, ana, { body: '' }), 'REQUIRED');
    expectInvalid(await call('POST', url, ana, { body: ' \u200b\u202e \n ' }), 'REQUIRED');
    expectInvalid(await call('POST', url, ana, { body: 'x'.repeat(2001) }), 'TOO_LONG');
    expectInvalid(await call('POST', url, ana, {}), 'REQUIRED');
    expectInvalid(await call('POST', url, ana, { body: 42 }), 'REQUIRED');
    expect(await messageCount(id)).toBe(0);

    expect((await send(ana, id, 'x'.repeat(2000))).body).toHaveLength(2000);
    const cleaned = await send(ana, id, 'pay\u200bpal \u202egnp.exe\u2066 <b>bold</b>');
    expect(cleaned.body).toBe('paypal gnp.exe <b>bold</b>');
    const stored = await db().selectFrom('messages').select('body').where('id', '=', cleaned.id).executeTakeFirstOrThrow();
    expect(stored.body).toBe('paypal gnp.exe <b>bold</b>');
  });

  test('sending is rate-limited per user', async () => {
    const [ana, ben] = [await user('Ana'), await user('Ben')];
    const id = await open(ana, ben);
    for (let i = 0; i < 30; i++) await send(ana, id, `n${i}`);
    const res = await call('POST', `/api/conversations/${id}/messages`, ana, { body: 'one too many' });
    expectError(res, 429, 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messageCount(id)).toBe(30);
    // Another person's allowance is their own.
    await send(ben, id, 'still fine');
  });
});

describe('who may see a conversation', () => {
  test('a third person gets 404 on every endpoint and changes nothing; anonymous gets 401', async () => {
    const [ana, ben, eve] = [await user('Ana'), await user('Ben'), await user('Eve')];
    const id = await open(ana, ben);
    const secret = await send(ana, id, 'Secret spot: the north reef');
    const base = `/api/conversations/${id}`;
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['GET', `${base}/messages`, undefined],
      ['POST', `${base}/messages`, { body: 'let me in' }],
      ['POST', `${base}/read`, { messageId: secret.id }],
    ] as const) {
      expectError(await call(method, url, eve, payload), 404, 'NOT_FOUND');
      expectError(await call(method, url, null, payload), 401, 'UNAUTHORIZED');
      expectError(await call(method, url.replace(id, MISSING_ID), ana, payload), 404, 'NOT_FOUND');
    }
    expectError(await call('GET', '/api/conversations', null), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/api/conversations/unread-count', null), 401, 'UNAUTHORIZED');
    expectInvalid(await call('GET', '/api/conversations/not-a-uuid', ana), 'VALIDATION_ERROR');
    expect(await list(eve)).toEqual([]);
    expect(await unread(eve)).toBe(0);
    expect(await messageCount(id)).toBe(1);
    const row = await db().selectFrom('conversations').select(['a_read_id', 'b_read_id']).where('id', '=', id).executeTakeFirstOrThrow();
    // Ana's mark moved with her message; Ben's did not move through Eve.
    expect([Number(row.a_read_id), Number(row.b_read_id)].sort()).toEqual([0, secret.id].sort());
    expect(await unread(ben)).toBe(1);
  });
});

describe('blocking', () => {
  test('a block either way stops messages and follows, removes follows; unblocking restores messaging', async () => {
    const [ana, ben] = [await user('Ana'), await user('Ben')];
    const id = await open(ana, ben);
    await send(ben, id, 'hey');
    expect((await call('PUT', `/api/profiles/${ana.id}/follow`, ben)).statusCode).toBe(200);
    expect((await call('PUT', `/api/profiles/${ben.id}/follow`, ana)).statusCode).toBe(200);

    expectError(await call('PUT', `/api/profiles/${ben.id}/block`, null), 401, 'UNAUTHORIZED');
    expectError(await call('PUT', `/api/profiles/${ana.id}/block`, ana), 400, 'VALIDATION_ERROR');
    expectError(await call('PUT', '/api/profiles/nobody-here/block', ana), 404, 'USER_NOT_FOUND');
    const blocked = await call('PUT', `/api/profiles/${ben.id}/block`, ana);
    expect(blocked.statusCode, blocked.body).toBe(204);
    expect((await call('PUT', `/api/profiles/${ben.id}/block`, ana)).statusCode).toBe(204); // idempotent
    expect(await follows(ana, ben)).toBe(false);
    expect(await follows(ben, ana)).toBe(false);

    const profile = (who: User, of: User) => call('GET', `/api/profiles/${of.id}`, who).then((r) => r.json() as PublicProfile);
    expect((await profile(ana, ben)).blockedByMe).toBe(true);
    expect((await profile(ben, ana)).blockedByMe).toBe(false);
    expect((await profile(ana, ben)).followers).toBe(0);

    // Both directions are refused, and nothing was written.
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      expectError(await call('POST', `/api/conversations/${id}/messages`, from, { body: 'hello?' }), 403, 'BLOCKED');
      expectError(await call('POST', '/api/conversations', from, { userId: to.id }), 403, 'BLOCKED');
      expectError(await call('PUT', `/api/profiles/${to.id}/follow`, from), 403, 'BLOCKED');
      expect((await call('GET', `/api/conversations/${id}`, from)).json()).toMatchObject({ blocked: true });
    }
    expect(await messageCount(id)).toBe(1);
    expect(await follows(ben, ana)).toBe(false);
    // History stays readable to both.
    expect((await page(ben, id)).items.map((m) => m.body)).toEqual(['hey']);

    expect((await call('DELETE', `/api/profiles/${ben.id}/block`, ana)).statusCode).toBe(204);
    expect((await profile(ana, ben)).blockedByMe).toBe(false);
    expect((await call('GET', `/api/conversations/${id}`, ben)).json()).toMatchObject({ blocked: false });
    await send(ben, id, 'thanks for unblocking');
    expect((await call('PUT', `/api/profiles/${ana.id}/follow`, ben)).statusCode).toBe(200);
    // Follows removed by the block do not come back by themselves.
    expect(await follows(ana, ben)).toBe(false);
  });

  test("the blocked person's own block is separate: each side must lift their own", async () => {
    const [ana, ben] = [await user('Ana'), await user('Ben')];
    const id = await open(ana, ben);
    await call('PUT', `/api/profiles/${ben.id}/block`, ana);
    await call('PUT', `/api/profiles/${ana.id}/block`, ben);
    await call('DELETE', `/api/profiles/${ben.id}/block`, ana);
    expectError(await call('POST', `/api/conversations/${id}/messages`, ana, { body: 'hi' }), 403, 'BLOCKED');
    await call('DELETE', `/api/profiles/${ana.id}/block`, ben);
    await send(ana, id, 'hi');
  });
});
