import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { RELAXED_LIMITS, signUpVerified } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp(RELAXED_LIMITS);

const DAY_MS = 24 * 60 * 60 * 1000;
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as {
    user: { id: string; name: string; email: string; role: string } | null;
  };
const tokenOf = (cookie: string) => decodeURIComponent(/stoked\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
const expiresAt = async (token: string) =>
  (await t.app.db.selectFrom('sessions').select('expires_at').where('token', '=', token).executeTakeFirst())?.expires_at;
const setExpiry = (token: string, at: Date) => t.app.db.updateTable('sessions').set({ expires_at: at }).where('token', '=', token).execute();
const signed = (value: string, secret: string) => encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);

test('reads the session as better-auth does, without asking it', async () => {
  const rider = await signUpVerified(t, { name: 'Reader Rider' });
  const read = await t.app.auth.readSession(rider.cookie, undefined);
  const theirs = await t.app.auth.api.getSession({ headers: new Headers({ cookie: rider.cookie }) });
  expect(read).toBeTruthy();
  expect(read!.session.id).toBe(theirs!.session.id);
  expect(read!.user).toMatchObject({ id: theirs!.user.id, name: 'Reader Rider', email: rider.email, role: 'user', image: null });
  expect((await me(rider.cookie)).user).toMatchObject({ id: rider.id, name: 'Reader Rider' });
});

test('a cookie whose signature does not hold, or has none, names nobody', async () => {
  const rider = await signUpVerified(t);
  const token = tokenOf(rider.cookie);
  for (const cookie of [
    `stoked.session_token=${token}`,
    `stoked.session_token=${signed(token, 'not the secret of this server')}`,
    `stoked.session_token=${encodeURIComponent(`${token}x.${decodeURIComponent(rider.cookie.split('.').slice(1).join('.')).split(';')[0]}`)}`,
  ]) {
    expect(await t.app.auth.readSession(cookie, undefined), cookie).toBeNull();
    expect((await me(cookie)).user, cookie).toBeNull();
  }
  // The same token rightly signed is the session.
  expect((await t.app.auth.readSession(`stoked.session_token=${signed(token, t.config.authSecret)}`, undefined))?.user.id).toBe(rider.id);
});

test('an expired session is left to better-auth, which ends it', async () => {
  const rider = await signUpVerified(t);
  const token = tokenOf(rider.cookie);
  await setExpiry(token, new Date(Date.now() - 1000));
  expect(await t.app.auth.readSession(rider.cookie, undefined)).toBeUndefined();
  expect((await me(rider.cookie)).user).toBeNull();
  expect(await expiresAt(token)).toBeUndefined();
});

test('a session due to be extended is left to better-auth, which extends it', async () => {
  const rider = await signUpVerified(t);
  const token = tokenOf(rider.cookie);
  // Last extended two days ago: a 30-day session then ends in 28 days, past the one-day update age.
  const due = new Date(Date.now() + 28 * DAY_MS);
  await setExpiry(token, due);
  expect(await t.app.auth.readSession(rider.cookie, undefined)).toBeUndefined();
  expect((await me(rider.cookie)).user?.id).toBe(rider.id);
  expect((await expiresAt(token))!.getTime()).toBeGreaterThan(due.getTime() + DAY_MS);
  // Extended, it is read here again.
  expect((await t.app.auth.readSession(rider.cookie, undefined))?.user.id).toBe(rider.id);
});

test('a session of someone who chose not to be remembered is never extended', async () => {
  const rider = await signUpVerified(t);
  const token = tokenOf(rider.cookie);
  const due = new Date(Date.now() + 28 * DAY_MS);
  await setExpiry(token, due);
  const cookie = `${rider.cookie}; stoked.dont_remember=${signed('true', t.config.authSecret)}`;
  expect((await t.app.auth.readSession(cookie, undefined))?.user.id).toBe(rider.id);
  expect((await me(cookie)).user?.id).toBe(rider.id);
  expect((await expiresAt(token))!.getTime()).toBe(due.getTime());
});

test('a request with an Authorization header is left to better-auth', async () => {
  const rider = await signUpVerified(t);
  expect(await t.app.auth.readSession(rider.cookie, 'Bearer something')).toBeUndefined();
});
