import { describe, expect, test } from 'vitest';
import { HIGH_LIMITS, me, sessionCount, setCookies, signIn } from '../../test/auth-kit.ts';
import { ORIGIN } from '../../test/content-kit.ts';
import { cookieOf, signUpVerified, uniqueEmail } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** Logging in and out. */

const t = useTestApp(HIGH_LIMITS);

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
