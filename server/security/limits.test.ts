import { beforeAll, describe, expect, test } from 'vitest';
import { contentTestKit, type User } from '../test/content-kit.ts';
import { fingerprint } from '../test/db-fingerprint.ts';
import { CONTENT, DISCIPLINE, IS_STREAM, openApi, routesOf, type OpenApi } from './catalogue.ts';

/**
 * Request size limits: a JSON body over 1 MiB → 413, and `?limit=` on every list that takes it is
 * capped (or refused) at its documented maximum, with more rows in the database than that.
 */
const kit = contentTestKit('place');
const db = () => kit.t.app.db;
const ROWS = 110;
const P0 = 'sec-limit-0';
let doc: OpenApi;
let rider: User;
let placeId: string;
let conversationId: string;

beforeAll(async () => {
  rider = await kit.user();
  doc = await openApi(kit);
  const ids = Array.from({ length: ROWS }, (_, i) => `sec-limit-${i}`);
  await db()
    .insertInto('profiles')
    .values(ids.map((id) => ({ id, name: `Limit Rider ${id}`, email: `${id}@example.com`, email_verified: true })))
    .execute();
  await db()
    .insertInto('discipline_followers')
    .values(ids.map((id) => ({ user_id: id, discipline_id: DISCIPLINE })))
    .execute();
  const others = ids.slice(1);
  await db()
    .insertInto('user_follows')
    .values(others.map((id) => ({ follower_id: id, followee_id: P0 })))
    .execute();
  await db()
    .insertInto('user_follows')
    .values(others.map((id) => ({ follower_id: P0, followee_id: id })))
    .execute();
  for (const spec of CONTENT) {
    const rows = ids.map((_, i) => ({ ...spec.row(`Limit ${spec.type} ${i}`), discipline_id: DISCIPLINE, author_id: P0, status: 'approved' }));
    const inserted = await db()
      .insertInto(spec.section)
      .values(rows as never)
      .returning('id')
      .execute();
    if (spec.type === 'place') placeId = inserted[0]!.id;
  }
  const teams = await db()
    .insertInto('teams')
    .values(ids.map((id, i) => ({ name: `Limit Crew ${i}`, leader_id: id, status: 'approved' as const })))
    .returning(['id', 'leader_id'])
    .execute();
  await db()
    .insertInto('team_members')
    .values(teams.map((t) => ({ team_id: t.id, user_id: t.leader_id, role: 'leader' as const })))
    .execute();
  await db()
    .insertInto('comments')
    .values(ids.map((id, i) => ({ item_type: 'place', item_id: placeId, author_id: id, body: `Comment ${i}` })))
    .execute();
  // P0's public sessions at the place (their log, the admin's moderation list) and reports on it.
  const hoursAgo = (i: number) => new Date(Date.now() - (i + 1) * 3_600_000);
  await db()
    .insertInto('ride_sessions')
    .values(ids.map((_, i) => ({ author_id: P0, place_id: placeId, discipline_id: DISCIPLINE, started_at: hoursAgo(i), duration_minutes: 60 })))
    .execute();
  await db()
    .insertInto('condition_reports')
    .values(
      ids.map((id) => ({
        place_id: placeId,
        author_id: id,
        kind: 'water' as const,
        values: JSON.stringify({ size: 'small', wind: 'light', crowd: 'empty' }),
        expires_at: new Date(Date.now() + 3_600_000),
      })),
    )
    .execute();
  await db()
    .insertInto('contact_messages')
    .values(ids.map((id) => ({ name: 'Limit', email: `${id}@example.com`, subject: 'Hi', message: 'Hello' })))
    .execute();
  await db().insertInto('discipline_followers').values({ user_id: rider.id, discipline_id: DISCIPLINE }).execute();
  await db()
    .insertInto('notifications')
    .values(ids.map((id) => ({ user_id: rider.id, type: 'follower' as const, actor_id: id })))
    .execute();
  const [a, b] = [rider.id, P0].sort() as [string, string];
  const conversation = await db().insertInto('conversations').values({ user_a: a, user_b: b }).returning('id').executeTakeFirstOrThrow();
  conversationId = conversation.id;
  await db()
    .insertInto('messages')
    .values(ids.map((_, i) => ({ conversation_id: conversationId, sender_id: P0, body: `Message ${i}` })))
    .execute();
});

type LimitCase = { url: string; max: number; admin?: boolean };
const CASES: Record<string, () => LimitCase> = {
  'GET /api/disciplines/{id}/athletes': () => ({ url: `/api/disciplines/${DISCIPLINE}/athletes`, max: 50 }),
  'GET /api/teams': () => ({ url: '/api/teams', max: 50 }),
  ...Object.fromEntries(
    CONTENT.map((spec) => [`GET /api/disciplines/{id}/${spec.section}`, () => ({ url: `/api/disciplines/${DISCIPLINE}/${spec.section}`, max: 50 })]),
  ),
  'GET /api/content/{type}/{id}/comments': () => ({ url: `/api/content/place/${placeId}/comments`, max: 50 }),
  'GET /api/profiles/{id}/activity': () => ({ url: `/api/profiles/${P0}/activity`, max: 50 }),
  'GET /api/profiles/{id}/followers': () => ({ url: `/api/profiles/${P0}/followers`, max: 50 }),
  'GET /api/profiles/{id}/following': () => ({ url: `/api/profiles/${P0}/following`, max: 50 }),
  'GET /api/notifications': () => ({ url: '/api/notifications', max: 50 }),
  'GET /api/conversations/{id}/messages': () => ({ url: `/api/conversations/${conversationId}/messages`, max: 100 }),
  'GET /api/feed': () => ({ url: '/api/feed', max: 50 }),
  'GET /api/admin/users': () => ({ url: '/api/admin/users', max: 50, admin: true }),
  'GET /api/admin/content/{kind}': () => ({ url: '/api/admin/content/teams', max: 50, admin: true }),
  'GET /api/admin/messages': () => ({ url: '/api/admin/messages', max: 100, admin: true }),
  'GET /api/profiles/{id}/sessions': () => ({ url: `/api/profiles/${P0}/sessions`, max: 50 }),
  'GET /api/admin/sessions': () => ({ url: '/api/admin/sessions', max: 50, admin: true }),
  'GET /api/admin/condition-reports': () => ({ url: '/api/admin/condition-reports', max: 50, admin: true }),
};

const itemsOf = (body: unknown): unknown[] => (Array.isArray(body) ? body : (body as { items: unknown[] }).items);

describe('?limit=', () => {
  test('every list route taking ?limit= has a case here', () => {
    const withLimit = routesOf(doc).filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return !IS_STREAM(path) && (doc.paths[path]![method.toLowerCase()]!.parameters ?? []).some((p) => p.in === 'query' && p.name === 'limit');
    });
    expect(Object.keys(CASES).sort()).toEqual(withLimit);
  });

  test.each(Object.keys(CASES))('%s never answers more than its maximum', async (route) => {
    const c = CASES[route]!();
    const who = c.admin ? kit.admin : rider;
    const sep = c.url.includes('?') ? '&' : '?';
    const atMax = await kit.call('GET', `${c.url}${sep}limit=${c.max}`, who);
    expect(atMax.statusCode, atMax.body).toBe(200);
    // There are more rows than the maximum, so a cap that is too high would show.
    expect(itemsOf(atMax.json()).length, `${route} at its maximum`).toBe(c.max);
    for (const limit of [c.max + 1, 1000, 2 ** 31]) {
      const res = await kit.call('GET', `${c.url}${sep}limit=${limit}`, who);
      if (res.statusCode === 400) continue;
      expect(res.statusCode, res.body).toBe(200);
      expect(itemsOf(res.json()).length, `${route} limit=${limit}`).toBeLessThanOrEqual(c.max);
    }
    for (const limit of ['0', '-1', 'abc', '1e3']) {
      const res = await kit.call('GET', `${c.url}${sep}limit=${limit}`, who);
      if (res.statusCode === 200) expect(itemsOf(res.json()).length).toBeLessThanOrEqual(c.max);
      else expect(res.statusCode, `${route} limit=${limit}`).toBe(400);
    }
  });
});

describe('body size', () => {
  test('a JSON body over 1 MiB → 413 PAYLOAD_TOO_LARGE, nothing written; just under passes the parser', async () => {
    const before = await fingerprint(db());
    const big = JSON.stringify({ name: 'Big Crew', description: 'x'.repeat(1024 * 1024) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { origin: 'http://localhost:3000', cookie: rider.cookie, 'content-type': 'application/json' },
      payload: big,
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    expect(await fingerprint(db())).toEqual(before);

    const under = await kit.t.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { origin: 'http://localhost:3000', cookie: rider.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Big Crew', description: 'x'.repeat(1000 * 1000) }),
    });
    expect(under.statusCode).toBe(400);
    expect(under.json()).toMatchObject({ code: 'TOO_LONG' });
  });
});
