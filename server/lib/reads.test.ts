import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { createTestApp, RELAXED_LIMITS, signUpVerified, statementsDuring, type TestApp } from '../test/test-app.ts';
import { contextOf } from './context.ts';
import { readDirect } from './reads.ts';

/**
 * A page rendered by the server reads its data by calling each read's function (readDirect), not
 * through the JSON route. Both must answer alike, for everyone, including refusals: a read that a
 * route guards by a hook (the admin guard) or that a route's schemas shape must be guarded and shaped
 * the same way when called directly.
 */
const READ_PATH = '/test/read';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { ...RELAXED_LIMITS, sampleContent: true },
    {
      prepare: (app) =>
        app.get(READ_PATH, { schema: { hide: true, querystring: z.object({ url: z.string() }) } }, async (request) => {
          const answer = await readDirect(app, contextOf(request), (request.query as { url: string }).url);
          return answer.ok ? { status: 200, body: answer.data } : { status: answer.status, body: answer.body };
        }),
    },
  );
}, 120_000);
afterAll(async () => t?.close());

const headersOf = (cookie?: string) => (cookie ? { cookie } : {});
async function both(url: string, cookie?: string) {
  const route = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headersOf(cookie) } });
  const direct = (await t.app.inject({ method: 'GET', url: `${READ_PATH}?url=${encodeURIComponent(url)}`, headers: headersOf(cookie) })).json() as {
    status: number;
    body: unknown;
  };
  return { route: { status: route.statusCode, body: route.body ? (route.json() as unknown) : undefined }, direct };
}

describe('every JSON read of the API is a read a page can call', () => {
  test('each GET of the OpenAPI document that answers JSON is in the table of reads', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    const jsonGets = Object.entries(doc.paths)
      .filter(([, item]) => item.get?.responses?.['200']?.content?.['application/json'])
      .map(([path]) => path.replace(/\{[^}]+\}/g, 'x'));
    expect(jsonGets.length).toBeGreaterThan(50);
    const missing = jsonGets.filter((path) => !t.app.reads.router.find('GET', path));
    expect(missing).toEqual([]);
  });
});

describe('a direct read answers as its JSON route', () => {
  test('for a visitor, a rider and an admin, the same data and the same refusals', async () => {
    const rider = await signUpVerified(t, { name: 'Direct Rider' });
    const admin = await signUpVerified(t, { name: 'Direct Admin' });
    await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const events = (await t.app.inject({ method: 'GET', url: '/api/disciplines/surfing/events?page=1&limit=2' })).json() as { items: { id: string }[] };
    const eventId = events.items[0]!.id;
    const urls = [
      '/api/settings',
      '/api/categories',
      '/api/disciplines/surfing',
      '/api/disciplines/surfing/events?page=1&limit=2',
      '/api/disciplines/surfing/places?page=1&limit=5&q=beach',
      `/api/events/${eventId}`,
      `/api/events/${eventId}/attendees`,
      `/api/content/event/${eventId}/comments`,
      `/api/profiles/${rider.id}`,
      `/api/profiles/${rider.id}/activity`,
      '/api/teams?page=1',
      '/api/profile',
      '/api/notifications',
      '/api/admin/overview',
      '/api/admin/users?page=1',
      // Refusals: missing, malformed, out of bounds.
      '/api/disciplines/no-such-sport',
      '/api/events/00000000-0000-4000-8000-000000000000',
      '/api/events/not-a-uuid',
      '/api/disciplines/surfing/events?page=0',
      '/api/disciplines/surfing/events?limit=abc',
      '/api/no/such/read',
    ];
    const differences: string[] = [];
    for (const [who, cookie] of [
      ['visitor', undefined],
      ['rider', rider.cookie],
      ['admin', admin.cookie],
    ] as const) {
      for (const url of urls) {
        const { route, direct } = await both(url, cookie);
        if (route.status !== direct.status || JSON.stringify(route.body) !== JSON.stringify(direct.body)) {
          differences.push(
            `${who} ${url}: route ${route.status} ${JSON.stringify(route.body).slice(0, 120)} / direct ${direct.status} ${JSON.stringify(direct.body).slice(0, 120)}`,
          );
        }
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);

  test('the admin guard holds for a direct read: a visitor is told to log in, a rider is refused', async () => {
    const rider = await signUpVerified(t);
    expect((await both('/api/admin/overview')).direct.status).toBe(401);
    expect((await both('/api/admin/overview', rider.cookie)).direct).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    // Decided on the read the address matched, not on how the address is spelt.
    for (const spelt of ['/api/%61dmin/overview', '/api//admin/overview', '/API/admin/overview']) {
      const { direct } = await both(spelt, rider.cookie);
      expect(direct.status, spelt).not.toBe(200);
    }
  });

  test('only what the response schema names leaves a read, called directly as through its route', async () => {
    const rider = await signUpVerified(t, { name: 'Schema Rider' });
    const { direct } = await both(`/api/profiles/${rider.id}`);
    expect(direct.status).toBe(200);
    // The profile's row has the e-mail address; the public profile's schema does not name it.
    expect(JSON.stringify(direct.body)).not.toContain('@');
  });
});

describe('what every page shows of the site is kept while it is unchanged, on any process', () => {
  test('the categories are handed over as kept until a change of them anywhere, then read afresh', async () => {
    const asked: unknown[] = [];
    const unwatch = t.app.reads.watch((url) => asked.push(url));
    const categories = async () => {
      const page = await t.app.inject({ method: 'GET', url: `${READ_PATH}?url=${encodeURIComponent('/api/categories')}` });
      return (page.json() as { body: { id: string; name: string }[] }).body;
    };
    try {
      const first = await categories();
      const statements = await statementsDuring(t, async () => void (await categories()));
      // One small read of the version, none of the categories themselves.
      expect(statements.filter((sql) => /from "categories"/.test(sql))).toEqual([]);
      expect(statements.some((sql) => /from "site_wide_version"/.test(sql))).toBe(true);
      // Another process's change (straight into the database): the next read sees it.
      const water = first.find((c) => c.id === 'water')!;
      await t.app.db.updateTable('categories').set({ name: 'Wet Sports' }).where('id', '=', 'water').execute();
      expect((await categories()).find((c) => c.id === 'water')?.name).toBe('Wet Sports');
      await t.app.db.updateTable('categories').set({ name: water.name }).where('id', '=', 'water').execute();
      expect((await categories()).find((c) => c.id === 'water')?.name).toBe(water.name);
    } finally {
      unwatch();
    }
    expect(asked.length).toBeGreaterThan(0);
  });
});
