import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { migrate } from './db/migrate.ts';
import { CATALOGUE_SEEDED_KEY, seed } from './db/seed.ts';
import { createTestApp, signUpVerified, type TestApp, RELAXED_LIMITS } from './test/test-app.ts';
import { useTestApp } from './test/use-test-app.ts';

const t = useTestApp(RELAXED_LIMITS);

async function count(
  table: 'contact_messages' | 'profiles' | 'discipline_followers' | 'categories' | 'disciplines' | 'discipline_categories' | 'schema_migrations' | 'sessions',
) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.app.db);
  return Number(rows[0]!.n);
}

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysDeep(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysDeep(v, out);
    }
  }
  return out;
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/base-uri [^;]+/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

async function pgErrorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  throw new Error('expected the statement to fail');
}

describe('platform', () => {
  test('GET /healthz → 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('GET /readyz → 200 with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  test('GET /api/docs is an OpenAPI document listing /api/disciplines/{id}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Stoked API');
    expect(doc.paths['/api/disciplines/{id}']).toHaveProperty('get');
    expect(doc.paths['/api/disciplines/{id}/follow']).toHaveProperty('put');
    expect(doc.paths['/api/categories']).toHaveProperty('get');
  });

  test('an unknown /api route → 404 {code: NOT_FOUND, message}', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['GET', '/api/'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  test('a trailing slash reaches the same route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/' });
    expect(res.statusCode).toBe(200);
  });
});

describe('request hardening', () => {
  test('a JSON body over 1 MiB → 413 PAYLOAD_TOO_LARGE, nothing stored', async () => {
    const before = await count('contact_messages');
    const payload = JSON.stringify({ name: 'Big', email: 'big@example.com', subject: 'Big', message: 'x'.repeat(1024 * 1024) });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    expect(await count('contact_messages')).toBe(before);
  });

  test('a body just under 1 MiB is parsed (the limit is not lower than announced)', async () => {
    const payload = JSON.stringify({ name: 'Big', email: 'big@example.com', subject: 'Big', message: 'x'.repeat(1000 * 1000) });
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload });
    // Parsed and validated: the message is over its 5000-character limit.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOO_LONG' });
  });

  test('POST with Content-Type text/plain → 415, nothing stored', async () => {
    const beforeMessages = await count('contact_messages');
    const beforeProfiles = await count('profiles');
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ name: 'Form', email: 'form@example.com', subject: 'CSRF', message: 'From a form' }),
    });
    expect(contact.statusCode).toBe(415);
    expect(contact.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ name: 'Form', email: 'form-signup@example.com', password: 'correct horse battery' }),
    });
    expect(signUp.statusCode).toBe(415);
    expect(await count('contact_messages')).toBe(beforeMessages);
    expect(await count('profiles')).toBe(beforeProfiles);
  });

  test('bodiless cookie writes labelled text/plain → 415, nothing changed', async () => {
    const user = await signUpVerified(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/disciplines/snowboarding/follow',
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
    });
    expect(put.statusCode).toBe(415);
    expect(put.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await t.app.db.selectFrom('discipline_followers').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);

    expect((await t.app.inject({ method: 'PUT', url: '/api/disciplines/snowboarding/follow', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/disciplines/snowboarding/follow',
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
    });
    expect(del.statusCode).toBe(415);
    expect(await t.app.db.selectFrom('discipline_followers').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  test('a form-encoded write → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a&email=a%40example.com&subject=s&message=m',
    });
    expect(res.statusCode).toBe(415);
  });

  test('a cookie-authenticated write from Origin https://evil.example → 403 BAD_ORIGIN, nothing changed', async () => {
    const user = await signUpVerified(t);
    const evil = { cookie: user.cookie, origin: 'https://evil.example' };

    const put = await t.app.inject({ method: 'PUT', url: '/api/disciplines/surfing/follow', headers: evil });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ code: 'BAD_ORIGIN', message: expect.any(String) });
    expect(await t.app.db.selectFrom('discipline_followers').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);

    // The same request from our own origin works, so the refusal above was the origin's doing.
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/disciplines/surfing/follow',
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(200);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/disciplines/surfing/follow', headers: evil });
    expect(del.statusCode).toBe(403);
    expect(await t.app.db.selectFrom('discipline_followers').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: evil, payload: {} });
    expect(out.statusCode).toBe(403);
    expect(out.json()).toMatchObject({ code: 'BAD_ORIGIN' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect((me.json() as { user: { id: string } | null }).user?.id).toBe(user.id);

    const before = await count('contact_messages');
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: evil,
      payload: { name: 'Evil', email: 'evil@example.com', subject: 'Hi', message: 'Hello' },
    });
    expect(contact.statusCode).toBe(403);
    expect(await count('contact_messages')).toBe(before);
  });

  test('`npm start` in development mode trusts no Vite origin; only `npm run dev` names one', async () => {
    const vite = 'http://localhost:5173';
    const follow = (app: TestApp, cookie: string) =>
      app.app.inject({ method: 'PUT', url: '/api/disciplines/surfing/follow', headers: { cookie, origin: vite } });
    const started = await createTestApp({ ...RELAXED_LIMITS, env: 'development' });
    const dev = await createTestApp({ ...RELAXED_LIMITS, env: 'development', devWebOrigin: vite });
    try {
      const refused = await follow(started, (await signUpVerified(started)).cookie);
      expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 'BAD_ORIGIN' });
      expect((await follow(dev, (await signUpVerified(dev)).cookie)).statusCode).toBe(200);
    } finally {
      await Promise.all([started.close(), dev.close()]);
    }
  });

  test('Sec-Fetch-Site: cross-site on a write → 403 BAD_ORIGIN', async () => {
    const user = await signUpVerified(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/disciplines/skydiving/follow',
      headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BAD_ORIGIN' });
    expect(await t.app.db.selectFrom('discipline_followers').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('security headers on pages, API answers and errors', async () => {
    for (const url of ['/healthz', '/api/categories', '/api/disciplines/surfing', '/api/nope', '/api/disciplines/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectSecurityHeaders(res);
    }
    const error = await t.app.inject({ method: 'POST', url: '/api/contact', payload: {} });
    expect(error.statusCode).toBe(400);
    expectSecurityHeaders(error);
  });

  test('no email anywhere in the public catalogue responses', async () => {
    const user = await signUpVerified(t);
    expect((await t.app.inject({ method: 'PUT', url: '/api/disciplines/surfing/follow', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    for (const url of ['/api/categories', '/api/categories/water', '/api/disciplines', '/api/disciplines/surfing', '/api/stats', '/api/settings']) {
      for (const headers of [{}, { cookie: user.cookie }]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        const keys = keysDeep(res.json());
        expect(keys.has('email'), url).toBe(false);
        expect(keys.has('emailVerified'), url).toBe(false);
        expect(res.body).not.toContain(user.email);
        expect(res.body).not.toContain('@example.com');
      }
    }
  });
});

describe('database', () => {
  test('the migrations are recorded and a second run applies nothing', async () => {
    const { rows } = await sql<{ version: string; applied_at: Date }>`select version, applied_at from schema_migrations order by version`.execute(t.app.db);
    expect(rows.map((r) => r.version)).toContain('0001-initial-schema.sql');
    const before = rows.length;

    expect(await migrate(t.app.database)).toEqual([]);
    expect(await count('schema_migrations')).toBe(before);

    // A whole second app on the same database boots without re-applying anything.
    const second = await buildApp(t.config, { database: t.app.database, logger: false, mailer: { send: async () => {} } });
    try {
      await second.ready();
      expect(await count('schema_migrations')).toBe(before);
      const res = await second.inject({ method: 'GET', url: '/api/categories' });
      expect(res.statusCode).toBe(200);
      expect((res.json() as unknown[]).length).toBe(7);
    } finally {
      await second.close();
    }
    // Closing the second app leaves the shared database open.
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  test('seeding again leaves 7 categories, 28 disciplines and 28 links', async () => {
    await seed(t.app.db);
    await seed(t.app.db);
    expect(await count('categories')).toBe(7);
    expect(await count('disciplines')).toBe(28);
    expect(await count('discipline_categories')).toBe(28);
  });

  test('seeding does not overwrite what an admin changed', async () => {
    await t.app.db.updateTable('categories').set({ name: 'Ocean' }).where('id', '=', 'water').execute();
    await t.app.db.updateTable('site_settings').set({ setting_value: '["pl"]' }).where('setting_key', '=', 'enabled_languages').execute();
    await seed(t.app.db);
    const water = await t.app.db.selectFrom('categories').select('name').where('id', '=', 'water').executeTakeFirstOrThrow();
    expect(water.name).toBe('Ocean');
    const setting = await t.app.db.selectFrom('site_settings').select('setting_value').where('setting_key', '=', 'enabled_languages').executeTakeFirstOrThrow();
    expect(setting.setting_value).toBe('["pl"]');
    await t.app.db.updateTable('categories').set({ name: 'Water' }).where('id', '=', 'water').execute();

    // An admin moved diving from water to mountain: seeding does not link it back.
    await t.app.db.updateTable('discipline_categories').set({ category_id: 'mountain' }).where('discipline_id', '=', 'diving').execute();
    await seed(t.app.db);
    const links = await t.app.db.selectFrom('discipline_categories').select('category_id').where('discipline_id', '=', 'diving').execute();
    expect(links).toEqual([{ category_id: 'mountain' }]);
    await t.app.db.updateTable('discipline_categories').set({ category_id: 'water' }).where('discipline_id', '=', 'diving').execute();
  });

  test('what an admin deleted from the catalogue stays deleted at the next start', async () => {
    const rafting = await t.app.db.selectFrom('disciplines').selectAll().where('id', '=', 'rafting').executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('disciplines').where('id', '=', 'rafting').execute();
    await seed(t.app.db);
    expect(await t.app.db.selectFrom('disciplines').select('id').where('id', '=', 'rafting').executeTakeFirst()).toBeUndefined();
    // A new database is still seeded in full.
    await t.app.db.deleteFrom('site_settings').where('setting_key', '=', CATALOGUE_SEEDED_KEY).execute();
    await seed(t.app.db);
    expect(await t.app.db.selectFrom('disciplines').select(['id', 'name']).where('id', '=', 'rafting').executeTakeFirst()).toEqual({
      id: 'rafting',
      name: rafting.name,
    });
    expect(await count('discipline_categories')).toBe(28);
  });

  test('a second membership of the same user in a team fails with 23505', async () => {
    const user = await signUpVerified(t);
    const team = await t.app.db.insertInto('teams').values({ name: 'Crew', leader_id: user.id }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('team_members').values({ team_id: team.id, user_id: user.id, role: 'leader' }).execute();
    const code = await pgErrorCode(t.app.db.insertInto('team_members').values({ team_id: team.id, user_id: user.id, role: 'member' }).execute());
    expect(code).toBe('23505');
    const rows = await t.app.db.selectFrom('team_members').selectAll().where('team_id', '=', team.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('leader');
  });

  test('CHECK constraints: profile role, review rating, trick difficulty', async () => {
    const id = `check-${Date.now()}`;
    expect(
      await pgErrorCode(
        t.app.db
          .insertInto('profiles')
          .values({ id, name: 'Root', email: `${id}@example.com`, role: 'superuser' as never })
          .execute(),
      ),
    ).toBe('23514');
    expect(await t.app.db.selectFrom('profiles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();

    const review = { product_name: 'Board', discipline_id: 'surfing', content: 'Great' };
    expect(
      await pgErrorCode(
        t.app.db
          .insertInto('reviews')
          .values({ ...review, rating: 6 })
          .execute(),
      ),
    ).toBe('23514');
    expect(
      await pgErrorCode(
        t.app.db
          .insertInto('reviews')
          .values({ ...review, rating: -1 })
          .execute(),
      ),
    ).toBe('23514');
    await t.app.db
      .insertInto('reviews')
      .values({ ...review, rating: 5 })
      .execute(); // the boundary is allowed

    const trick = { name: 'Flip', discipline_id: 'skateboarding', description: 'A flip' };
    expect(
      await pgErrorCode(
        t.app.db
          .insertInto('tricks')
          .values({ ...trick, difficulty: 11 })
          .execute(),
      ),
    ).toBe('23514');
    expect(
      await pgErrorCode(
        t.app.db
          .insertInto('tricks')
          .values({ ...trick, difficulty: 0 })
          .execute(),
      ),
    ).toBe('23514');
    await t.app.db
      .insertInto('tricks')
      .values({ ...trick, difficulty: 10 })
      .execute();

    const stored = await t.app.db.selectFrom('tricks').select('difficulty').where('name', '=', 'Flip').execute();
    expect(stored.map((r) => r.difficulty)).toEqual([10]);
  });
});
