import { describe, expect, test } from 'vitest';
import { confirm, HIGH_LIMITS, mailsTo, me, passwordHashes, passwordOf, profileByEmail, setCookies, signIn, signUp } from '../../test/auth-kit.ts';
import { ORIGIN } from '../../test/content-kit.ts';
import { cookieOf, signUpVerified, uniqueEmail } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** Signing up: the account it makes, the mail it sends, and what it refuses. */

const t = useTestApp(HIGH_LIMITS);

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

  test('its mail is queued in the sign-up’s own transaction: a sign-up whose mail cannot be queued is not kept', async () => {
    // Decision 0019: the mail goes out only if the change is kept, and a kept change always has its mail.
    const email = uniqueEmail('signup');
    const send = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw new Error('the queue is away');
    };
    try {
      const res = await signUp(t, { name: 'Unqueued', email, password: 'correct horse battery' });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      t.app.mailer.send = send;
    }
    expect(await profileByEmail(t, email)).toBeUndefined();
    // With the queue back, the same sign-up is kept with its mail.
    expect((await signUp(t, { name: 'Unqueued', email, password: 'correct horse battery' })).statusCode).toBe(200);
    expect(await profileByEmail(t, email)).toMatchObject({ name: 'Unqueued' });
    expect(mailsTo(t, email)).toHaveLength(1);
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

  test.each([
    ['spaces', '    '],
    ['tabs and zero-width', ' \t\u200B\u202E '],
  ])('a name of only %s → 400, nothing stored', async (_label, name) => {
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
