import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { cookieOf, signUpVerified, uniqueEmail } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * Checklist 35 (account pre-hijacking, login CSRF by a confirmation link, sign-up enumeration),
 * 36 (wrong passwords never lock the owner out of a device they used before) and 40 (no session
 * token in any response body), with the real limits.
 */
const t = useTestApp();

const signUp = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, remoteAddress });
const signIn = (payload: Record<string, unknown>, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });
const confirm = (token: string | null, password: string, remoteAddress = '192.0.2.90') =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token, password }, remoteAddress });
const newestMail = (email: string) => t.mails.findLast((m) => m.to === email);
const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get('token');
const sessionCookie = (res: LightMyRequestResponse) =>
  cookieOf(res)
    .split('; ')
    .find((c) => c.startsWith('stoked.session_token='));

async function isVerified(email: string): Promise<boolean> {
  const row = await t.app.db.selectFrom('profiles').select('email_verified').where('email', '=', email).executeTakeFirst();
  return row?.email_verified === true;
}

describe('35: account pre-hijacking and confirmation links', () => {
  test('an attacker who registers the address first has no way in once its owner signs up and confirms', async () => {
    const email = uniqueEmail('prehijack');
    expect((await signUp({ name: 'Attacker', email, password: 'attacker chose this' }, '192.0.2.1')).statusCode).toBe(200);
    const attackerLink = newestMail(email)!.link;

    expect((await signUp({ name: 'Owner', email, password: 'owner chose this' }, '192.0.2.2')).statusCode).toBe(200);
    const ownerMail = newestMail(email)!;
    expect(ownerMail.link).not.toBe(attackerLink);

    // The attacker's link and password no longer confirm anything.
    const stale = await confirm(tokenOf(attackerLink), 'attacker chose this');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await isVerified(email)).toBe(false);

    const confirmed = await confirm(tokenOf(ownerMail.link), 'owner chose this');
    expect(confirmed.statusCode).toBe(200);
    expect(sessionCookie(confirmed)).toBeDefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(confirmed) } });
    expect(me.json()).toMatchObject({ user: { email, name: 'Owner' } });

    expect((await signIn({ email, password: 'attacker chose this' }, '192.0.2.3')).statusCode).toBe(401);
    expect((await signIn({ email, password: 'owner chose this' }, '192.0.2.4')).statusCode).toBe(200);
  });

  test('a confirmation link alone signs nobody in, and a wrong password confirms nothing', async () => {
    const email = uniqueEmail('link-alone');
    expect((await signUp({ name: 'Linked', email, password: 'correct horse battery' }, '192.0.2.5')).statusCode).toBe(200);
    const link = new URL(newestMail(email)!.link!);
    const token = link.searchParams.get('token');

    for (const url of [link.pathname + link.search, `/api/auth/verify-email?token=${token}`, `/api/auth/verify-email?token=${token}&callbackURL=%2F`]) {
      const opened = await t.app.inject({ method: 'GET', url });
      expect(sessionCookie(opened), url).toBeUndefined();
    }
    const wrong = await confirm(token, 'not my password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'CONFIRM_PASSWORD_MISMATCH' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(await isVerified(email)).toBe(false);

    // Asking for the mail again sends the owner a link that still needs the password.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email }, remoteAddress: '192.0.2.6' })).statusCode).toBe(
      200,
    );
    expect(sessionCookie(await confirm(tokenOf(newestMail(email)!.link), 'not my password'))).toBeUndefined();
    expect(await isVerified(email)).toBe(false);
  });

  test('sign-up answers the same for a new, an unconfirmed and a taken address; the owner of a taken one is told', async () => {
    const fresh = uniqueEmail('fresh');
    const pending = uniqueEmail('pending');
    expect((await signUp({ name: 'First', email: pending, password: 'first password' }, '192.0.2.7')).statusCode).toBe(200);
    const owner = await signUpVerified(t, { name: 'Owner Of It' });
    const mailsBefore = t.mails.filter((m) => m.to === owner.email).length;

    const answers = [];
    for (const [i, email] of [fresh, pending, owner.email].entries()) {
      const res = await signUp({ name: 'Someone', email, password: 'some password' }, `192.0.2.${10 + i}`);
      answers.push({ status: res.statusCode, body: res.json(), cookie: res.headers['set-cookie'], type: res.headers['content-type'] });
    }
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(JSON.stringify(answers[0]!.body)).not.toMatch(/role|id|email/i);

    const warned = t.mails.filter((m) => m.to === owner.email);
    expect(warned).toHaveLength(mailsBefore + 1);
    expect(warned.at(-1)!.subject).toMatch(/tried to register/);
    // It offers the login page, never a way to confirm or take the account.
    expect(warned.at(-1)!.link ?? '').not.toMatch(/token=/);
    expect((await signIn({ email: owner.email, password: 'some password' }, '192.0.2.13')).statusCode).toBe(401);
    expect((await signIn({ email: owner.email, password: owner.password }, '192.0.2.14')).statusCode).toBe(200);
  });
});

describe('the account mails speak the language of their reader', () => {
  test("the confirmation comes in the sign-up page's language; the warning of a taken address in its owner's", async () => {
    const arabic = uniqueEmail('arabic');
    expect((await signUp({ name: 'Layla', email: arabic, password: 'layla password', language: 'ar' }, '192.0.2.40')).statusCode).toBe(200);
    const confirmation = newestMail(arabic)!;
    expect(confirmation.subject).toBe('أكّد حسابك على Stoked');
    expect(confirmation.html).toContain('<html lang="ar" dir="rtl">');
    const saved = await t.app.db.selectFrom('profiles').select('preferred_language').where('email', '=', arabic).executeTakeFirstOrThrow();
    expect(saved.preferred_language).toBe('ar');

    const owner = await signUpVerified(t, { name: 'Jürgen' });
    await t.app.db.updateTable('profiles').set({ preferred_language: 'de' }).where('id', '=', owner.id).execute();
    await signUp({ name: 'Someone', email: owner.email, password: 'some password', language: 'fr' }, '192.0.2.41');
    expect(newestMail(owner.email)!.subject).toBe('Jemand wollte deine Adresse bei Stoked registrieren');

    const bad = await signUp({ name: 'Nobody', email: uniqueEmail('bad-language'), password: 'some password', language: 'xx' }, '192.0.2.42');
    expect(bad.statusCode).toBe(400);
  });
});

describe('36: a flood of wrong passwords never locks the owner out of a device they used before', () => {
  test('guesses from one address wait at that address only; from many, only browsers the owner never used wait', async () => {
    const owner = await signUpVerified(t);
    expect(owner.cookie).toMatch(/stoked\.device=/);

    // One address: after 10 wrong guesses it waits (429 + Retry-After), for that account only.
    const single = '198.51.100.200';
    for (let i = 1; i <= 10; i++) expect((await signIn({ email: owner.email, password: `guess ${i}` }, single)).statusCode, `guess ${i}`).toBe(401);
    const waited = await signIn({ email: owner.email, password: 'guess 11' }, '198.51.100.200');
    expect(waited.statusCode).toBe(429);
    expect(Number(waited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn({ email: owner.email, password: owner.password }, '198.51.100.201')).statusCode).toBe(200);

    // Many addresses, 120 wrong guesses in all: more than the account's hourly allowance.
    for (let source = 0; source < 12; source++) {
      for (let i = 0; i < 10; i++) {
        const res = await signIn({ email: owner.email, password: `guess ${source}-${i}` }, `203.0.113.${source + 1}`);
        expect([401, 429]).toContain(res.statusCode);
      }
    }
    // A browser the owner never used waits...
    expect((await signIn({ email: owner.email, password: owner.password }, '198.51.100.202')).statusCode).toBe(429);
    // ...the owner's known device does not.
    const known = await signIn({ email: owner.email, password: owner.password }, '198.51.100.205', owner.cookie);
    expect(known.statusCode).toBe(200);
    expect(sessionCookie(known)).toBeDefined();

    // A forged or another account's device cookie counts for nothing.
    const other = await signUpVerified(t);
    const othersDevice = other.cookie.split('; ').find((c) => c.startsWith('stoked.device='))!;
    expect((await signIn({ email: owner.email, password: owner.password }, '198.51.100.203', othersDevice)).statusCode).toBe(429);
    const forged = owner.cookie.replace(/stoked\.device=([^;]*)/, (_, v: string) => `stoked.device=${v.slice(0, -2)}xx`);
    expect((await signIn({ email: owner.email, password: owner.password }, '198.51.100.204', forged)).statusCode).toBe(429);
  }, 120_000);
});

describe('40: no session token in any response body', () => {
  test('sign-up, confirmation, sign-in and get-session carry the token in the HttpOnly cookie only', async () => {
    const email = uniqueEmail('no-token');
    const password = 'correct horse battery';
    const bodies: string[] = [];
    const up = await signUp({ name: 'No Token', email, password }, '192.0.2.30');
    bodies.push(up.body);
    const confirmed = await confirm(tokenOf(newestMail(email)!.link), password);
    bodies.push(confirmed.body);
    const login = await signIn({ email, password }, '192.0.2.31');
    expect(login.statusCode).toBe(200);
    bodies.push(login.body);
    const raw = login.headers['set-cookie'];
    const session = (Array.isArray(raw) ? raw : [raw]).find((c) => c?.startsWith('stoked.session_token='))!;
    expect(session).toMatch(/HttpOnly/i);
    const cookie = cookieOf(login);
    const token = decodeURIComponent(sessionCookie(login)!.split('=')[1]!).split('.')[0]!;
    const got = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(got.json()).toMatchObject({ user: { email } });
    bodies.push(got.body);
    bodies.push((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).body);

    for (const body of bodies) {
      expect(body).not.toContain(token);
      expect(body).not.toMatch(/"token"/);
    }
  });
});
