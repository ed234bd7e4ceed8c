import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ORIGIN, type User } from '../test/content-kit.ts';
import { fingerprint } from '../test/db-fingerprint.ts';
import { RELAXED_LIMITS, signUpVerified } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

/** Security headers on pages and API answers, HSTS only over https, and cross-origin or text/plain writes refused. */

const webDist = mkdtempSync(path.join(tmpdir(), 'stoked-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');

const http = useTestApp({ ...RELAXED_LIMITS, webDist });
const https = useTestApp({ ...RELAXED_LIMITS, webDist, publicUrl: 'https://stoked.example.com' });
let rider: User;
beforeAll(async () => {
  rider = await signUpVerified(http);
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

function expectHardened(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
  expect(directives.get('object-src'), `${what}: object-src`).toBe("'none'");
  expect(directives.get('frame-ancestors'), `${what}: frame-ancestors`).toBe("'none'");
  expect(directives.get('default-src'), `${what}: default-src`).toBe("'self'");
  expect(directives.get('script-src'), `${what}: no inline scripts`).toBe("'self'");
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

const PAGE = '/discipline/surfing';
const API = '/api/categories';

describe('security headers', () => {
  test('an HTML page and API answers (success and error) carry the CSP, nosniff and no X-Powered-By', async () => {
    const page = await http.app.inject({ method: 'GET', url: PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectHardened(page, 'page');

    const api = await http.app.inject({ method: 'GET', url: API });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expectHardened(api, 'api');

    const missing = await http.app.inject({ method: 'GET', url: '/api/disciplines/nope' });
    expect(missing.statusCode).toBe(404);
    expectHardened(missing, 'api 404');
  });

  test('HSTS over https (PUBLIC_URL https://…), none over http', async () => {
    for (const url of [PAGE, API]) {
      const secure = await https.app.inject({ method: 'GET', url });
      expect(secure.statusCode, url).toBe(200);
      expectHardened(secure, `https ${url}`);
      const hsts = String(secure.headers['strict-transport-security'] ?? '');
      expect(hsts, url).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)![1]), url).toBeGreaterThanOrEqual(15_552_000);
      expect(hsts, url).toContain('includeSubDomains');

      const plain = await http.app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('cross-origin and text/plain writes', () => {
  const writes = [
    { method: 'PUT', url: '/api/disciplines/surfing/follow' },
    { method: 'POST', url: '/api/teams', payload: { name: 'Evil Crew', disciplineIds: ['surfing'] } },
    { method: 'PATCH', url: '/api/profile', payload: { name: 'Hijacked' } },
    { method: 'DELETE', url: '/api/disciplines/surfing/follow' },
    { method: 'POST', url: '/api/contact', payload: { name: 'Evil', email: 'evil@example.com', subject: 'Hi', message: 'Hello' } },
  ] as const;

  test.each(writes)('$method $url from Origin https://evil.example → 403 BAD_ORIGIN, nothing written', async (write) => {
    if (write.method === 'DELETE') {
      const own = await http.app.inject({ method: 'PUT', url: write.url, headers: { cookie: rider.cookie, origin: ORIGIN } });
      expect(own.statusCode).toBe(200);
    }
    const before = await fingerprint(http.app.db);
    const res = await http.app.inject({ ...write, headers: { cookie: rider.cookie, origin: 'https://evil.example' } });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { code: 'BAD_ORIGIN', message: expect.any(String) } });
    expect(await fingerprint(http.app.db)).toEqual(before);
  });

  test.each(writes)('$method $url with Content-Type text/plain → 415, nothing written', async (write) => {
    const before = await fingerprint(http.app.db);
    const res = await http.app.inject({
      method: write.method,
      url: write.url,
      headers: { cookie: rider.cookie, origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify('payload' in write ? write.payload : {}),
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) } });
    expect(await fingerprint(http.app.db)).toEqual(before);
  });

  test('the same write from our own origin succeeds (the refusals above were the origin and type)', async () => {
    const res = await http.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: rider.cookie, origin: ORIGIN },
      payload: { name: 'Own Origin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await http.app.db.selectFrom('profiles').select('name').where('id', '=', rider.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Own Origin');
  });
});
