import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { FLASH_COOKIE, parseFlash } from '../../common/forms.ts';
import { cookieOf, RELAXED_LIMITS, signUpVerified, uniqueEmail } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * The account forms as plain HTML (common/auth-basics.ts and the contact, profile and
 * notification ones): what they set and where they send the person, and that they keep the JSON
 * API's origin protection: a form from another site (or with no Origin) is refused and changes nothing.
 */

type User = Awaited<ReturnType<typeof signUpVerified>>;

const t = useTestApp(RELAXED_LIMITS);
let rider: User;
beforeAll(async () => {
  rider = await signUpVerified(t, { name: 'Form Rider' });
});

const post = (action: string, fields: Record<string, string>, { cookie, origin = t.config.publicUrl }: { cookie?: string; origin?: string | null } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/actions/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin === null ? {} : { origin }), ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });

const setCookies = (res: LightMyRequestResponse) => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
};
const flashOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === FLASH_COOKIE);
  return cookie ? parseFlash(cookie.value) : null;
};
/** What a refused form kept for the page it goes back to (server/lib/actions.ts): its typed values and each field's error. */
const replyOf = async (res: LightMyRequestResponse) => {
  const id = flashOf(res)?.reply;
  if (!id) return null;
  const row = await t.app.db.selectFrom('form_replies').select(['action', 'reply']).where('id', '=', id).executeTakeFirst();
  return row ? { action: row.action, ...row.reply } : null;
};
/** The session cookie set by an answer (not one cleared by it). */
const sessionSet = (res: LightMyRequestResponse) => res.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '' && c.maxAge !== 0);
const whoIs = async (cookie: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as { user: { id: string } | null }).user;

describe('log in', () => {
  test('sets the session and goes to the safe `next` the login page was asked for', async () => {
    const res = await post('log-in', {
      email: rider.email,
      password: rider.password,
      next: '/notifications?x=1',
      back: '/login?next=%2Fnotifications%3Fx%3D1',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/notifications?x=1');
    expect(sessionSet(res)).toBe(true);
    expect(flashOf(res)).toMatchObject({ kind: 'success', title: 'auth.toast.welcomeBack' });
    expect((await whoIs(cookieOf(res)))?.id).toBe(rider.id);
  });

  test('a `next` off this site (//host, /\\host, a scheme) goes home instead', async () => {
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      const res = await post('log-in', { email: rider.email, password: rider.password, next });
      expect(res.statusCode, next).toBe(303);
      expect(res.headers.location, next).toBe('/');
    }
  });

  test('a wrong password: back to the login page with the error, the address typed and `next` kept, and no session', async () => {
    const res = await post('log-in', { email: rider.email, password: 'not the password', next: '/messages', back: '/login?next=%2Fmessages' });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location), 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('next')).toBe('/messages');
    expect(String(res.headers.location)).not.toContain('password');
    expect(flashOf(res)).toMatchObject({ kind: 'error', title: 'auth.toast.signInFailed', text: 'errors.INVALID_CREDENTIALS' });
    // The address typed comes back in the form; the password is kept nowhere.
    const kept = await replyOf(res);
    expect(kept).toMatchObject({ action: 'log-in', values: { email: rider.email, next: '/messages' } });
    expect(JSON.stringify(kept)).not.toContain('not the password');
    expect(sessionSet(res)).toBe(false);
  });

  test('from another site, or with no Origin: 403, no session', async () => {
    for (const origin of ['https://evil.example', null]) {
      const res = await post('log-in', { email: rider.email, password: rider.password }, { origin });
      expect(res.statusCode, String(origin)).toBe(403);
      expect(sessionSet(res)).toBe(false);
      expect(setCookies(res).join()).not.toContain('session_token');
    }
  });
});

test("pages are sent with a referrer policy under which browsers name this site as its forms' Origin (not `null`)", async () => {
  // Under 'no-referrer' Chromium posts a same-site form with `Origin: null`, and every form would be refused.
  const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect((await post('log-in', { email: rider.email, password: rider.password }, { origin: 'null' })).statusCode).toBe(403);
});

describe('log out', () => {
  test('ends the session and goes home', async () => {
    const signedIn = await post('log-in', { email: rider.email, password: rider.password });
    const cookie = cookieOf(signedIn);
    expect(await whoIs(cookie)).not.toBeNull();
    const res = await post('log-out', { back: '/profile' }, { cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(flashOf(res)).toMatchObject({ kind: 'success', title: 'auth.toast.loggedOut' });
    expect(await whoIs(cookie)).toBeNull();
  });

  test('from another site, or with no Origin: 403, still signed in', async () => {
    const cookie = cookieOf(await post('log-in', { email: rider.email, password: rider.password }));
    for (const origin of ['https://evil.example', null]) {
      expect((await post('log-out', {}, { cookie, origin })).statusCode).toBe(403);
    }
    expect(await whoIs(cookie)).not.toBeNull();
  });
});

describe('register', () => {
  test('sends the confirmation mail and shows the check-your-inbox state', async () => {
    const email = uniqueEmail('form');
    const res = await post('register', { name: 'New Rider', email, password: 'a long enough one', confirmPassword: 'a long enough one', language: 'fr' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/register?sent=1&email=${encodeURIComponent(email)}`);
    expect(t.mails.some((m) => m.to === email)).toBe(true);
  });

  test('two different passwords: refused unsent, back with the name and address kept', async () => {
    const email = uniqueEmail('form');
    const res = await post('register', { name: 'New Rider', email, password: 'a long enough one', confirmPassword: 'another long one' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/register');
    expect(flashOf(res)).toMatchObject({ kind: 'error', title: 'errors.PASSWORDS_DONT_MATCH' });
    // The name and address come back typed, the error beside the second password; no password is kept.
    const kept = await replyOf(res);
    expect(kept).toMatchObject({ action: 'register', values: { name: 'New Rider', email }, errors: { confirmPassword: 'PASSWORDS_DONT_MATCH' } });
    expect(JSON.stringify(kept)).not.toContain('long');
    expect(t.mails.some((m) => m.to === email)).toBe(false);
  });

  test('from another site: 403, no account', async () => {
    const email = uniqueEmail('form');
    const res = await post(
      'register',
      { name: 'Evil', email, password: 'a long enough one', confirmPassword: 'a long enough one' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(t.mails.some((m) => m.to === email)).toBe(false);
  });
});

describe('profile, contact, notifications', () => {
  test('the profile edit saves the text fields; from another site it is refused', async () => {
    const refused = await post(
      'edit-profile',
      { name: 'Evil Name', bio: '', location: '', athleteLevel: '' },
      { cookie: rider.cookie, origin: 'https://evil.example' },
    );
    expect(refused.statusCode).toBe(403);
    const res = await post(
      'edit-profile',
      { name: 'Renamed Rider', bio: 'Goofy', location: 'Hossegor', athleteLevel: '', back: '/profile?edit=1' },
      { cookie: rider.cookie },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/profile');
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: rider.cookie } })).json() as {
      name: string;
      bio: string;
      location: string;
    };
    expect(profile).toMatchObject({ name: 'Renamed Rider', bio: 'Goofy', location: 'Hossegor' });
  });

  test('a visitor editing a profile is sent to log in and come back', async () => {
    const res = await post('edit-profile', { name: 'Nobody', back: '/profile?edit=1' });
    expect(res.headers.location).toBe(`/login?next=${encodeURIComponent('/profile?edit=1')}`);
  });

  test('the contact form sends; refused from another site; a failure keeps what was typed', async () => {
    const before = await t.app.db
      .selectFrom('contact_messages')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await post('contact', { name: 'Evil', email: 'e@example.com', subject: 'Hi', message: 'Hello' }, { origin: null })).statusCode).toBe(403);
    const sent = await post('contact', { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello there' });
    expect(sent.headers.location).toBe('/contact');
    expect(flashOf(sent)).toMatchObject({ kind: 'success', title: 'contact.sent' });
    const after = await t.app.db
      .selectFrom('contact_messages')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    const failed = await post('contact', { name: 'Ann', email: 'not an address', subject: 'Hi', message: 'Hello there' });
    const location = new URL(String(failed.headers.location), 'http://x');
    expect(location.pathname).toBe('/contact');
    expect(flashOf(failed)?.kind).toBe('error');
    expect(await replyOf(failed)).toMatchObject({ action: 'contact', values: { name: 'Ann', message: 'Hello there' }, errors: { email: 'INVALID_EMAIL' } });
  });

  test('mark all read: refused from another site', async () => {
    expect((await post('mark-all-notifications-read', {}, { cookie: rider.cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    const res = await post('mark-all-notifications-read', { back: '/notifications' }, { cookie: rider.cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/notifications');
  });
});

describe('setup admin', () => {
  test('as a plain form it makes sure an admin exists and goes to log in; from another site it is refused', async () => {
    expect((await post('setup-admin', {}, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const res = await post('setup-admin', { back: '/setup-admin' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(flashOf(res)).toMatchObject({ kind: 'success', title: 'setupAdmin.ready' });
    expect(await t.app.db.selectFrom('profiles').select('id').where('role', '=', 'admin').execute()).toHaveLength(1);
  });
});
