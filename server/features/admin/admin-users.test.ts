import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminUserPage } from '../../../common/admin-users.ts';
import { png } from '../../test/image-fixtures.ts';
import { fileUpload } from '../../test/multipart.ts';
import { contentTestKit, expectError, MISSING_ID, ORIGIN, type User } from '../../test/content-kit.ts';
import { cookieOf, uniqueEmail } from '../../test/test-app.ts';
import { deleteAccount, updateUser } from './admin-users.db.ts';

const kit = contentTestKit('place');
const { call, token, user } = kit;
let rider: User;
beforeAll(async () => {
  rider = await user('Rita Rider');
});

const db = () => kit.t.app.db;

/** A validation failure also names the refused fields. */
function expectRefused(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect({ status: res.statusCode, code: (res.json() as { code: string }).code }).toEqual({ status, code });
}
const PASSWORD = 'grab the rail 42';

const signIn = (email: string, password: string) =>
  kit.t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } });

async function sessionUser(cookie: string) {
  return (await kit.t.app.inject({ url: '/api/me', headers: { cookie } })).json().user as { id: string; role: string } | null;
}

async function list(query = ''): Promise<AdminUserPage> {
  const res = await call('GET', `/api/admin/users${query}`, kit.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminUserPage;
}

async function create(body: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/api/admin/users', kit.admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const profile = (id: string) => db().selectFrom('profiles').select(['id', 'name', 'email', 'role', 'email_verified']).where('id', '=', id).executeTakeFirst();
/** better-auth's accounts table is outside our typed schema. */
const credentials = async (userId: string) =>
  (await sql<{ provider_id: string; password: string | null }>`select provider_id, password from accounts where user_id = ${userId}`.execute(db())).rows;
const profileCount = async () =>
  Number(
    (
      await db()
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const adminIds = async () => (await db().selectFrom('profiles').select('id').where('role', '=', 'admin').execute()).map((r) => r.id);
const setRole = (ids: string[], role: 'user' | 'admin') => db().updateTable('profiles').set({ role }).where('id', 'in', ids).execute();

/** Leaves exactly `ids` as admins for the duration of `body`, then puts every admin back. */
async function withOnlyAdmins(ids: string[], body: () => Promise<void>) {
  const before = await adminIds();
  await setRole(before, 'user');
  await setRole(ids, 'admin');
  try {
    await body();
  } finally {
    await db().updateTable('profiles').set({ role: 'user' }).where('role', '=', 'admin').execute();
    await setRole(before, 'admin');
  }
}

describe('admin users: authorization', () => {
  test('every endpoint: anonymous 401, user 403, even with a bad body; nothing changes', async () => {
    const target = await user('Target Tom');
    const snapshot = async () => ({ count: await profileCount(), target: await profile(target.id) });
    const before = await snapshot();
    const requests: [string, string, unknown][] = [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/users?page=nope', undefined],
      ['POST', '/api/admin/users', { name: 'Sneaky', email: uniqueEmail('sneaky'), password: PASSWORD, role: 'admin' }],
      ['POST', '/api/admin/users', { bogus: true }],
      ['GET', `/api/admin/users/${target.id}`, undefined],
      ['PATCH', `/api/admin/users/${target.id}`, { role: 'admin', name: 'Hacked' }],
      ['PATCH', `/api/admin/users/${target.id}`, { email: 'x@example.com' }],
      ['DELETE', `/api/admin/users/${target.id}`, undefined],
    ];
    for (const [method, url, body] of requests) {
      expectError(await call(method as 'GET', url, null, body), 401, 'UNAUTHORIZED');
      expectError(await call(method as 'GET', url, rider, body), 403, 'FORBIDDEN');
      expectError(await call(method as 'GET', url, target, body), 403, 'FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
    expect((await sessionUser(target.cookie))?.id).toBe(target.id);
  });
});

describe('admin users: list', () => {
  test('newest first with the contract fields; search on name or e-mail, case-insensitive, wildcards literal', async () => {
    const word = token('srch');
    const older = await user(`Older ${word}`);
    const newer = await user(`Newer ${word.toUpperCase()}`);
    const byMail = await kit.t.app.db
      .insertInto('profiles')
      .values({ id: `mail-${word}`, name: 'Mail Only', email: `${word}-box@example.com`, email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();

    const page = await list(`?q=${encodeURIComponent(word.toUpperCase())}`);
    expect(page.items.map((u) => u.id)).toEqual([byMail.id, newer.id, older.id]);
    expect(page).toMatchObject({ total: 3, page: 1, hasMore: false });
    expect(page.items[1]).toEqual({
      id: newer.id,
      name: `Newer ${word.toUpperCase()}`,
      email: newer.email,
      role: 'user',
      avatarUrl: null,
      createdAt: expect.any(String),
    });
    expect(Date.parse(page.items[1]!.createdAt)).not.toBeNaN();

    expect((await list(`?q=${encodeURIComponent(`${word}-BOX@`)}`)).items.map((u) => u.id)).toEqual([byMail.id]);
    expect((await list(`?q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect(await list(`?q=${token('none')}`)).toEqual({ items: [], total: 0, totalCapped: false, page: 1, hasMore: false });
    // The whole list includes everyone, the admin too.
    const all = await list('?limit=50');
    expect(all.total).toBe(await profileCount());
  });

  test('pages: limit, page, hasMore and total; limit capped at 50; bad values 400', async () => {
    const word = token('page');
    const base = Date.parse('2030-01-01T00:00:00Z');
    await db()
      .insertInto('profiles')
      .values(
        Array.from({ length: 53 }, (_, i) => ({
          id: `${word}-${i}`,
          name: `Paged ${word} ${i}`,
          email: `${word}-${i}@example.com`,
          created_at: new Date(base + i * 1000),
        })),
      )
      .execute();
    const q = `q=${word}`;
    const first = await list(`?${q}&limit=20`);
    expect(first).toMatchObject({ total: 53, page: 1, hasMore: true });
    expect(first.items.map((u) => u.id)).toEqual(Array.from({ length: 20 }, (_, i) => `${word}-${52 - i}`));
    const third = await list(`?${q}&limit=20&page=3`);
    expect(third).toMatchObject({ total: 53, page: 3, hasMore: false });
    expect(third.items.map((u) => u.id)).toEqual(Array.from({ length: 13 }, (_, i) => `${word}-${12 - i}`));
    const past = await list(`?${q}&limit=20&page=9`);
    expect(past).toEqual({ items: [], total: 53, totalCapped: false, page: 9, hasMore: false });

    const capped = await list(`?${q}&limit=500`);
    expect(capped.items).toHaveLength(50);
    expect(capped.hasMore).toBe(true);
    expect((await list(`?${q}`)).items).toHaveLength(20);
    // The team form's picker asks with an empty q: everyone, newest first.
    const picker = await list('?q=&limit=8');
    expect(picker).toMatchObject({ page: 1, hasMore: true, total: await profileCount() });
    expect(picker.items.map((u) => u.id)).toEqual(Array.from({ length: 8 }, (_, i) => `${word}-${52 - i}`));

    for (const bad of ['?page=0', '?limit=0', '?page=x', `?q=${'a'.repeat(101)}`]) {
      expectRefused(await call('GET', `/api/admin/users${bad}`, kit.admin), 400, 'VALIDATION_ERROR');
    }
  });
});

describe('admin users: create', () => {
  test('a verified e-mail and password account that signs in at once, with no mail; role user by default', async () => {
    const email = uniqueEmail('made');
    const mails = kit.t.mails.length;
    const id = await create({ name: '  Made  By Admin ', email: email.toUpperCase(), password: PASSWORD });
    expect(await profile(id)).toEqual({ id, name: 'Made By Admin', email, role: 'user', email_verified: true });
    expect(kit.t.mails.length).toBe(mails);
    const [account] = await credentials(id);
    expect(account?.provider_id).toBe('credential');
    expect(account?.password).toMatch(/^\$argon2id\$/);

    const login = await signIn(email, PASSWORD);
    expect(login.statusCode, login.body).toBe(200);
    expect(await sessionUser(cookieOf(login))).toMatchObject({ id, role: 'user' });
    expect((await signIn(email, 'not the password')).statusCode).toBe(401);
  });

  test('an admin account can use the admin API', async () => {
    const email = uniqueEmail('boss');
    const id = await create({ name: 'New Boss', email, password: PASSWORD, role: 'admin' });
    expect((await profile(id))?.role).toBe('admin');
    const cookie = cookieOf(await signIn(email, PASSWORD));
    const res = await kit.t.app.inject({ url: `/api/admin/users/${id}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    await setRole([id], 'user');
  });

  test('refused: a used e-mail (409), registration password rules, bad or extra fields (400); nothing created', async () => {
    const before = await profileCount();
    expectError(
      await call('POST', '/api/admin/users', kit.admin, { name: 'Copy', email: rider.email.toUpperCase(), password: PASSWORD }),
      409,
      'USER_ALREADY_EXISTS',
    );
    const email = uniqueEmail('bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Short', email, password: 'abc' }, 'PASSWORD_TOO_SHORT'],
      [{ name: 'Long', email, password: 'x'.repeat(129) }, 'PASSWORD_TOO_LONG'],
      [{ name: 'Common', email, password: 'password' }, 'PASSWORD_TOO_COMMON'],
      [{ name: 'Mail', email: 'not-an-email', password: PASSWORD }, 'INVALID_EMAIL'],
      [{ name: '   ', email, password: PASSWORD }, 'REQUIRED'],
      [{ email, password: PASSWORD }, 'REQUIRED'],
      [{ name: 'Role', email, password: PASSWORD, role: 'superadmin' }, 'VALIDATION_ERROR'],
      [{ name: 'Extra', email, password: PASSWORD, emailVerified: false }, 'VALIDATION_ERROR'],
      [{ name: 'Extra', email, password: PASSWORD, id: 'chosen-id' }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) expectRefused(await call('POST', '/api/admin/users', kit.admin, body), 400, code);
    expect(await profileCount()).toBe(before);
    expect(await db().selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  test('two creations with one e-mail at once: one account', async () => {
    const email = uniqueEmail('twin');
    const results = await Promise.all([1, 2].map((n) => call('POST', '/api/admin/users', kit.admin, { name: `Twin ${n}`, email, password: PASSWORD })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('USER_ALREADY_EXISTS');
    expect(await db().selectFrom('profiles').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });
});

describe('admin users: read and edit', () => {
  test('one user; an unknown id is 404 USER_NOT_FOUND', async () => {
    const res = await call('GET', `/api/admin/users/${rider.id}`, kit.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: rider.id, name: 'Rita Rider', email: rider.email, role: 'user', avatarUrl: null, createdAt: expect.any(String) });
    expectError(await call('GET', `/api/admin/users/${MISSING_ID}`, kit.admin), 404, 'USER_NOT_FOUND');
  });

  test('name and role change; the new role applies to the open session at once', async () => {
    const someone = await user('Sam Before');
    const renamed = await call('PATCH', `/api/admin/users/${someone.id}`, kit.admin, { name: ' Sam  After ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: someone.id, name: 'Sam After', role: 'user', email: someone.email });

    const promoted = await call('PATCH', `/api/admin/users/${someone.id}`, kit.admin, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ name: 'Sam After', role: 'admin' });
    expect((await call('GET', '/api/admin/users', someone)).statusCode).toBe(200);

    const both = await call('PATCH', `/api/admin/users/${someone.id}`, kit.admin, { name: 'Sam Again', role: 'user' });
    expect(both.json()).toMatchObject({ name: 'Sam Again', role: 'user' });
    expectError(await call('GET', '/api/admin/users', someone), 403, 'FORBIDDEN');
    expect(await profile(someone.id)).toMatchObject({ name: 'Sam Again', role: 'user' });
  });

  test('the e-mail, the id or any other field is refused with 400 and nothing changes; unknown id 404', async () => {
    const someone = await user('Fixed Mail');
    const before = await profile(someone.id);
    for (const body of [
      { email: 'new@example.com' },
      { name: 'Ok', email: 'new@example.com' },
      { id: 'other' },
      { emailVerified: false },
      { role: 'root' },
      { name: '' },
    ]) {
      const res = await call('PATCH', `/api/admin/users/${someone.id}`, kit.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await profile(someone.id)).toEqual(before);
    expectError(await call('PATCH', `/api/admin/users/${MISSING_ID}`, kit.admin, { name: 'Ghost' }), 404, 'USER_NOT_FOUND');
  });
});

describe('admin users: delete', () => {
  test('removes the account as self-deletion does: profile, sessions, credentials, follows and uploaded files', async () => {
    const gone = await user('Gone Soon');
    await call('PUT', '/api/disciplines/bmx/follow', gone);
    const upload = fileUpload(await png());
    const uploaded = await kit.t.app.inject({
      method: 'PUT',
      url: '/api/profile/avatar',
      headers: { ...upload.headers, cookie: gone.cookie, origin: ORIGIN },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatar = uploaded.json().avatarUrl as string;
    expect((await kit.t.app.inject({ url: avatar })).statusCode).toBe(200);

    const res = await call('DELETE', `/api/admin/users/${gone.id}`, kit.admin);
    expect(res.statusCode, res.body).toBe(204);
    expect(await profile(gone.id)).toBeUndefined();
    expect(await sessionUser(gone.cookie)).toBeNull();
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', gone.id).execute()).toEqual([]);
    expect(await credentials(gone.id)).toEqual([]);
    expect(await db().selectFrom('discipline_followers').select('user_id').where('user_id', '=', gone.id).execute()).toEqual([]);
    expect((await kit.t.app.inject({ url: avatar })).statusCode).toBe(404);
    expect((await signIn(gone.email, gone.password)).statusCode).toBe(401);
    expectError(await call('DELETE', `/api/admin/users/${gone.id}`, kit.admin), 404, 'USER_NOT_FOUND');
  });

  test('a team leader must hand leadership over first (409 LEADER_MUST_TRANSFER), then goes', async () => {
    const leader = await user('Lea Leader');
    const team = await db()
      .insertInto('teams')
      .values({ name: `Crew ${token()}`, leader_id: leader.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    expectError(await call('DELETE', `/api/admin/users/${leader.id}`, kit.admin), 409, 'LEADER_MUST_TRANSFER');
    expect(await profile(leader.id)).toBeDefined();
    expect(await sessionUser(leader.cookie)).toMatchObject({ id: leader.id });
    await db().updateTable('teams').set({ leader_id: rider.id }).where('id', '=', team.id).execute();
    expect((await call('DELETE', `/api/admin/users/${leader.id}`, kit.admin)).statusCode).toBe(204);
    expect(await profile(leader.id)).toBeUndefined();
  });
});

describe('admin users: the last admin', () => {
  test('cannot demote or delete themself, here or by self-deletion; another admin can go', async () => {
    const self = kit.admin;
    const url = `/api/admin/users/${self.id}`;
    const other = await user('Other Admin');
    await withOnlyAdmins([self.id], async () => {
      expectError(await call('PATCH', url, self, { role: 'user' }), 409, 'LAST_ADMIN');
      expectError(await call('DELETE', url, self), 409, 'LAST_ADMIN');
      expectError(await call('POST', '/api/auth/delete-user', self, { password: self.password }), 409, 'LAST_ADMIN');
      expect(await profile(self.id)).toMatchObject({ role: 'admin' });
      expect(await sessionUser(self.cookie)).toMatchObject({ role: 'admin' });
      // Renaming the last admin, or "demoting" them to what they are, is fine.
      expect((await call('PATCH', url, self, { name: 'Admin Rider', role: 'admin' })).statusCode).toBe(200);

      await setRole([other.id], 'admin');
      const demoted = await call('PATCH', `/api/admin/users/${other.id}`, self, { role: 'user' });
      expect(demoted.statusCode, demoted.body).toBe(200);
      await setRole([other.id], 'admin');
      expect((await call('DELETE', `/api/admin/users/${other.id}`, self)).statusCode).toBe(204);
      expect(await adminIds()).toEqual([self.id]);
    });
  });

  test('two admins demoting, or deleting, each other at once leave one admin', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([user(`Ann ${round}`), user(`Ben ${round}`)]);
      await withOnlyAdmins([a.id, b.id], async () => {
        const demotions = await Promise.all([
          call('PATCH', `/api/admin/users/${b.id}`, a, { role: 'user' }),
          call('PATCH', `/api/admin/users/${a.id}`, b, { role: 'user' }),
        ]);
        const statuses = demotions.map((r) => r.statusCode).sort();
        // The loser is refused as the last admin or, demoted before its session was read, as a user.
        expect([
          [200, 403],
          [200, 409],
        ]).toContainEqual(statuses);
        if (statuses[1] === 409) expect(demotions.find((r) => r.statusCode === 409)!.json().code).toBe('LAST_ADMIN');
        expect(await adminIds()).toHaveLength(1);
      });
      await withOnlyAdmins([a.id, b.id], async () => {
        const deletions = await Promise.all([call('DELETE', `/api/admin/users/${b.id}`, a), call('DELETE', `/api/admin/users/${a.id}`, b)]);
        const statuses = deletions.map((r) => r.statusCode).sort();
        // The loser is either refused as the last admin or, already deleted, no longer signed in.
        expect([
          [204, 401],
          [204, 409],
        ]).toContainEqual(statuses);
        expect(await adminIds()).toHaveLength(1);
      });
    }
  });

  test('the rule itself under a race: of two simultaneous mutual demotions or deletions, one is refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([user(`Cat ${round}`), user(`Dan ${round}`)]);
      await withOnlyAdmins([a.id, b.id], async () => {
        const outcomes = await Promise.all([updateUser(db(), b.id, { role: 'user' }), updateUser(db(), a.id, { role: 'user' })]);
        expect(outcomes.filter((o) => o === 'last-admin')).toHaveLength(1);
        expect(await adminIds()).toHaveLength(1);
      });
      await withOnlyAdmins([a.id, b.id], async () => {
        const outcomes = await Promise.all([deleteAccount(db(), b.id), deleteAccount(db(), a.id)]);
        expect(outcomes.filter((o) => o === 'last-admin')).toHaveLength(1);
        expect(await adminIds()).toHaveLength(1);
      });
    }
  });
});
