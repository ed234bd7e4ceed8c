import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Comment, CommentPage, LikeResult, RatingSummary } from '../../../common/content.ts';
import type { Place } from '../../../common/places.ts';
import { RELAXED_LIMITS, signUpVerified } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const ORIGIN = 'http://localhost:3000';
type User = Awaited<ReturnType<typeof signUpVerified>>;

const t = useTestApp(RELAXED_LIMITS);
let admin: User;
let alice: User;
let bob: User;

beforeAll(async () => {
  admin = await signUpVerified(t, { name: 'Admin' });
  await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
  alice = await signUpVerified(t, { name: 'Alice' });
  bob = await signUpVerified(t, { name: 'Bob' });
});

function call(method: InjectOptions['method'], url: string, who?: User | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** A place by `author`: public when an admin writes it, pending otherwise. */
async function place(author: User): Promise<Place> {
  const res = await call('POST', '/api/disciplines/surfing/places', author, { name: `Spot ${Math.random()}`, location: 'Bay', latitude: 1, longitude: 2 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Place;
}

describe('likes', () => {
  test('a like counts once, shows on the card for the liker, and unliking takes it back', async () => {
    const p = await place(admin);
    const url = `/api/content/place/${p.id}/like`;
    expect((await call('PUT', url, alice)).json()).toEqual({ liked: true, likes: 1 });
    expect((await call('PUT', url, alice)).json()).toEqual({ liked: true, likes: 1 });
    expect((await call('PUT', url, bob)).json()).toEqual({ liked: true, likes: 2 });
    const seenByAlice = (await call('GET', `/api/places/${p.id}`, alice)).json() as Place;
    expect(seenByAlice.reactions).toEqual({ likes: 2, comments: 0, liked: true });
    const seenByVisitor = (await call('GET', `/api/places/${p.id}`)).json() as Place;
    expect(seenByVisitor.reactions).toEqual({ likes: 2, comments: 0, liked: false });
    expect((await call('DELETE', url, alice)).json() as LikeResult).toEqual({ liked: false, likes: 1 });
  });

  test('visitors cannot like; hidden, missing and malformed items answer 404', async () => {
    const p = await place(admin);
    expect((await call('PUT', `/api/content/place/${p.id}/like`)).statusCode).toBe(401);
    const pending = await place(alice);
    expect((await call('PUT', `/api/content/place/${pending.id}/like`, bob)).json()).toMatchObject({ code: 'CONTENT_NOT_FOUND' });
    expect((await call('PUT', `/api/content/place/${pending.id}/like`, alice)).statusCode).toBe(200);
    expect((await call('PUT', `/api/content/trick/${p.id}/like`, bob)).statusCode).toBe(404);
    expect((await call('PUT', '/api/content/place/nope/like', bob)).statusCode).toBe(404);
    expect((await call('PUT', `/api/content/profile/${p.id}/like`, bob)).statusCode).toBe(400);
  });
});

describe('comments', () => {
  test('signed-in people comment; the list is newest first and counts show on the card', async () => {
    const p = await place(admin);
    const url = `/api/content/place/${p.id}/comments`;
    const first = await call('POST', url, alice, { body: '  Great   waves\r\nat dawn ' });
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as Comment).body).toBe('Great   waves\nat dawn');
    await call('POST', url, bob, { body: 'Crowded on weekends' });
    const page = (await call('GET', url, alice)).json() as CommentPage;
    expect(page.total).toBe(2);
    expect(page.items.map((c) => [c.author.name, c.canDelete])).toEqual([
      ['Bob', false],
      ['Alice', true],
    ]);
    expect(JSON.stringify(page)).not.toContain('@example.com');
    expect(((await call('GET', `/api/places/${p.id}`)).json() as Place).reactions.comments).toBe(2);
  });

  test('empty, whitespace-only and over-long comments are refused; visitors cannot comment', async () => {
    const p = await place(admin);
    const url = `/api/content/place/${p.id}/comments`;
    expect((await call('POST', url, alice, { body: '   ' })).statusCode).toBe(400);
    expect((await call('POST', url, alice, { body: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call('POST', url, null, { body: 'hi' })).statusCode).toBe(401);
    expect(((await call('GET', url)).json() as CommentPage).total).toBe(0);
  });

  test('a comment is deleted by its author or an admin, never by someone else', async () => {
    const p = await place(admin);
    const url = `/api/content/place/${p.id}/comments`;
    const a = (await call('POST', url, alice, { body: 'mine' })).json() as Comment;
    const b = (await call('POST', url, alice, { body: 'also mine' })).json() as Comment;
    expect((await call('DELETE', `/api/comments/${a.id}`, bob)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/comments/${a.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/comments/${a.id}`, alice)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/comments/${b.id}`, admin)).statusCode).toBe(204);
    expect(((await call('GET', url)).json() as CommentPage).total).toBe(0);
    expect((await call('DELETE', `/api/comments/${a.id}`, alice)).statusCode).toBe(404);
  });

  test('comment bodies are stored as plain text, markup and all', async () => {
    const p = await place(admin);
    const body = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const res = await call('POST', `/api/content/place/${p.id}/comments`, alice, { body });
    expect((res.json() as Comment).body).toBe(body);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('ratings', () => {
  test('each person has one 1-5 score; the average and count follow', async () => {
    const p = await place(admin);
    const url = `/api/content/place/${p.id}/rating`;
    expect((await call('PUT', url, alice, { score: 5 })).json()).toEqual({ average: 5, count: 1, mine: 5 });
    expect((await call('PUT', url, bob, { score: 2 })).json()).toEqual({ average: 3.5, count: 2, mine: 2 });
    expect((await call('PUT', url, bob, { score: 4 })).json()).toEqual({ average: 4.5, count: 2, mine: 4 });
    expect((await call('DELETE', url, bob)).json() as RatingSummary).toEqual({ average: 5, count: 1, mine: null });
    for (const score of [0, 6, 2.5, '2.5', '', ' 3', true, null, [3]]) expect((await call('PUT', url, alice, { score })).statusCode).toBe(400);
    // The plain form's star button sends its score as text: digits are read as the number (one input for both).
    expect((await call('PUT', url, alice, { score: '3' })).json()).toEqual({ average: 3, count: 1, mine: 3 });
    expect((await call('PUT', url, null, { score: 3 })).statusCode).toBe(401);
  });
});

test('deleting an item removes its likes, comments and ratings', async () => {
  const p = await place(admin);
  await call('PUT', `/api/content/place/${p.id}/like`, alice);
  await call('POST', `/api/content/place/${p.id}/comments`, alice, { body: 'bye' });
  await call('PUT', `/api/content/place/${p.id}/rating`, alice, { score: 4 });
  expect((await call('DELETE', `/api/places/${p.id}`, admin)).statusCode).toBe(204);
  for (const table of ['likes', 'comments', 'ratings'] as const) {
    const rows = await t.app.db.selectFrom(table).select('item_id').where('item_id', '=', p.id).execute();
    expect(rows, table).toEqual([]);
  }
});
