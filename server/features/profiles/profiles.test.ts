import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithGps, png, svg } from '../../test/image-fixtures.ts';
import { fileUpload } from '../../test/multipart.ts';
import { cookieOf, signUpVerified, uniqueEmail, RELAXED_LIMITS } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const ORIGIN = 'http://localhost:3000';
const t = useTestApp(RELAXED_LIMITS);
type User = Awaited<ReturnType<typeof signUpVerified>>;

const get = (url: string, user?: User) => t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, user?: User, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(user ? { cookie: user.cookie } : {}) }, payload });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

describe('own profile', () => {
  it('needs a session', async () => {
    expect((await get('/api/profile')).statusCode).toBe(401);
    expect((await send('PATCH', '/api/profile', undefined, { name: 'X' })).statusCode).toBe(401);
  });

  it('edits name, bio and location and ignores role, email, verification and id', async () => {
    const user = await signUpVerified(t, { name: 'Pia Profile' });
    const res = await send('PATCH', '/api/profile', user, {
      name: '  Pia \u202eRider\u200b ',
      bio: 'Big waves only.',
      location: 'Nazaré',
      role: 'admin',
      email: 'stolen@example.com',
      emailVerified: false,
      id: 'someone-else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Pia Rider', bio: 'Big waves only.', location: 'Nazaré', email: user.email, role: 'user' });
    const row = await t.app.db.selectFrom('profiles').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'user', email: user.email, email_verified: true, name: 'Pia Rider' });
  });

  it('refuses an empty name and a 10,000-character bio, and changes nothing', async () => {
    const user = await signUpVerified(t, { name: 'Stable Name' });
    expect((await send('PATCH', '/api/profile', user, { name: ' \u200b ' })).statusCode).toBe(400);
    const long = await send('PATCH', '/api/profile', user, { bio: 'x'.repeat(10_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('TOO_LONG');
    const row = await t.app.db.selectFrom('profiles').select(['name', 'bio']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Stable Name', bio: null });
  });

  it('stores a preferred language among the nine, and the session reports it', async () => {
    const user = await signUpVerified(t);
    expect((await send('PATCH', '/api/profile', user, { preferredLanguage: 'xx' })).statusCode).toBe(400);
    expect((await send('PATCH', '/api/profile', user, { preferredLanguage: 'ar' })).json().preferredLanguage).toBe('ar');
    expect((await get('/api/me', user)).json().user.preferredLanguage).toBe('ar');
  });

  it("PUT /api/language: an offered language is the cookie, and a signed-in person's mail language; any other is refused with its reason", async () => {
    const user = await signUpVerified(t);
    const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'stoked-language')?.value;
    const visitor = await send('PUT', '/api/language', undefined, { language: 'fr' });
    expect([visitor.statusCode, visitor.json(), cookieOf(visitor)]).toEqual([200, { language: 'fr' }, 'fr']);
    const chosen = await send('PUT', '/api/language', user, { language: 'de' });
    expect([chosen.statusCode, cookieOf(chosen)]).toEqual([200, 'de']);
    expect((await get('/api/me', user)).json().user.preferredLanguage).toBe('de');
    // Arabic is one of the nine, not enabled on a new site; 'xx' is none of them.
    const disabled = await send('PUT', '/api/language', user, { language: 'ar' });
    expect([disabled.statusCode, disabled.json().code, disabled.json().message, cookieOf(disabled)]).toEqual([
      400,
      'LANGUAGE_NOT_OFFERED',
      'This language is not offered on this site.',
      undefined,
    ]);
    const unknown = await send('PUT', '/api/language', user, { language: 'xx' });
    expect([unknown.statusCode, unknown.json().code, cookieOf(unknown)]).toEqual([400, 'VALIDATION_ERROR', undefined]);
    expect((await get('/api/me', user)).json().user.preferredLanguage).toBe('de');
  });

  it('keeps a list of achievements that the public profile shows', async () => {
    const user = await signUpVerified(t);
    const empty = await get(`/api/profiles/${user.id}`);
    expect(empty.json().achievements).toEqual([]);
    const res = await send('PUT', '/api/profile/achievements', user, { achievements: ['Won the Pipeline Masters', ' 3rd at X Games '] });
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/profiles/${user.id}`)).json().achievements).toEqual(['Won the Pipeline Masters', '3rd at X Games']);
    expect((await send('PUT', '/api/profile/achievements', user, { achievements: Array(21).fill('a') })).statusCode).toBe(400);
  });
});

describe('public profile', () => {
  it('a profile the database cannot even look up (a NUL in its id) fails that request alone: nothing is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const res = await get('/api/profiles/a%00b');
      expect(res.statusCode).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('shows no email or auth data and answers 404 for unknown or unconfirmed people', async () => {
    const user = await signUpVerified(t, { name: 'Public Pete' });
    const res = await get(`/api/profiles/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Public Pete', followers: 0, following: 0, isFollowing: false });
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toMatch(/email|password|token|banned|role/i);
    const unknown = await get('/api/profiles/nobody-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('USER_NOT_FOUND');
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: 'Unconfirmed', email, password: 'long enough pass' } });
    const pending = await t.app.db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await get(`/api/profiles/${pending.id}`)).statusCode).toBe(404);
  });

  it('follows and unfollows people with real counts', async () => {
    const a = await signUpVerified(t, { name: 'Alex Follower' });
    const b = await signUpVerified(t, { name: 'Bea Followed' });
    expect((await send('PUT', `/api/profiles/${b.id}/follow`)).statusCode).toBe(401);
    expect((await send('PUT', `/api/profiles/${a.id}/follow`, a)).statusCode).toBe(400);
    expect((await send('PUT', '/api/profiles/nobody/follow', a)).statusCode).toBe(404);

    const follow = await send('PUT', `/api/profiles/${b.id}/follow`, a);
    expect(follow.json()).toEqual({ following: true, followers: 1 });
    expect((await send('PUT', `/api/profiles/${b.id}/follow`, a)).json()).toEqual({ following: true, followers: 1 });
    expect((await get(`/api/profiles/${b.id}`, a)).json()).toMatchObject({ followers: 1, isFollowing: true });
    expect((await get(`/api/profiles/${a.id}`)).json()).toMatchObject({ following: 1 });
    expect((await get(`/api/profiles/${b.id}/followers`)).json()).toEqual([{ id: a.id, name: 'Alex Follower', avatarUrl: null }]);
    expect((await get(`/api/profiles/${a.id}/following`)).json().map((p: { id: string }) => p.id)).toEqual([b.id]);

    expect((await send('DELETE', `/api/profiles/${b.id}/follow`, a)).json()).toEqual({ following: false, followers: 0 });
    expect((await get(`/api/profiles/${b.id}`, a)).json()).toMatchObject({ followers: 0, isFollowing: false });
  });

  it('lists recent activity newest first', async () => {
    const user = await signUpVerified(t);
    const other = await signUpVerified(t, { name: 'Olli Other' });
    await send('PUT', '/api/disciplines/surfing/follow', user);
    await new Promise((r) => setTimeout(r, 20));
    await send('PUT', `/api/profiles/${other.id}/follow`, user);
    const activity = (await get(`/api/profiles/${user.id}/activity`)).json();
    expect(activity.map((a: { type: string; target: { id: string } }) => [a.type, a.target.id])).toEqual([
      ['followed_user', other.id],
      ['followed_discipline', 'surfing'],
    ]);
    const profile = (await get(`/api/profiles/${user.id}`)).json();
    expect(profile.disciplines.map((d: { id: string }) => d.id)).toEqual(['surfing']);
  });

  it('shows shared content once it is approved, linking to its discipline', async () => {
    const user = await signUpVerified(t);
    const place = (
      await send('POST', '/api/disciplines/surfing/places', user, { name: 'Secret Reef', location: 'Somewhere', latitude: 1, longitude: 1 })
    ).json();
    const types = async () => (await get(`/api/profiles/${user.id}/activity`)).json().map((a: { type: string }) => a.type);
    expect(await types()).not.toContain('shared_place');
    await t.app.db.updateTable('places').set({ status: 'approved' }).where('id', '=', place.id).execute();
    const activity = (await get(`/api/profiles/${user.id}/activity`)).json();
    expect(activity[0]).toMatchObject({ type: 'shared_place', target: { id: place.id, name: 'Secret Reef', disciplineId: 'surfing' } });
  });
});

describe('password change', () => {
  it('needs the current password, refuses short or common ones, and signs out other sessions', async () => {
    const user = await signUpVerified(t, { password: 'first password 1' });
    const other = cookieOf(await login(user.email, 'first password 1'));
    const change = (currentPassword: string, newPassword: string) => send('POST', '/api/auth/change-password', user, { currentPassword, newPassword });

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: { origin: ORIGIN },
          payload: { currentPassword: 'x', newPassword: 'second password 2' },
        })
      ).statusCode,
    ).toBe(401);
    const wrong = await change('not my password', 'second password 2');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect((await change('first password 1', '12345')).json().code).toBe('PASSWORD_TOO_SHORT');
    expect((await change('first password 1', 'password123')).json().code).toBe('PASSWORD_TOO_COMMON');

    const ok = await change('first password 1', 'second password 2');
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: other } })).json().user).toBeNull();
    expect((await login(user.email, 'first password 1')).statusCode).toBe(401);
    expect((await login(user.email, 'second password 2')).statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  it('mails a single-use reset link that signs out every session', async () => {
    const user = await signUpVerified(t, { password: 'forgot me not 1' });
    const request = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email } });
    expect(request.statusCode).toBe(200);
    const mail = t.mails.findLast((m) => m.to === user.email && /reset/i.test(m.subject));
    expect(mail?.link).toBeTruthy();
    const link = new URL(mail!.link!);
    const landing = await t.app.inject({ url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = (newPassword: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
    expect((await reset('abc')).json().code).toBe('PASSWORD_TOO_SHORT');
    expect((await reset('brand new secret 2')).statusCode).toBe(200);
    const again = await reset('third secret 3');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json().user).toBeNull();
    expect((await login(user.email, 'brand new secret 2')).statusCode).toBe(200);
  });

  it('writes the reset mail in the language saved on the account', async () => {
    const user = await signUpVerified(t, { name: 'Jürgen' });
    await t.app.db.updateTable('profiles').set({ preferred_language: 'de' }).where('id', '=', user.id).execute();
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email } });
    const mail = t.mails.findLast((m) => m.to === user.email)!;
    expect(mail.subject).toBe('Setze dein Stoked-Passwort zurück');
    expect(mail.text).toContain('Hallo Jürgen,');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.text).toContain(mail.link);
  });

  it('answers the same for an unknown address (no account enumeration) and sends nothing', async () => {
    const before = t.mails.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'nobody@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(t.mails.length).toBe(before);
  });
});

describe('account deletion', () => {
  it('needs the password, refuses a team leader, then removes the profile and every session', async () => {
    const user = await signUpVerified(t, { password: 'delete me please' });
    const other = cookieOf(await login(user.email, 'delete me please'));
    await send('PUT', '/api/disciplines/bmx/follow', user);

    const wrong = await send('POST', '/api/auth/delete-user', user, { password: 'wrong one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect((await get(`/api/profiles/${user.id}`)).statusCode).toBe(200);

    const team = await t.app.db.insertInto('teams').values({ name: 'Led Crew', leader_id: user.id }).returning('id').executeTakeFirstOrThrow();
    const leader = await send('POST', '/api/auth/delete-user', user, { password: 'delete me please' });
    expect(leader.statusCode).toBe(409);
    expect(leader.json().code).toBe('LEADER_MUST_TRANSFER');
    await t.app.db.deleteFrom('teams').where('id', '=', team.id).execute();

    const ok = await send('POST', '/api/auth/delete-user', user, { password: 'delete me please' });
    expect(ok.statusCode).toBe(200);
    expect((await get(`/api/profiles/${user.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: other } })).json().user).toBeNull();
    const follows = await t.app.db.selectFrom('discipline_followers').selectAll().where('user_id', '=', user.id).execute();
    expect(follows).toEqual([]);
    expect((await login(user.email, 'delete me please')).statusCode).toBe(401);
  });
});

describe('avatar and banner', () => {
  const upload = (user: User, kind: 'avatar' | 'banner', body: ReturnType<typeof fileUpload>) =>
    t.app.inject({ method: 'PUT', url: `/api/profile/${kind}`, headers: { ...body.headers, cookie: user.cookie, origin: ORIGIN }, payload: body.payload });

  it('stores a re-encoded 400×400 avatar without GPS data, replaces and removes it', async () => {
    const user = await signUpVerified(t);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/avatar', ...fileUpload(await png()) })).statusCode).toBe(401);
    const res = await upload(user, 'avatar', fileUpload(await jpegWithGps(), 'me.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const first = res.json().avatarUrl as string;
    expect(first).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
    const served = await t.app.inject({ url: first });
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 400, 400, undefined]);

    const second = (await upload(user, 'avatar', fileUpload(await png()))).json().avatarUrl;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await get(`/api/profiles/${user.id}`)).json().avatarUrl).toBe(second);

    const cleared = await send('DELETE', '/api/profile/avatar', user);
    expect(cleared.json().avatarUrl).toBeNull();
    expect((await t.app.inject({ url: second })).statusCode).toBe(404);
  });

  it('refuses an SVG sent as PNG with INVALID_IMAGE and keeps the old banner', async () => {
    const user = await signUpVerified(t);
    const banner = (await upload(user, 'banner', fileUpload(await png(2000, 800)))).json().bannerUrl;
    const res = await upload(user, 'banner', fileUpload(svg, 'evil.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_IMAGE');
    expect((await get('/api/profile', user)).json().bannerUrl).toBe(banner);
  });

  it('account deletion removes the uploaded files', async () => {
    const user = await signUpVerified(t, { password: 'files go too please' });
    const avatar = (await upload(user, 'avatar', fileUpload(await png()))).json().avatarUrl;
    expect((await t.app.inject({ url: avatar })).statusCode).toBe(200);
    expect((await send('POST', '/api/auth/delete-user', user, { password: 'files go too please' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: avatar })).statusCode).toBe(404);
  });
});
