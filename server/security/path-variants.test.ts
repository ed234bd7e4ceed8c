import { beforeAll, describe, expect, test } from 'vitest';
import { WRITE_METHODS } from '../lib/http-cache.ts';
import { contentTestKit, MISSING_ID, ORIGIN, type User } from '../test/content-kit.ts';
import { fingerprint } from '../test/db-fingerprint.ts';
import { insertTeam, IS_STREAM, openApi, routesOf } from './catalogue.ts';

/**
 * Checklist 33: every guard decides on what the router matched, never on the raw URL. The router
 * decodes `%61` to `a`, so a guard reading `request.url` let `/%61pi/...` through. Each write route
 * of the OpenAPI document (and the auth writes, which it hides) is sent from a foreign origin under
 * spellings of its path that a raw-string test would misread: each must get the refusal that the
 * plain path gets, and the database must not change.
 */
const kit = contentTestKit('place');
let rider: User;
let writes: string[];

const AUTH_WRITES = [
  'POST /api/auth/sign-out',
  'POST /api/auth/change-password',
  'POST /api/auth/delete-user',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/confirm-email',
];

/** Spellings of one path that a router may read as the same route, or that only a raw-string test tells apart. */
function variants(path: string): string[] {
  const rest = path.slice('/api/'.length);
  return [
    path,
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `//api/${rest}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `/api/./${rest}`,
    `/x/../api/${rest}`,
    `/api//${rest}`,
    `/api/%2e/${rest}`,
  ];
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, MISSING_ID);

beforeAll(async () => {
  rider = await kit.user();
  writes = [...routesOf(await openApi(kit)).filter((r) => WRITE_METHODS.has(r.split(' ')[0]!) && !IS_STREAM(r.split(' ')[1]!)), ...AUTH_WRITES];
});

describe('a write from a foreign origin is refused whatever the spelling of its path', () => {
  test('the OpenAPI document lists the write routes this test walks', () => {
    expect(writes.length).toBeGreaterThan(40);
  });

  test.each([
    ['Origin: https://evil.example', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('%s → 403 BAD_ORIGIN on every variant of every write route', async (_, foreign) => {
    const before = await fingerprint(kit.t.app.db);
    const wrong: string[] = [];
    for (const route of writes) {
      const [method, path] = route.split(' ') as ['POST', string];
      for (const url of variants(concrete(path))) {
        const res = await kit.t.app.inject({ method, url, headers: { cookie: rider.cookie, 'content-type': 'application/json', ...foreign }, payload: '{}' });
        const body = res.statusCode === 403 ? (res.json() as { code?: string }) : {};
        if (body.code !== 'BAD_ORIGIN') wrong.push(`${method} ${url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(kit.t.app.db)).toEqual(before);
  });

  test('the harm it prevents: an encoded path neither renames a profile nor joins a team', async () => {
    const team = await insertTeam(kit.t.app.db, await kit.user());
    const evil = { cookie: rider.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const rename = await kit.t.app.inject({ method: 'PATCH', url: '/%61pi/profile', headers: evil, payload: { name: 'Hijacked' } });
    const join = await kit.t.app.inject({ method: 'POST', url: `/%61pi/teams/${team}/join`, headers: evil, payload: {} });
    expect([rename.statusCode, join.statusCode]).toEqual([403, 403]);
    const me = await kit.call('GET', '/api/me', rider);
    expect(me.json().user.name).not.toBe('Hijacked');
  });

  test('the same encoded path from our own origin reaches the route (the refusal was the origin)', async () => {
    const res = await kit.t.app.inject({
      method: 'PATCH',
      url: '/%61pi/profile',
      headers: { cookie: rider.cookie, origin: ORIGIN },
      payload: { name: 'Own Origin Rider' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('cache rules read the matched route', () => {
  test.each(['/%61pi/auth/get-session', '/%61pi/me', '/api/%61uth/get-session'])('GET %s is never stored: no-store', async (url) => {
    const res = await kit.t.app.inject({ method: 'GET', url, headers: { cookie: rider.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('a private route spelt with an encoded path is not public to a visitor', async () => {
    const res = await kit.t.app.inject({ method: 'GET', url: '/%61pi/notifications' });
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});
