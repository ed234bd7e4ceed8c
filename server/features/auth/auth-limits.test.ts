import { describe, expect, test } from 'vitest';
import { HIGH_LIMITS, mailsTo, profileByEmail, signIn, signUp } from '../../test/auth-kit.ts';
import { signUpVerified, uniqueEmail } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** The per-account failure limit (with the per-address limits raised), then the default limits per address. */

describe('auth (raised rate limits)', () => {
  const t = useTestApp(HIGH_LIMITS);

  test("100 failed logins for one account in an hour → a browser that never logged in waits (429), the owner's known device does not", async () => {
    expect(t.config.rateLimits.loginFailuresPerHour).toBe(100);
    const user = await signUpVerified(t);
    for (let i = 1; i <= 100; i++) {
      const res = await signIn(t, { email: user.email, password: `wrong password ${i}` }, { remoteAddress: `198.51.100.${Math.ceil(i / 10)}` });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const blocked = await signIn(t, { email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(blocked.headers['set-cookie']).toBeUndefined();

    expect((await signIn(t, { email: user.email, password: user.password }, { headers: { cookie: user.cookie } })).statusCode).toBe(200);
    // Only that account is slowed: another one still logs in.
    const other = await signUpVerified(t);
    expect((await signIn(t, { email: other.email, password: other.password })).statusCode).toBe(200);
  }, 120_000);
  test('only failed logins count toward the per-account limit', async () => {
    const user = await signUpVerified(t);
    const failures = async () => {
      const row = await t.app.db.selectFrom('rate_limits').select('count').where('key', '=', `login-fail:${user.email}`).executeTakeFirst();
      return row?.count ?? 0;
    };
    for (let i = 0; i < 3; i++) expect((await signIn(t, { email: user.email, password: user.password })).statusCode).toBe(200);
    expect(await failures()).toBe(0);
    expect((await signIn(t, { email: user.email, password: 'wrong password' })).statusCode).toBe(401);
    expect(await failures()).toBe(1);
    expect((await signIn(t, { email: user.email, password: user.password })).statusCode).toBe(200);
    expect(await failures()).toBe(1);
  });

  test('concurrent failed logins cannot exceed the per-account limit', async () => {
    const user = await signUpVerified(t);
    const attempts = await Promise.all(
      Array.from({ length: 130 }, (_, i) => signIn(t, { email: user.email, password: `parallel guess ${i}` }, { remoteAddress: `198.51.100.${i % 13}` })),
    );
    const statuses = attempts.map((r) => r.statusCode);
    // Every guess past the 100th is refused before its password is checked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect((await signIn(t, { email: user.email, password: user.password })).statusCode).toBe(429);
  }, 120_000);
});

describe('auth rate limits (default limits)', () => {
  const t = useTestApp();

  test('the default limits are 10 logins a minute, 5 sign-ups in 30 minutes, 100 failures an hour; no proxy trusted', () => {
    expect(t.config.rateLimits).toEqual({ loginPerMinute: 10, signupPer30Min: 5, loginFailuresPerHour: 100 });
    expect(t.config.trustProxy).toBe(false);
  });

  test('the 11th login attempt within a minute from one IP → 429 with Retry-After', async () => {
    const remoteAddress = '198.51.100.11';
    for (let i = 1; i <= 10; i++) {
      const res = await signIn(t, { email: uniqueEmail('ratelimit'), password: 'wrong password' }, { remoteAddress });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const res = await signIn(t, { email: uniqueEmail('ratelimit'), password: 'wrong password' }, { remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address is not affected.
    const other = await signIn(t, { email: uniqueEmail('ratelimit'), password: 'wrong password' }, { remoteAddress: '198.51.100.12' });
    expect(other.statusCode).toBe(401);
  });

  test('rotating X-Forwarded-For does not escape the login limit', async () => {
    const remoteAddress = '198.51.100.21';
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await signIn(
        t,
        { email: uniqueEmail('xff'), password: 'wrong password' },
        { remoteAddress, headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` } },
      );
      statuses.push(res.statusCode);
      if (i === 11) {
        expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const keys = await t.app.db.selectFrom('rate_limits').select('key').where('key', 'like', 'login:ip:%').execute();
    expect(keys.map((k) => k.key)).not.toContain('login:ip:203.0.113.1');
  });

  test('the 6th sign-up from one IP in 30 minutes → 429 and is not stored', async () => {
    const remoteAddress = '198.51.100.31';
    for (let i = 1; i <= 5; i++) {
      const res = await signUp(t, { name: `Rider ${i}`, email: uniqueEmail('signup-limit'), password: 'correct horse battery' }, remoteAddress);
      expect(res.statusCode, `sign-up ${i}`).toBe(200);
    }
    const email = uniqueEmail('signup-limit');
    const res = await signUp(t, { name: 'Rider 6', email, password: 'correct horse battery' }, remoteAddress);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
    expect(await profileByEmail(t, email)).toBeUndefined();
    expect(mailsTo(t, email)).toHaveLength(0);
  });

  test('verification mails are limited per address: the 4th resend in 30 minutes → 429', async () => {
    const email = uniqueEmail('resend-limit');
    expect((await signUp(t, { name: 'Resend', email, password: 'correct horse battery' }, '198.51.100.41')).statusCode).toBe(200);
    for (let i = 1; i <= 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email }, remoteAddress: `198.51.100.${41 + i}` });
      expect(res.statusCode, `resend ${i}`).toBe(200);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email }, remoteAddress: '198.51.100.49' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(mailsTo(t, email)).toHaveLength(4);
  });
});
