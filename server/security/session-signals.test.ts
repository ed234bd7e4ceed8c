import { describe, expect, test } from 'vitest';
import { SESSION_HEADER } from '../../common/offline.ts';
import { testWebBuild } from '../../scripts/test-web-build.ts';
import { cookieOf, RELAXED_LIMITS, signUpVerified } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * Issue 37, hole 5: a rider's secret-spot photos stayed on the device after they signed out. What
 * the browser kept of a session must go when it changes, including when it ends elsewhere: the
 * answers that sign in or out tell the browser to empty its HTTP cache (Clear-Site-Data), and every
 * answer that read who is signed in names the session for the service worker (SESSION_HEADER), which
 * forgets what it kept when the name changes (e2e/offline-forget.spec.ts shows it in Chromium).
 */
describe('answers tell the browser when its session changes', () => {
  const t = useTestApp(async () => ({ ...RELAXED_LIMITS, webDist: await testWebBuild() }), { timeout: 300_000 });
  const PASSWORD = 'paddle out 2026';
  const origin = () => t.config.publicUrl;
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: origin(), ...(cookie ? { cookie } : {}) }, payload });

  test('signing in and out, with scripts or as plain forms, empties the HTTP cache; other answers do not', async () => {
    const user = await signUpVerified(t, { password: PASSWORD });
    const signIn = await post('/api/auth/sign-in/email', undefined, { email: user.email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['clear-site-data']).toBe('"cache"');
    const signOut = await post('/api/auth/sign-out', cookieOf(signIn), {});
    expect(signOut.statusCode).toBe(200);
    expect(signOut.headers['clear-site-data']).toBe('"cache"');

    const form = (action: string, cookie: string | undefined, fields: string) =>
      t.app.inject({
        method: 'POST',
        url: `/actions/${action}`,
        headers: { origin: origin(), 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: fields,
      });
    const formIn = await form('log-in', undefined, `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(PASSWORD)}`);
    expect(formIn.statusCode).toBe(303);
    expect(formIn.headers['clear-site-data']).toBe('"cache"');
    const formOut = await form('log-out', cookieOf(formIn), '');
    expect(formOut.statusCode).toBe(303);
    expect(formOut.headers['clear-site-data']).toBe('"cache"');

    for (const res of [
      await get('/api/me', user.cookie),
      await get('/discipline/surfing', user.cookie),
      await post('/api/auth/sign-in/email', undefined, { email: user.email, password: 'wrong one' }),
    ]) {
      expect(res.headers['clear-site-data']).toBeUndefined();
    }
  });

  test("a session's routine renewal (the same session, a later expiry) leaves the HTTP cache alone", async () => {
    const user = await signUpVerified(t, { password: PASSWORD });
    // A session near its end is renewed by the next request that reads it: its cookie is set again.
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 3_600_000) })
      .where('user_id', '=', user.id)
      .execute();
    const answers = [await get('/api/auth/get-session', user.cookie), await get('/api/me', user.cookie), await get('/discipline/surfing', user.cookie)];
    expect(
      answers.some((res) => String(res.headers['set-cookie'] ?? '').includes('session_token=')),
      'the session was renewed',
    ).toBe(true);
    for (const res of answers) expect(res.headers['clear-site-data']).toBeUndefined();
  });

  test('pages and answers name the session they were made for; one that ended elsewhere is named as nobody', async () => {
    const user = await signUpVerified(t, { password: PASSWORD });
    const other = await signUpVerified(t, { password: PASSWORD });
    const named = async (url: string, cookie?: string) => (await get(url, cookie)).headers[SESSION_HEADER];

    const mine = await named('/api/me', user.cookie);
    expect(mine).toMatch(/^[\w-]{22}$/);
    // Every page and answer of one session names it alike, and names nothing else of it.
    expect(await named('/discipline/surfing', user.cookie)).toBe(mine);
    expect(await named('/api/notifications', user.cookie)).toBe(mine);
    expect(mine).not.toContain(user.id);
    expect(await named('/api/me', other.cookie)).not.toBe(mine);
    expect(await named('/api/me')).toBe('none');
    expect(await named('/discipline/surfing')).toBe('none');

    // The password changed on another device ends this session: its next page says nobody.
    const elsewhere = await post('/api/auth/sign-in/email', undefined, { email: user.email, password: PASSWORD });
    const changed = await post('/api/auth/change-password', cookieOf(elsewhere), { currentPassword: PASSWORD, newPassword: 'a new line for 2027' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await named('/discipline/surfing', user.cookie)).toBe('none');
    expect(await named('/api/me', user.cookie)).toBe('none');
  });
});
