import { describe, expect, test } from 'vitest';
import { confirm, HIGH_LIMITS, mailsTo, me, profileByEmail, sessionCount, setCookies, signIn, signUp } from '../../test/auth-kit.ts';
import { cookieOf, uniqueEmail } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** Confirming an address with the mailed link and the password. */

const t = useTestApp(HIGH_LIMITS);

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

  test("a forged confirmation token is refused, and better-auth's own link endpoint is not exposed", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: 'not-a-token', password: 'correct horse battery' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const bare = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not.a.token' });
    expect(bare.statusCode).toBe(404);
  });
});
