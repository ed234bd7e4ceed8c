import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cookieOf, createTestApp, signUpVerified, uniqueEmail, type TestApp } from '../../test/test-app.ts';

// Per-IP limits raised (every request comes from 127.0.0.1); the per-account failure limit stays at
// its default of 100, which only the test that aims at it reaches.
const HIGH_LIMITS = { rateLimits: { loginPerMinute: 1000, signupPer30Min: 1000, loginFailuresPerHour: 100 } };
const ORIGIN = 'http://localhost:3000';

function setCookies(response: LightMyRequestResponse): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** A password of exactly `length` UTF-16 units (what zod and better-auth count), with spaces and emoji. */
function passwordOf(length: number): string {
  const core = 'big wave 🌊 surf 🏄 ';
  let value = core.repeat(Math.floor(length / core.length));
  while (value.length < length) value += 'x';
  expect(value.length).toBe(length);
  return value;
}

function signUp(t: TestApp, payload: Record<string, unknown>, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, ...(remoteAddress ? { remoteAddress } : {}) });
}

function signIn(t: TestApp, payload: Record<string, unknown>, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, ...extra });
}

async function me(t: TestApp, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { user: { id: string; name: string; email: string; role: string; avatarUrl: string | null } | null }).user;
}

async function profileByEmail(t: TestApp, email: string) {
  return t.app.db.selectFrom('profiles').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

async function sessionCount(t: TestApp, userId: string): Promise<number> {
  const row = await t.app.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The accounts table is better-auth's and not in the Kysely schema. */
async function passwordHashes(t: TestApp, userId: string): Promise<string[]> {
  const { rows } = await sql<{ password: string }>`select password from accounts where user_id = ${userId}`.execute(t.app.db);
  return rows.map((r) => r.password);
}

function mailsTo(t: TestApp, email: string) {
  return t.mails.filter((m) => m.to === email.toLowerCase());
}

/** What the confirmation page does: the link's token with the password typed by the visitor. */
function confirm(t: TestApp, link: string, password: string) {
  const token = new URL(link).searchParams.get('token');
  return t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token, password } });
}

describe('auth (raised rate limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(HIGH_LIMITS);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('sign-up', () => {
    test('creates an unverified user and mails a verification link', async () => {
      const email = uniqueEmail('signup');
      const res = await signUp(t, { name: 'Kelly Slater', email, password: 'correct horse battery' });
      expect(res.statusCode).toBe(200);
      expect(setCookies(res)).toEqual([]);

      const mails = mailsTo(t, email);
      expect(mails).toHaveLength(1);
      const link = new URL(mails[0]!.link!);
      expect(link.origin).toBe(ORIGIN);
      expect(link.pathname).toBe('/confirm-email');
      expect(link.searchParams.get('token')).toBeTruthy();
      expect(mails[0]!.text).toContain(mails[0]!.link!);

      const row = await profileByEmail(t, email);
      expect(row).toMatchObject({ name: 'Kelly Slater', email: email.toLowerCase(), email_verified: false, role: 'user' });
    });

    test('the email is stored lower-cased and trimmed', async () => {
      const email = uniqueEmail('MixedCase');
      const res = await signUp(t, { name: 'Case Rider', email: `  ${email.toUpperCase()} `, password: 'correct horse battery' });
      expect(res.statusCode).toBe(200);
      expect(await profileByEmail(t, email)).toBeDefined();
      expect(mailsTo(t, email)).toHaveLength(1);
    });

    test('a second sign-up of an unconfirmed email looks the same and replaces the first: name, password and link', async () => {
      const email = uniqueEmail('dup');
      const first = await signUp(t, { name: 'First', email, password: 'correct horse battery' });
      expect(first.statusCode).toBe(200);
      const original = await profileByEmail(t, email);
      const hashBefore = await passwordHashes(t, original!.id);
      expect(hashBefore).toHaveLength(1);
      const again = await signUp(t, { name: 'Second', email, password: 'another password' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['set-cookie']).toBeUndefined();
      const rows = await t.app.db.selectFrom('profiles').select(['id', 'name']).where('email', '=', email).execute();
      expect(rows).toEqual([{ id: original!.id, name: 'Second' }]);
      const hashAfter = await passwordHashes(t, original!.id);
      expect(hashAfter).toHaveLength(1);
      expect(hashAfter).not.toEqual(hashBefore);
      const [firstMail, secondMail] = mailsTo(t, email);
      expect((await confirm(t, firstMail!.link!, 'correct horse battery')).json()).toMatchObject({ code: 'INVALID_TOKEN' });
      expect((await confirm(t, secondMail!.link!, 'another password')).statusCode).toBe(200);
    });

    test.each([1, 5])('a %i-character password → 400 PASSWORD_TOO_SHORT, nothing stored', async (length) => {
      const email = uniqueEmail('short');
      const res = await signUp(t, { name: 'Short', email, password: 'abcdefgh'.slice(0, length) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: expect.any(String) });
      expect(await profileByEmail(t, email)).toBeUndefined();
      expect(mailsTo(t, email)).toHaveLength(0);
    });

    test.each([64, 128])('a %i-character password with spaces and emoji is accepted and works for login', async (length) => {
      const password = passwordOf(length);
      const user = await signUpVerified(t, { email: uniqueEmail(`pw${length}`), password });
      const ok = await signIn(t, { email: user.email, password });
      expect(ok.statusCode).toBe(200);
      expect(cookieOf(ok)).toContain('stoked.session_token=');
      // The whole password counts, not a prefix of it.
      const truncated = await signIn(t, { email: user.email, password: password.slice(0, -1) });
      expect(truncated.statusCode).toBe(401);
    });

    test('a 129-character password → 400 PASSWORD_TOO_LONG, nothing stored', async () => {
      const email = uniqueEmail('long');
      const res = await signUp(t, { name: 'Long', email, password: passwordOf(129) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_LONG' });
      expect(await profileByEmail(t, email)).toBeUndefined();
    });

    test('role, emailVerified and image in the body are ignored (mass assignment)', async () => {
      const email = uniqueEmail('mass');
      const res = await signUp(t, {
        name: 'Sneaky',
        email,
        password: 'correct horse battery',
        role: 'admin',
        emailVerified: true,
        image: 'https://evil.example/x.png',
        banned: false,
        id: 'chosen-id',
      });
      expect(res.statusCode).toBe(200);
      const row = await profileByEmail(t, email);
      expect(row).toBeDefined();
      expect(row!.role).toBe('user');
      expect(row!.email_verified).toBe(false);
      expect(row!.avatar_url).toBeNull();
      expect(row!.id).not.toBe('chosen-id');

      // Still unverified: the login is refused.
      const login = await signIn(t, { email, password: 'correct horse battery' });
      expect(login.statusCode).toBe(403);

      // After verification the role is still 'user'.
      const verify = await confirm(t, mailsTo(t, email).at(-1)!.link!, 'correct horse battery');
      const cookie = cookieOf(verify);
      expect(cookie).toContain('stoked.session_token=');
      const user = await me(t, cookie);
      expect(user).toMatchObject({ email, role: 'user', avatarUrl: null });
    });

    test('a name with a bidi override and zero-width characters is stored cleaned', async () => {
      const email = uniqueEmail('bidi');
      const res = await signUp(t, { name: '\u200BEvil\u202Egnp.exe\u200D   Rider\uFEFF', email, password: 'correct horse battery' });
      expect(res.statusCode).toBe(200);
      const row = await profileByEmail(t, email);
      expect(row!.name).toBe('Evilgnp.exe Rider');
      expect(row!.name).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/);
    });

    test('a name is stored in NFC', async () => {
      const email = uniqueEmail('nfc');
      const decomposed = 'Jose\u0301';
      const res = await signUp(t, { name: decomposed, email, password: 'correct horse battery' });
      expect(res.statusCode).toBe(200);
      expect((await profileByEmail(t, email))!.name).toBe('Jos\u00e9');
    });

    test.each([['spaces', '    '], ['tabs and zero-width', ' \t\u200B\u202E ']])('a name of only %s → 400, nothing stored', async (_label, name) => {
      const email = uniqueEmail('blank');
      const res = await signUp(t, { name, email, password: 'correct horse battery' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'REQUIRED' });
      expect(await profileByEmail(t, email)).toBeUndefined();
    });

    test('a missing or invalid email → 400', async () => {
      const missing = await signUp(t, { name: 'No Mail', password: 'correct horse battery' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'REQUIRED' });
      const invalid = await signUp(t, { name: 'Bad Mail', email: 'not-an-email', password: 'correct horse battery' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ code: 'INVALID_EMAIL' });
      expect(await profileByEmail(t, 'not-an-email')).toBeUndefined();
    });
  });

  describe('email verification', () => {
    test('an unverified account cannot log in: 403 EMAIL_NOT_VERIFIED and no cookie', async () => {
      const email = uniqueEmail('unverified');
      expect((await signUp(t, { name: 'Waiting', email, password: 'correct horse battery' })).statusCode).toBe(200);
      const res = await signIn(t, { email, password: 'correct horse battery' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect(res.headers['set-cookie']).toBeUndefined();
      const row = await profileByEmail(t, email);
      expect(await sessionCount(t, row!.id)).toBe(0);
    });

    test('resending the verification mail writes another mail whose link confirms with the password', async () => {
      const email = uniqueEmail('resend');
      expect((await signUp(t, { name: 'Resend', email, password: 'correct horse battery' })).statusCode).toBe(200);
      expect(mailsTo(t, email)).toHaveLength(1);

      const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email } });
      expect(res.statusCode).toBe(200);
      const mails = mailsTo(t, email);
      expect(mails).toHaveLength(2);
      expect(new URL(mails[1]!.link!).pathname).toBe('/confirm-email');

      const verify = await confirm(t, mails[1]!.link!, 'correct horse battery');
      expect(cookieOf(verify)).toContain('stoked.session_token=');
      expect((await profileByEmail(t, email))!.email_verified).toBe(true);
    });

    test('confirming with the password verifies the email and sets HttpOnly, SameSite=Lax session and device cookies', async () => {
      const email = uniqueEmail('verify');
      expect((await signUp(t, { name: 'Verify Me', email, password: 'correct horse battery' })).statusCode).toBe(200);
      const link = mailsTo(t, email)[0]!.link!;

      const verify = await confirm(t, link, 'correct horse battery');
      expect(verify.statusCode).toBe(200);
      for (const name of ['stoked.session_token=', 'stoked.device=']) {
        const cookie = setCookies(verify).find((c) => c.startsWith(name));
        expect(cookie, name).toBeDefined();
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      }

      const row = await profileByEmail(t, email);
      expect(row!.email_verified).toBe(true);
      const user = await me(t, cookieOf(verify));
      expect(user).toEqual({ id: row!.id, name: 'Verify Me', email, role: 'user', avatarUrl: null, preferredLanguage: null });
    });

    test('a confirmation link used twice does not create a second session', async () => {
      const email = uniqueEmail('reuse');
      expect((await signUp(t, { name: 'Reuse', email, password: 'correct horse battery' })).statusCode).toBe(200);
      const link = mailsTo(t, email)[0]!.link!;

      const first = await confirm(t, link, 'correct horse battery');
      expect(cookieOf(first)).toContain('stoked.session_token=');
      const userId = (await profileByEmail(t, email))!.id;
      expect(await sessionCount(t, userId)).toBe(1);

      const second = await confirm(t, link, 'correct horse battery');
      expect(second.statusCode).toBe(400);
      expect(second.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      expect(second.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount(t, userId)).toBe(1);
    });

    test('a forged confirmation token is refused, and better-auth\'s own link endpoint is not exposed', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: 'not-a-token', password: 'correct horse battery' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      expect(res.headers['set-cookie']).toBeUndefined();
      const bare = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not.a.token' });
      expect(bare.statusCode).toBe(404);
    });
  });

  describe('login and logout', () => {
    test('a wrong password → 401 INVALID_CREDENTIALS and no cookie', async () => {
      const user = await signUpVerified(t);
      const res = await signIn(t, { email: user.email, password: 'wrong password!' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    test('an unknown email → 401 INVALID_CREDENTIALS, the same answer as a wrong password', async () => {
      const res = await signIn(t, { email: uniqueEmail('ghost'), password: 'whatever123' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    });

    test('a successful login sets a session cookie; two logins give different tokens', async () => {
      const user = await signUpVerified(t);
      const before = await sessionCount(t, user.id);

      const a = await signIn(t, { email: user.email, password: user.password });
      const b = await signIn(t, { email: user.email, password: user.password });
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      const cookieA = setCookies(a).find((c) => c.startsWith('stoked.session_token='));
      const cookieB = setCookies(b).find((c) => c.startsWith('stoked.session_token='));
      expect(cookieA).toMatch(/;\s*HttpOnly/i);
      expect(cookieA).toMatch(/;\s*SameSite=Lax/i);
      const tokenA = decodeURIComponent(cookieA!.split(';')[0]!.split('=')[1]!).split('.')[0]!;
      const tokenB = decodeURIComponent(cookieB!.split(';')[0]!.split('=')[1]!).split('.')[0]!;
      expect(tokenA.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits of base62
      expect(tokenA).not.toBe(tokenB);
      expect(await sessionCount(t, user.id)).toBe(before + 2);

      expect((await me(t, cookieOf(a)))?.id).toBe(user.id);
      expect((await me(t, cookieOf(b)))?.id).toBe(user.id);
    });

    test('the login email is case-insensitive', async () => {
      const user = await signUpVerified(t);
      const res = await signIn(t, { email: user.email.toUpperCase(), password: user.password });
      expect(res.statusCode).toBe(200);
      expect((await me(t, cookieOf(res)))?.id).toBe(user.id);
    });

    test('/api/me without a cookie → user null', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/me' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    });

    test('after logout the old cookie no longer works', async () => {
      const user = await signUpVerified(t);
      expect((await me(t, user.cookie))?.id).toBe(user.id);
      expect(await sessionCount(t, user.id)).toBe(1);

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: user.cookie, origin: ORIGIN },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      expect(await sessionCount(t, user.id)).toBe(0);

      expect(await me(t, user.cookie)).toBeNull();
      const follow = await t.app.inject({ method: 'PUT', url: '/api/disciplines/surfing/follow', headers: { cookie: user.cookie } });
      expect(follow.statusCode).toBe(401);
      expect(follow.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const rows = await t.app.db.selectFrom('discipline_followers').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toEqual([]);
    });

    test('logout of one session leaves the other sessions of the user signed in', async () => {
      const user = await signUpVerified(t);
      const other = await signIn(t, { email: user.email, password: user.password });
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: ORIGIN }, payload: {} });
      expect(out.statusCode).toBe(200);
      expect(await me(t, user.cookie)).toBeNull();
      expect((await me(t, cookieOf(other)))?.id).toBe(user.id);
    });

    test('unknown auth endpoints are not exposed', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/admin/set-role', payload: { userId: 'x', role: 'admin' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  test(
    '100 failed logins for one account in an hour → a browser that never logged in waits (429), the owner\'s known device does not',
    async () => {
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
    },
    120_000,
  );
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

  test(
    'concurrent failed logins cannot exceed the per-account limit',
    async () => {
      const user = await signUpVerified(t);
      const attempts = await Promise.all(
        Array.from({ length: 130 }, (_, i) => signIn(t, { email: user.email, password: `parallel guess ${i}` }, { remoteAddress: `198.51.100.${i % 13}` })),
      );
      const statuses = attempts.map((r) => r.statusCode);
      // Every guess past the 100th is refused before its password is checked.
      expect(statuses.filter((s) => s === 401)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      expect((await signIn(t, { email: user.email, password: user.password })).statusCode).toBe(429);
    },
    120_000,
  );
});

describe('auth rate limits (default limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

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
