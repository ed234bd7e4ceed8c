import { beforeAll, describe, expect, test } from 'vitest';
import { ORIGIN } from '../test/content-kit.ts';
import { uniqueEmail, type TestApp } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * Login (10 a minute) and sign-up (5 per 30 minutes) limits per address, with the real limits:
 * a client rotating X-Forwarded-For / X-Real-IP does not get a fresh allowance. Without
 * TRUST_PROXY the headers are ignored (the socket address counts); with it, the forwarded address
 * counts, so clients behind one proxy are told apart.
 */
const direct = useTestApp();
const proxied = useTestApp({ trustProxy: true });
beforeAll(() => {
  expect(direct.config.rateLimits).toMatchObject({ loginPerMinute: 10, signupPer30Min: 5 });
  expect(direct.config.trustProxy).toBe(false);
});

const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}`, 'x-client-ip': `203.0.113.${i}` });

function signIn(t: TestApp, remoteAddress: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: ORIGIN, ...headers },
    payload: { email: uniqueEmail('limit'), password: 'wrong password' },
  });
}

function signUp(t: TestApp, remoteAddress: string, headers: Record<string, string>, email = uniqueEmail('limit')) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    headers: { origin: ORIGIN, ...headers },
    payload: { name: 'Limit Rider', email, password: 'correct horse battery' },
  });
}

const profileCount = async (t: TestApp) =>
  (
    await t.app.db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('TRUST_PROXY off: forwarding headers are ignored', () => {
  test('the 11th login in a minute from one socket address → 429 whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) statuses.push((await signIn(direct, '198.51.100.61', forged(i))).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const last = await signIn(direct, '198.51.100.61', forged(99));
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    const keys = (await direct.app.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys.filter((k) => k.includes('203.0.113.'))).toEqual([]);
    // Another address still has its own allowance.
    expect((await signIn(direct, '198.51.100.62', {})).statusCode).toBe(401);
  });

  test('the 6th sign-up in 30 minutes from one socket address → 429 and is not stored', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await signUp(direct, '198.51.100.71', forged(i));
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await profileCount(direct);
    const email = uniqueEmail('limit');
    const res = await signUp(direct, '198.51.100.71', forged(6), email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await profileCount(direct)).toBe(before);
    expect(direct.mails.filter((m) => m.to === email)).toEqual([]);
  });
});

describe('TRUST_PROXY on: the forwarded address counts', () => {
  const PROXY = '10.0.0.5';

  test('distinct clients behind the proxy have their own allowance', async () => {
    for (let i = 1; i <= 10; i++) expect((await signIn(proxied, PROXY, { 'x-forwarded-for': '198.51.100.81' })).statusCode).toBe(401);
    expect((await signIn(proxied, PROXY, { 'x-forwarded-for': '198.51.100.81' })).statusCode).toBe(429);
    expect((await signIn(proxied, PROXY, { 'x-forwarded-for': '198.51.100.82' })).statusCode).toBe(401);
  });

  // A proxy such as nginx (proxy_add_x_forwarded_for) appends the address it saw to what the client sent.
  const viaProxy = (client: string, i: number) => ({ 'x-forwarded-for': `203.0.113.${i}, ${client}`, 'x-real-ip': client });

  test('a client forging entries in front of the proxy’s hop is still limited at the 11th login', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) statuses.push((await signIn(proxied, PROXY, viaProxy('198.51.100.91', i))).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  test('… and at the 6th sign-up, which is not stored', async () => {
    for (let i = 1; i <= 5; i++) expect((await signUp(proxied, PROXY, viaProxy('198.51.100.92', i))).statusCode).toBe(200);
    const email = uniqueEmail('limit');
    const res = await signUp(proxied, PROXY, viaProxy('198.51.100.92', 6), email);
    expect(res.statusCode).toBe(429);
    expect(await proxied.app.db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });
});
