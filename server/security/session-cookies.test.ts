import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { RELAXED_LIMITS, signUpVerified } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * Checklist: authentication. The session cookie is read by our own reader on every request
 * (server/features/auth/session-reader.ts) and by better-auth whenever it has to write: a cookie
 * that was not signed by this server, or names a session that has ended, must name nobody on
 * either path, for the API and for the pages the server renders.
 */
const t = useTestApp(RELAXED_LIMITS);

const ORIGIN = 'http://localhost:3000';
const tokenOf = (cookie: string) => decodeURIComponent(/stoked\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
const signedWith = (secret: string, value: string) => encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);

async function whoIs(cookie: string) {
  const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as { user: { id: string } | null };
  const notifications = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
  return { me: me.user?.id ?? null, notifications: notifications.statusCode };
}

describe('a session cookie this server did not sign names nobody', () => {
  test('a bare token, another secret, a changed token or a changed signature', async () => {
    const rider = await signUpVerified(t);
    expect(await whoIs(rider.cookie)).toEqual({ me: rider.id, notifications: 200 });
    const token = tokenOf(rider.cookie);
    const signature = decodeURIComponent(/stoked\.session_token=([^;]+)/.exec(rider.cookie)![1]!)
      .split('.')
      .slice(1)
      .join('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const value of [
      encodeURIComponent(token),
      signedWith('a secret an attacker guessed', token),
      encodeURIComponent(`${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`),
      encodeURIComponent(`${token}.${flipped}`),
      encodeURIComponent(`${token}.${signature}.${signature}`),
    ]) {
      const cookie = `stoked.session_token=${value}`;
      expect(await whoIs(cookie), value).toEqual({ me: null, notifications: 401 });
      const write = await t.app.inject({ method: 'PUT', url: '/api/disciplines/surfing/follow', headers: { cookie, origin: ORIGIN } });
      expect(write.statusCode, value).toBe(401);
    }
  });

  test('a session signed out, or of a deleted account, ends at once', async () => {
    const rider = await signUpVerified(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: rider.cookie, origin: ORIGIN }, payload: {} })).statusCode).toBe(
      200,
    );
    expect(await whoIs(rider.cookie)).toEqual({ me: null, notifications: 401 });

    const gone = await signUpVerified(t);
    await t.app.db.deleteFrom('profiles').where('id', '=', gone.id).execute();
    expect(await whoIs(gone.cookie)).toEqual({ me: null, notifications: 401 });
  });
});
