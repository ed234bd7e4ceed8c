import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminTeam, JoinRequest, Person, TeamDetail, TeamInput, TeamList } from '../../../common/teams.ts';
import * as fixtures from '../../test/image-fixtures.ts';
import { fileUpload, multipartBody } from '../../test/multipart.ts';
import { createTestApp, signUpVerified, uniqueEmail, type TestApp, RELAXED_LIMITS } from '../../test/test-app.ts';
import { addMember } from './team-membership.db.ts';

const ORIGIN = 'http://localhost:3000';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type User = Awaited<ReturnType<typeof signUpVerified>>;

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp(RELAXED_LIMITS);
});
afterAll(async () => {
  await t?.close();
});

/** A name part no other test uses, so that searches and filters see only this test's teams. */
function token(prefix = 'tok'): string {
  seq += 1;
  return `${prefix}${seq}x${Math.random().toString(36).slice(2, 7)}`;
}

function call(method: InjectOptions['method'], url: string, user?: User | null, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(user ? { cookie: user.cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

function upload(url: string, user: User | null | undefined, body: { payload: Buffer; headers: Record<string, string> }, method: 'PUT' = 'PUT') {
  return call(method, url, user, body.payload, body.headers);
}

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { code, message: expect.any(String) } });
}

async function user(name?: string): Promise<User> {
  return signUpVerified(t, { name: name ?? `Rider ${token()}` });
}

async function admin(): Promise<User> {
  const a = await user('Admin Rider');
  await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', a.id).execute();
  return a;
}

async function createTeam(owner: User, input: Partial<TeamInput> = {}): Promise<TeamDetail> {
  const res = await call('POST', '/api/teams', owner, { name: `Crew ${token()}`, ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TeamDetail;
}

async function approve(teamId: string) {
  await t.app.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', teamId).execute();
}

/** An approved team with its leader and one member. */
async function approvedTeam(input: Partial<TeamInput> = {}) {
  const leader = await user();
  const member = await user();
  const team = await createTeam(leader, input);
  await approve(team.id);
  await t.app.db.insertInto('team_members').values({ team_id: team.id, user_id: member.id }).execute();
  return { team, leader, member };
}

/** Everything stored about a team, to show that a refused call changed nothing. */
async function snapshot(teamId: string) {
  const db = t.app.db;
  const [team, members, disciplines, requests, approvals] = await Promise.all([
    db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst(),
    db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).orderBy('user_id').execute(),
    db.selectFrom('team_disciplines').selectAll().where('team_id', '=', teamId).orderBy('discipline_id').execute(),
    db.selectFrom('team_join_requests').selectAll().where('team_id', '=', teamId).orderBy('id').execute(),
    db.selectFrom('pending_approvals').selectAll().where('item_id', '=', teamId).execute(),
  ]);
  return { team, members, disciplines, requests, approvals };
}

async function memberRow(teamId: string, userId: string) {
  return t.app.db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
}

async function requestRows(teamId: string, userId?: string) {
  let q = t.app.db.selectFrom('team_join_requests').selectAll().where('team_id', '=', teamId);
  if (userId) q = q.where('user_id', '=', userId);
  return q.orderBy('created_at').execute();
}

function uploadedFile(url: string): string {
  expect(url).toMatch(/^\/uploads\/[a-z-]+\/[0-9a-f-]{36}\.webp$/);
  return path.join(t.config.dataDir, url.replace(/^\/uploads\//, 'uploads/'));
}

function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function noEmails(body: string, ...users: User[]) {
  expect(body).not.toMatch(/email/i);
  for (const u of users) expect(body).not.toContain(u.email);
}

describe('create', () => {
  test('a signed-in user creates a pending team, leads it and it waits for approval', async () => {
    const leader = await user();
    const name = `Wave Wolves ${token()}`;
    const res = await call('POST', '/api/teams', leader, {
      name: `  ${name}  `,
      description: 'We surf\r\nall winter',
      type: 'Amateur',
      location: 'Hossegor',
      foundedDate: '2015-06-01',
      isPrivate: true,
      disciplineIds: ['surfing', 'kitesurfing', 'surfing'],
    });
    expect(res.statusCode).toBe(201);
    const team = res.json() as TeamDetail;
    expect(team).toMatchObject({
      name,
      description: 'We surf\nall winter',
      type: 'Amateur',
      location: 'Hossegor',
      foundedDate: '2015-06-01',
      isPrivate: true,
      status: 'pending',
      logoUrl: null,
      bannerUrl: null,
      leader: { id: leader.id, name: leader.name, avatarUrl: null },
      memberCount: 1,
      myRole: 'leader',
      myRequest: null,
      canManage: true,
      members: [{ id: leader.id, name: leader.name, avatarUrl: null, role: 'leader', joinedAt: expect.any(String) }],
    });
    expect(team.disciplines.map((d) => d.id)).toEqual(['kitesurfing', 'surfing']);
    expect(team.disciplines[0]).toEqual({ id: 'kitesurfing', name: 'Kitesurfing', names: expect.objectContaining({ en: 'Kitesurfing' }), icon: expect.any(String) });
    expect(new Date(team.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    noEmails(res.body, leader);

    const s = await snapshot(team.id);
    expect(s.team).toMatchObject({ leader_id: leader.id, status: 'pending' });
    expect(s.members).toEqual([expect.objectContaining({ user_id: leader.id, role: 'leader' })]);
    expect(s.approvals).toEqual([expect.objectContaining({ item_type: 'team', item_id: team.id, status: 'pending', submitted_by: leader.id, item_data: { name } })]);
  });

  test('defaults: type Pro, public, no disciplines', async () => {
    const team = await createTeam(await user(), {});
    expect(team).toMatchObject({ type: 'Pro', isPrivate: false, disciplines: [], description: null, location: null, foundedDate: null });
  });

  test('an admin’s team is approved at once and needs no approval', async () => {
    const a = await admin();
    const team = await createTeam(a);
    expect(team.status).toBe('approved');
    expect((await snapshot(team.id)).approvals).toEqual([]);
  });

  test('status, leader and counts in the body are ignored (mass assignment)', async () => {
    const leader = await user();
    const other = await user();
    const res = await call('POST', '/api/teams', leader, {
      name: `Sneaky ${token()}`,
      status: 'approved',
      leader_id: other.id,
      leaderId: other.id,
      leader: { id: other.id },
      memberCount: 99,
      id: MISSING_ID,
      logo_url: 'javascript:alert(1)',
      logoUrl: 'https://evil.example/x.png',
    });
    expect(res.statusCode).toBe(201);
    const team = res.json() as TeamDetail;
    expect(team.id).not.toBe(MISSING_ID);
    expect(team).toMatchObject({ status: 'pending', leader: { id: leader.id }, memberCount: 1, logoUrl: null });
    expect((await snapshot(team.id)).team).toMatchObject({ status: 'pending', leader_id: leader.id, logo_url: null });
  });

  test('signed out → 401 and nothing stored', async () => {
    const name = `Ghost ${token()}`;
    expectError(await call('POST', '/api/teams', null, { name }), 401, 'UNAUTHORIZED');
    expect(await t.app.db.selectFrom('teams').select('id').where('name', '=', name).execute()).toEqual([]);
  });

  test.each([
    [{}, 'REQUIRED', 'name'],
    [{ name: '   \u200B ' }, 'REQUIRED', 'name'],
    [{ name: 'x'.repeat(101) }, 'TOO_LONG', 'name'],
    [{ name: 'Ok', type: '' }, 'REQUIRED', 'type'],
    [{ name: 'Ok', foundedDate: '2999-01-01' }, 'INVALID_DATE', 'foundedDate'],
    [{ name: 'Ok', disciplineIds: Array.from({ length: 11 }, (_, i) => `d${i}`) }, 'TOO_MANY', 'disciplineIds'],
  ])('invalid input %j → 400 %s', async (body, code, field) => {
    const res = await call('POST', '/api/teams', await user(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
  });

  test('unknown discipline ids → 400 DISCIPLINE_NOT_FOUND and nothing stored', async () => {
    const name = `Unknown ${token()}`;
    expectError(await call('POST', '/api/teams', await user(), { name, disciplineIds: ['surfing', 'underwater-chess'] }), 400, 'DISCIPLINE_NOT_FOUND');
    expect(await t.app.db.selectFrom('teams').select('id').where('name', '=', name).execute()).toEqual([]);
  });

  test('creations are limited per user: the 11th within an hour → 429', async () => {
    const busy = await user();
    for (let i = 0; i < 10; i++) await createTeam(busy);
    const res = await call('POST', '/api/teams', busy, { name: `Eleventh ${token()}` });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    const count = await t.app.db.selectFrom('teams').select('id').where('leader_id', '=', busy.id).execute();
    expect(count).toHaveLength(10);
  });
});

describe('read one', () => {
  test('anyone reads an approved team: members leader first, no email anywhere', async () => {
    const { team, leader, member } = await approvedTeam({ disciplineIds: ['bmx'] });
    const res = await call('GET', `/api/teams/${team.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as TeamDetail;
    expect(detail).toMatchObject({ id: team.id, status: 'approved', memberCount: 2, myRole: null, myRequest: null, canManage: false });
    expect(detail.members.map((m) => [m.id, m.role])).toEqual([
      [leader.id, 'leader'],
      [member.id, 'member'],
    ]);
    noEmails(res.body, leader, member);
  });

  test('members after the leader come in the order readers expect of names, whatever the case, accents or joining order', async () => {
    const { team, leader, member } = await approvedTeam();
    await t.app.db.updateTable('profiles').set({ name: 'mia' }).where('id', '=', member.id).execute();
    for (const name of ['zoé', 'Émile', 'Bob', 'rider 10', 'rider 9']) {
      const joiner = await user(name);
      await t.app.db.insertInto('team_members').values({ team_id: team.id, user_id: joiner.id }).execute();
    }
    const detail = (await call('GET', `/api/teams/${team.id}`)).json() as TeamDetail;
    expect(detail.members.map((m) => m.name)).toEqual([leader.name, 'Bob', 'Émile', 'mia', 'rider 9', 'rider 10', 'zoé']);
    expect(detail.members[0]).toMatchObject({ id: leader.id, role: 'leader' });
    // The admin's team form lists them in the same order.
    const edited = (await call('GET', `/api/admin/teams/${team.id}`, await admin())).json() as AdminTeam;
    expect(edited.members.map((m) => m.name)).toEqual(detail.members.map((m) => m.name));
    expect(edited.memberIds).toEqual(detail.members.map((m) => m.id));
    expect(edited.members[0]).toEqual({ id: leader.id, name: leader.name, avatarUrl: null });
  });

  test("names sort in the reader's language: the language cookie, else Accept-Language, else the profile's language", async () => {
    const { team, leader, member } = await approvedTeam();
    await t.app.db.updateTable('profiles').set({ name: 'Lz' }).where('id', '=', member.id).execute();
    for (const name of ['Łaba', 'Lena']) {
      const joiner = await user(name);
      await t.app.db.insertInto('team_members').values({ team_id: team.id, user_id: joiner.id }).execute();
    }
    const names = async (reader: User | null, headers: Record<string, string> = {}) =>
      ((await call('GET', `/api/teams/${team.id}`, reader, undefined, headers)).json() as TeamDetail).members.slice(1).map((m) => m.name);
    // English sorts Ł with L; Polish after it.
    const english = ['Łaba', 'Lena', 'Lz'];
    const polish = ['Lena', 'Lz', 'Łaba'];
    expect(await names(null)).toEqual(english);
    expect(await names(null, { cookie: 'stoked-language=pl' })).toEqual(polish);
    expect(await names(null, { 'accept-language': 'fr-CH, pl;q=0.9, en;q=0.8' })).toEqual(english);
    expect(await names(null, { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' })).toEqual(polish);
    expect(await names(null, { 'accept-language': 'pl', cookie: 'stoked-language=en' }), 'the page’s language first').toEqual(english);
    await t.app.db.updateTable('profiles').set({ preferred_language: 'pl' }).where('id', '=', leader.id).execute();
    expect(await names(leader)).toEqual(polish);
    expect(await names(leader, { 'accept-language': 'de' })).toEqual(english);
    const edited = (await call('GET', `/api/admin/teams/${team.id}`, await admin(), undefined, { cookie: `${(await admin()).cookie}; stoked-language=pl` })).json() as AdminTeam;
    expect(edited.members.slice(1).map((m) => m.name)).toEqual(polish);
  });

  test('canManage and myRole follow the caller', async () => {
    const { team, leader, member } = await approvedTeam();
    const read = async (u: User | null) => (await call('GET', `/api/teams/${team.id}`, u)).json() as TeamDetail;
    expect(await read(leader)).toMatchObject({ canManage: true, myRole: 'leader' });
    expect(await read(member)).toMatchObject({ canManage: false, myRole: 'member' });
    expect(await read(await user())).toMatchObject({ canManage: false, myRole: null });
    expect(await read(await admin())).toMatchObject({ canManage: true, myRole: null });
  });

  test.each(['not-a-uuid', MISSING_ID, '1 or 1=1', '%2e%2e'])('%s → 404 TEAM_NOT_FOUND', async (id) => {
    expectError(await call('GET', `/api/teams/${encodeURIComponent(id)}`), 404, 'TEAM_NOT_FOUND');
  });

  test('a pending or rejected team: 404 for others, visible to its members and admins', async () => {
    const leader = await user();
    const team = await createTeam(leader);
    const member = await user();
    await t.app.db.insertInto('team_members').values({ team_id: team.id, user_id: member.id }).execute();
    const someone = await user();
    const a = await admin();
    for (const status of ['pending', 'rejected'] as const) {
      await t.app.db.updateTable('teams').set({ status }).where('id', '=', team.id).execute();
      expectError(await call('GET', `/api/teams/${team.id}`), 404, 'TEAM_NOT_FOUND');
      expectError(await call('GET', `/api/teams/${team.id}`, someone), 404, 'TEAM_NOT_FOUND');
      for (const u of [leader, member, a]) expect((await call('GET', `/api/teams/${team.id}`, u)).json()).toMatchObject({ status });
    }
  });
});

describe('list', () => {
  test('search by name (case-insensitive, partial), newest first, with leader, counts and disciplines', async () => {
    const word = token('Shred');
    const leader = await user();
    const first = await createTeam(leader, { name: `Alpha ${word} Crew`, disciplineIds: ['surfing', 'bmx'] });
    const second = await createTeam(leader, { name: `${word.toUpperCase()} Beta` });
    await createTeam(leader, { name: `Gamma ${token()}` });
    await Promise.all([approve(first.id), approve(second.id)]);
    await t.app.db.insertInto('team_members').values({ team_id: first.id, user_id: (await user()).id }).execute();

    const res = await call('GET', `/api/teams?q=${encodeURIComponent(word.toLowerCase().slice(1))}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as TeamList;
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 12 });
    expect(list.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(list.items[1]).toMatchObject({
      leader: { id: leader.id, name: leader.name, avatarUrl: null },
      memberCount: 2,
      myRole: null,
      myRequest: null,
      disciplines: [expect.objectContaining({ id: 'bmx' }), expect.objectContaining({ id: 'surfing' })],
    });
    noEmails(res.body, leader);
  });

  test('% and _ in the search are literal characters', async () => {
    const word = token('Lit');
    const leader = await user();
    const plain = await createTeam(leader, { name: `${word} plain` });
    const percent = await createTeam(leader, { name: `${word} 100% stoked` });
    await Promise.all([approve(plain.id), approve(percent.id)]);
    const ids = async (q: string) => ((await call('GET', `/api/teams?q=${encodeURIComponent(q)}`)).json() as TeamList).items.map((i) => i.id);
    expect(await ids(`${word} 100%`)).toEqual([percent.id]);
    expect(await ids(`${word}%plain`)).toEqual([]);
    expect(await ids(`${word}_plain`)).toEqual([]);
    expect(await ids(`${word} plain`)).toEqual([plain.id]);
  });

  test('filters: discipline, type (any case), privacy, location (partial)', async () => {
    const word = token('Filt');
    const leader = await user();
    const a = await createTeam(leader, { name: `${word} A`, type: 'Amateur', isPrivate: true, location: 'Bali, Indonesia', disciplineIds: ['surfing'] });
    const b = await createTeam(leader, { name: `${word} B`, type: 'Pro', location: 'Biarritz', disciplineIds: ['surfing', 'skateboarding'] });
    const c = await createTeam(leader, { name: `${word} C`, type: 'pro', disciplineIds: ['skateboarding'] });
    await Promise.all([a, b, c].map((x) => approve(x.id)));
    const ids = async (filters: string) =>
      ((await call('GET', `/api/teams?q=${word}&${filters}`)).json() as TeamList).items.map((i) => i.id).sort();
    expect(await ids('disciplineId=surfing')).toEqual([a.id, b.id].sort());
    expect(await ids('disciplineId=skateboarding')).toEqual([b.id, c.id].sort());
    expect(await ids('disciplineId=underwater-chess')).toEqual([]);
    expect(await ids('type=PRO')).toEqual([b.id, c.id].sort());
    expect(await ids('type=amateur')).toEqual([a.id]);
    expect(await ids('privacy=private')).toEqual([a.id]);
    expect(await ids('privacy=public')).toEqual([b.id, c.id].sort());
    expect(await ids('location=indonesia')).toEqual([a.id]);
    expect(await ids('location=IA')).toEqual([a.id, b.id].sort());
    expect(await ids('disciplineId=surfing&type=pro&privacy=public&location=biarritz')).toEqual([b.id]);
    // Even the disciplines of a filtered team are all listed, not only the matching one.
    const list = (await call('GET', `/api/teams?q=${word}&disciplineId=skateboarding`)).json() as TeamList;
    expect(list.items.find((i) => i.id === b.id)!.disciplines.map((d) => d.id)).toEqual(['skateboarding', 'surfing']);
  });

  test('pagination with total; past the end is empty with the total; limit is capped at 50', async () => {
    const word = token('Page');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const team = await createTeam(await user(), { name: `${word} ${i}` });
      await approve(team.id);
      made.unshift(team.id);
    }
    const page = async (n: number, limit = 2) => (await call('GET', `/api/teams?q=${word}&page=${n}&limit=${limit}`)).json() as TeamList;
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.pageSize)).toEqual([2, 2, 2]);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(made);
    expect(await page(4)).toEqual({ items: [], total: 5, totalCapped: false, page: 4, pageSize: 2 });
    expect((await page(1, 100_000)).pageSize).toBe(50);
    expect((await call('GET', '/api/teams?page=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/teams?privacy=secret')).statusCode).toBe(400);
  });

  test('visibility: pending and rejected teams only for their members and admins; myRole and myRequest per caller', async () => {
    const word = token('Vis');
    const leader = await user();
    const pending = await createTeam(leader, { name: `${word} pending` });
    const rejected = await createTeam(leader, { name: `${word} rejected` });
    await t.app.db.updateTable('teams').set({ status: 'rejected' }).where('id', '=', rejected.id).execute();
    const open = await createTeam(leader, { name: `${word} open`, isPrivate: true });
    await approve(open.id);
    const asker = await user();
    await t.app.db.insertInto('team_join_requests').values({ team_id: open.id, user_id: asker.id }).execute();

    const ids = async (u: User | null) => ((await call('GET', `/api/teams?q=${word}`, u)).json() as TeamList).items.map((i) => i.id).sort();
    expect(await ids(null)).toEqual([open.id]);
    expect(await ids(asker)).toEqual([open.id]);
    expect(await ids(leader)).toEqual([pending.id, rejected.id, open.id].sort());
    expect(await ids(await admin())).toEqual([pending.id, rejected.id, open.id].sort());

    const item = async (u: User | null) => ((await call('GET', `/api/teams?q=${word}`, u)).json() as TeamList).items.find((i) => i.id === open.id);
    expect(await item(asker)).toMatchObject({ myRole: null, myRequest: 'pending' });
    expect(await item(leader)).toMatchObject({ myRole: 'leader', myRequest: null });
    expect(await item(null)).toMatchObject({ myRole: null, myRequest: null });
    await t.app.db.updateTable('team_join_requests').set({ status: 'declined' }).where('team_id', '=', open.id).execute();
    expect(await item(asker)).toMatchObject({ myRequest: 'declined' });
  });
});

describe('update and delete', () => {
  test('PATCH changes only the fields sent; disciplines are diffed', async () => {
    const { team, leader } = await approvedTeam({ type: 'Amateur', isPrivate: true, location: 'Nazaré', disciplineIds: ['surfing', 'bmx'] });
    const before = await snapshot(team.id);
    // An admin's edit applies at once (a leader's waits for review: server/security/pending-revisions.test.ts).
    const editor = await admin();
    const res = await call('PATCH', `/api/teams/${team.id}`, editor, { description: 'Big waves only', disciplineIds: ['surfing', 'kitesurfing'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: team.name, type: 'Amateur', isPrivate: true, location: 'Nazaré', description: 'Big waves only' });
    const after = await snapshot(team.id);
    expect(after.disciplines.map((d) => d.discipline_id)).toEqual(['kitesurfing', 'surfing']);
    expect(after.members).toEqual(before.members);
    expect(after.team).toMatchObject({ status: 'approved', leader_id: leader.id });

    const cleared = await call('PATCH', `/api/teams/${team.id}`, editor, { location: null, disciplineIds: [] });
    expect(cleared.json()).toMatchObject({ location: null, disciplines: [], type: 'Amateur' });
  });

  test('PATCH of a pending team’s name also renames it in the approvals queue', async () => {
    const leader = await user();
    const team = await createTeam(leader);
    const name = `Renamed ${token()}`;
    expect((await call('PATCH', `/api/teams/${team.id}`, leader, { name })).statusCode).toBe(200);
    expect((await snapshot(team.id)).approvals[0]).toMatchObject({ item_data: { name } });
  });

  test('PATCH: invalid values → 400; unknown discipline → 400; status or leader in the body ignored', async () => {
    const { team, leader, member } = await approvedTeam();
    const before = await snapshot(team.id);
    expect((await call('PATCH', `/api/teams/${team.id}`, leader, { name: '' })).json()).toMatchObject({ code: 'REQUIRED' });
    expectError(await call('PATCH', `/api/teams/${team.id}`, leader, { disciplineIds: ['nope'] }), 400, 'DISCIPLINE_NOT_FOUND');
    expect(await snapshot(team.id)).toEqual(before);
    const sneaky = await call('PATCH', `/api/teams/${team.id}`, leader, { status: 'rejected', leader_id: member.id, leaderId: member.id });
    expect(sneaky.statusCode).toBe(200);
    expect((await snapshot(team.id)).team).toMatchObject({ status: 'approved', leader_id: leader.id });
  });

  test('an admin may edit and delete any team', async () => {
    const { team } = await approvedTeam();
    const a = await admin();
    expect((await call('PATCH', `/api/teams/${team.id}`, a, { name: 'Admin Named' })).json()).toMatchObject({ name: 'Admin Named', canManage: true });
    expect((await call('DELETE', `/api/teams/${team.id}`, a)).statusCode).toBe(204);
    expect((await snapshot(team.id)).team).toBeUndefined();
  });

  test('DELETE removes memberships, discipline links, join requests, the pending approval and the stored images', async () => {
    const leader = await user();
    const team = await createTeam(leader, { isPrivate: true, disciplineIds: ['surfing'] });
    await t.app.db.insertInto('team_members').values({ team_id: team.id, user_id: (await user()).id }).execute();
    await t.app.db.insertInto('team_join_requests').values({ team_id: team.id, user_id: (await user()).id }).execute();
    const logo = (await upload(`/api/teams/${team.id}/logo`, leader, fileUpload(await fixtures.png()))).json() as TeamDetail;
    const banner = (await upload(`/api/teams/${team.id}/banner`, leader, fileUpload(await fixtures.jpeg(), 'b.jpg', 'image/jpeg'))).json() as TeamDetail;
    const files = [uploadedFile(logo.logoUrl!), uploadedFile(banner.bannerUrl!)];
    expect(files.every((f) => existsSync(f))).toBe(true);
    const before = await snapshot(team.id);
    expect([before.members.length, before.disciplines.length, before.requests.length, before.approvals.length]).toEqual([2, 1, 1, 1]);

    const res = await call('DELETE', `/api/teams/${team.id}`, leader);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await snapshot(team.id)).toEqual({ team: undefined, members: [], disciplines: [], requests: [], approvals: [] });
    expect(files.map((f) => existsSync(f))).toEqual([false, false]);
    expectError(await call('GET', `/api/teams/${team.id}`, leader), 404, 'TEAM_NOT_FOUND');
    expectError(await call('DELETE', `/api/teams/${team.id}`, leader), 404, 'TEAM_NOT_FOUND');
  });
});

describe('who may do what (every refused call changes nothing)', () => {
  type World = Awaited<ReturnType<typeof world>>;
  async function world() {
    const { team, leader, member } = await approvedTeam({ isPrivate: true, disciplineIds: ['surfing'] });
    const other = await approvedTeam();
    const asker = await user(`Asker ${token()}`);
    await t.app.db.insertInto('team_join_requests').values({ team_id: team.id, user_id: asker.id }).execute();
    const [request] = await requestRows(team.id, asker.id);
    const outsider = await user(`Outsider ${token()}`);
    return { team, leader, member, otherLeader: other.leader, outsider, asker, requestId: request!.id };
  }

  const writes: [string, (w: World) => { method: InjectOptions['method']; url: string; payload?: unknown; upload?: boolean }][] = [
    ['edit', (w) => ({ method: 'PATCH', url: `/api/teams/${w.team.id}`, payload: { name: 'Hijacked', disciplineIds: [] } })],
    ['delete', (w) => ({ method: 'DELETE', url: `/api/teams/${w.team.id}` })],
    ['add a member', (w) => ({ method: 'POST', url: `/api/teams/${w.team.id}/members`, payload: { userId: w.outsider.id } })],
    ['remove a member', (w) => ({ method: 'DELETE', url: `/api/teams/${w.team.id}/members/${w.member.id}` })],
    ['transfer', (w) => ({ method: 'POST', url: `/api/teams/${w.team.id}/transfer`, payload: { userId: w.member.id } })],
    ['accept a request', (w) => ({ method: 'POST', url: `/api/teams/${w.team.id}/join-requests/${w.requestId}/accept` })],
    ['decline a request', (w) => ({ method: 'POST', url: `/api/teams/${w.team.id}/join-requests/${w.requestId}/decline` })],
    ['upload the logo', (w) => ({ method: 'PUT', url: `/api/teams/${w.team.id}/logo`, upload: true })],
    ['upload the banner', (w) => ({ method: 'PUT', url: `/api/teams/${w.team.id}/banner`, upload: true })],
    ['clear the logo', (w) => ({ method: 'DELETE', url: `/api/teams/${w.team.id}/logo` })],
    ['clear the banner', (w) => ({ method: 'DELETE', url: `/api/teams/${w.team.id}/banner` })],
    ['list join requests', (w) => ({ method: 'GET', url: `/api/teams/${w.team.id}/join-requests` })],
    ['search people to add', (w) => ({ method: 'GET', url: `/api/teams/${w.team.id}/member-search?q=Outsider` })],
  ];

  let w: World;
  let png: Buffer;
  beforeAll(async () => {
    w = await world();
    png = await fixtures.png(64, 64);
    await t.app.db.updateTable('teams').set({ logo_url: '/uploads/logos/11111111-1111-4111-8111-111111111111.webp' }).where('id', '=', w.team.id).execute();
  });

  test.each(writes)('%s: anonymous → 401, user, member, requester and another team’s leader → 403', async (_name, make) => {
    const spec = make(w);
    const before = await snapshot(w.team.id);
    const files = storedFiles();
    const cases: [User | null, number, string][] = [
      [null, 401, 'UNAUTHORIZED'],
      [w.outsider, 403, 'FORBIDDEN'],
      [w.member, 403, 'FORBIDDEN'],
      [w.asker, 403, 'FORBIDDEN'],
      [w.otherLeader, 403, 'FORBIDDEN'],
    ];
    for (const [who, status, code] of cases) {
      const res = spec.upload ? await upload(spec.url, who, fileUpload(png)) : await call(spec.method, spec.url, who, spec.payload);
      expectError(res, status, code);
    }
    expect(await snapshot(w.team.id)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  test.each(writes)('%s on a pending team of someone else → 404 (it is hidden), nothing changes', async (_name, make) => {
    const pending = await createTeam(await user());
    const spec = make({ ...w, team: pending });
    const before = await snapshot(pending.id);
    for (const who of [w.outsider, w.otherLeader]) {
      const res = spec.upload ? await upload(spec.url, who, fileUpload(png)) : await call(spec.method, spec.url, who, spec.payload);
      expectError(res, 404, 'TEAM_NOT_FOUND');
    }
    expect(await snapshot(pending.id)).toEqual(before);
  });

  test('a write from a foreign origin → 403 BAD_ORIGIN, even for the leader', async () => {
    const before = await snapshot(w.team.id);
    const res = await call('PATCH', `/api/teams/${w.team.id}`, w.leader, { name: 'Evil' }, { origin: 'https://evil.example' });
    expectError(res, 403, 'BAD_ORIGIN');
    expect(await snapshot(w.team.id)).toEqual(before);
  });
});

describe('join, request, leave', () => {
  test('joining a public team adds a member; again → 409 ALREADY_MEMBER, one row', async () => {
    const { team } = await approvedTeam();
    const rider = await user();
    const res = await call('POST', `/api/teams/${team.id}/join`, rider);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'joined' });
    expect(await memberRow(team.id, rider.id)).toMatchObject({ role: 'member' });
    expect((await call('GET', `/api/teams/${team.id}`, rider)).json()).toMatchObject({ myRole: 'member', memberCount: 3 });

    expectError(await call('POST', `/api/teams/${team.id}/join`, rider), 409, 'ALREADY_MEMBER');
    expect((await snapshot(team.id)).members.filter((m) => m.user_id === rider.id)).toHaveLength(1);
  });

  test('two simultaneous joins: one joins, the other gets 409 ALREADY_MEMBER, one row', async () => {
    const { team } = await approvedTeam();
    const rider = await user();
    const results = await Promise.all([call('POST', `/api/teams/${team.id}/join`, rider), call('POST', `/api/teams/${team.id}/join`, rider)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'ALREADY_MEMBER' });
    expect((await snapshot(team.id)).members.filter((m) => m.user_id === rider.id)).toHaveLength(1);
  });

  test('the primary key decides a race: a second insert of the same member is reported, not thrown', async () => {
    const { team, member } = await approvedTeam();
    expect(await addMember(t.app.db, team.id, member.id)).toBe('already-member');
    const rider = await user();
    const both = await Promise.all([addMember(t.app.db, team.id, rider.id), addMember(t.app.db, team.id, rider.id)]);
    expect(both.sort()).toEqual(['added', 'already-member']);
  });

  test('a private team stores a request; a second one → 409 REQUEST_PENDING; cancel removes it', async () => {
    const { team } = await approvedTeam({ isPrivate: true });
    const rider = await user();
    const res = await call('POST', `/api/teams/${team.id}/join`, rider);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'requested' });
    expect(await memberRow(team.id, rider.id)).toBeUndefined();
    expect(await requestRows(team.id, rider.id)).toEqual([expect.objectContaining({ status: 'pending', decided_at: null, decided_by: null })]);
    expect((await call('GET', `/api/teams/${team.id}`, rider)).json()).toMatchObject({ myRole: null, myRequest: 'pending' });

    expectError(await call('POST', `/api/teams/${team.id}/join`, rider), 409, 'REQUEST_PENDING');
    const twice = await Promise.all([call('POST', `/api/teams/${team.id}/join`, rider), call('POST', `/api/teams/${team.id}/join`, rider)]);
    expect(twice.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await requestRows(team.id, rider.id)).toHaveLength(1);

    expect((await call('DELETE', `/api/teams/${team.id}/join-request`, rider)).statusCode).toBe(204);
    expect(await requestRows(team.id, rider.id)).toEqual([]);
    expectError(await call('DELETE', `/api/teams/${team.id}/join-request`, rider), 404, 'NOT_FOUND');
  });

  test('two simultaneous requests to a private team: one request row', async () => {
    const { team } = await approvedTeam({ isPrivate: true });
    const rider = await user();
    const results = await Promise.all([call('POST', `/api/teams/${team.id}/join`, rider), call('POST', `/api/teams/${team.id}/join`, rider)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'REQUEST_PENDING' });
    expect(await requestRows(team.id, rider.id)).toHaveLength(1);
  });

  test('a member of a private team asking to join → 409 ALREADY_MEMBER, no request', async () => {
    const { team, member } = await approvedTeam({ isPrivate: true });
    expectError(await call('POST', `/api/teams/${team.id}/join`, member), 409, 'ALREADY_MEMBER');
    expect(await requestRows(team.id)).toEqual([]);
  });

  test('signed out → 401; a pending team, a rejected one or a missing one → 404; nothing stored', async () => {
    const { team } = await approvedTeam();
    const before = await snapshot(team.id);
    expectError(await call('POST', `/api/teams/${team.id}/join`), 401, 'UNAUTHORIZED');
    expect(await snapshot(team.id)).toEqual(before);

    const rider = await user();
    const pending = await createTeam(await user());
    expectError(await call('POST', `/api/teams/${pending.id}/join`, rider), 404, 'TEAM_NOT_FOUND');
    await t.app.db.updateTable('teams').set({ status: 'rejected' }).where('id', '=', pending.id).execute();
    expectError(await call('POST', `/api/teams/${pending.id}/join`, rider), 404, 'TEAM_NOT_FOUND');
    expect(await memberRow(pending.id, rider.id)).toBeUndefined();
    expectError(await call('POST', `/api/teams/${MISSING_ID}/join`, rider), 404, 'TEAM_NOT_FOUND');
    expectError(await call('POST', '/api/teams/nope/join', rider), 404, 'TEAM_NOT_FOUND');
  });

  test('leave: a member leaves; the leader → 409 LEADER_MUST_TRANSFER; a non-member → 404 NOT_A_MEMBER', async () => {
    const { team, leader, member } = await approvedTeam();
    const res = await call('DELETE', `/api/teams/${team.id}/membership`, member);
    expect(res.statusCode).toBe(204);
    expect(await memberRow(team.id, member.id)).toBeUndefined();
    expectError(await call('DELETE', `/api/teams/${team.id}/membership`, member), 404, 'NOT_A_MEMBER');

    const before = await snapshot(team.id);
    expectError(await call('DELETE', `/api/teams/${team.id}/membership`, leader), 409, 'LEADER_MUST_TRANSFER');
    expectError(await call('DELETE', `/api/teams/${team.id}/membership`), 401, 'UNAUTHORIZED');
    expect(await snapshot(team.id)).toEqual(before);
  });
});

describe('join requests', () => {
  async function privateTeamWithRequests(n: number) {
    const { team, leader, member } = await approvedTeam({ isPrivate: true });
    const askers: User[] = [];
    for (let i = 0; i < n; i++) {
      const asker = await user();
      expect((await call('POST', `/api/teams/${team.id}/join`, asker)).json()).toEqual({ status: 'requested' });
      askers.push(asker);
    }
    const list = (await call('GET', `/api/teams/${team.id}/join-requests`, leader)).json() as JoinRequest[];
    return { team, leader, member, askers, list };
  }

  test('the leader lists pending requests oldest first, without emails', async () => {
    const { team, leader, askers, list } = await privateTeamWithRequests(3);
    expect(list.map((r) => r.user.id)).toEqual(askers.map((a) => a.id));
    expect(list[0]).toEqual({ id: expect.any(String), status: 'pending', createdAt: expect.any(String), user: { id: askers[0]!.id, name: askers[0]!.name, avatarUrl: null } });
    const res = await call('GET', `/api/teams/${team.id}/join-requests`, leader);
    noEmails(res.body, ...askers);
    expect((await call('GET', `/api/teams/${team.id}/join-requests`, await admin())).json()).toHaveLength(3);
  });

  test('accept adds the member; decline does not; deciding again → 409 CONFLICT', async () => {
    const { team, leader, askers, list } = await privateTeamWithRequests(2);
    const accepted = await call('POST', `/api/teams/${team.id}/join-requests/${list[0]!.id}/accept`, leader);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: list[0]!.id, status: 'accepted', user: { id: askers[0]!.id } });
    expect(await memberRow(team.id, askers[0]!.id)).toMatchObject({ role: 'member' });
    expect(await requestRows(team.id, askers[0]!.id)).toEqual([expect.objectContaining({ status: 'accepted', decided_by: leader.id, decided_at: expect.any(Date) })]);

    const declined = await call('POST', `/api/teams/${team.id}/join-requests/${list[1]!.id}/decline`, leader);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(await memberRow(team.id, askers[1]!.id)).toBeUndefined();
    expect((await call('GET', `/api/teams/${team.id}`, askers[1])).json()).toMatchObject({ myRequest: 'declined' });

    const before = await snapshot(team.id);
    expectError(await call('POST', `/api/teams/${team.id}/join-requests/${list[0]!.id}/decline`, leader), 409, 'CONFLICT');
    expectError(await call('POST', `/api/teams/${team.id}/join-requests/${list[1]!.id}/accept`, leader), 409, 'CONFLICT');
    expect(await snapshot(team.id)).toEqual(before);
    expect((await call('GET', `/api/teams/${team.id}/join-requests`, leader)).json()).toEqual([]);

    // After a decline one may ask again.
    expect((await call('POST', `/api/teams/${team.id}/join`, askers[1])).json()).toEqual({ status: 'requested' });
  });

  test('accept and decline at once: exactly one state change', async () => {
    const { team, leader, askers, list } = await privateTeamWithRequests(1);
    const a = await admin();
    const results = await Promise.all([
      call('POST', `/api/teams/${team.id}/join-requests/${list[0]!.id}/accept`, leader),
      call('POST', `/api/teams/${team.id}/join-requests/${list[0]!.id}/decline`, a),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await requestRows(team.id, askers[0]!.id);
    const winner = results.find((r) => r.statusCode === 200)!.json() as JoinRequest;
    expect(row!.status).toBe(winner.status);
    expect(!!(await memberRow(team.id, askers[0]!.id))).toBe(winner.status === 'accepted');
  });

  test('a request id of another team, a missing one or a malformed one → 404', async () => {
    const { team, leader } = await privateTeamWithRequests(0);
    const other = await privateTeamWithRequests(1);
    const before = await snapshot(other.team.id);
    expectError(await call('POST', `/api/teams/${team.id}/join-requests/${other.list[0]!.id}/accept`, leader), 404, 'NOT_FOUND');
    expectError(await call('POST', `/api/teams/${team.id}/join-requests/${MISSING_ID}/accept`, leader), 404, 'NOT_FOUND');
    expectError(await call('POST', `/api/teams/${team.id}/join-requests/nope/decline`, leader), 404, 'NOT_FOUND');
    expect(await snapshot(other.team.id)).toEqual(before);
  });
});

describe('managing members', () => {
  test('member search: 3 characters at least, partial and case-insensitive, 5 at most, no members, only verified and not banned', async () => {
    const word = token('Zork');
    const { team, leader, member } = await approvedTeam();
    await t.app.db.updateTable('profiles').set({ name: `${word} Member` }).where('id', '=', member.id).execute();
    const people: User[] = [];
    for (let i = 0; i < 6; i++) people.push(await user(`${i} ${word.toUpperCase()} Person`));
    await t.app.db
      .insertInto('profiles')
      .values({ id: `unverified-${word}`, name: `${word} Unverified`, email: uniqueEmail('unverified'), email_verified: false })
      .execute();
    const banned = await user(`${word} Banned`);
    await t.app.db.updateTable('profiles').set({ banned: true }).where('id', '=', banned.id).execute();

    const search = async (q: string) => {
      const res = await call('GET', `/api/teams/${team.id}/member-search?q=${encodeURIComponent(q)}`, leader);
      expect(res.statusCode).toBe(200);
      noEmails(res.body, ...people);
      return res.json() as Person[];
    };
    const found = await search(word.toLowerCase());
    expect(found).toHaveLength(5);
    expect(found.map((p) => p.id)).toEqual(people.slice(0, 5).map((p) => p.id));
    expect(found[0]).toEqual({ id: people[0]!.id, name: people[0]!.name, avatarUrl: null });
    expect(await search('ab')).toEqual([]);
    expect(await search('  ab  ')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
    expect((await search(`5 ${word}`)).map((p) => p.id)).toEqual([people[5]!.id]);
    expect(await search(`${word} Member`)).toEqual([]);
    expect(await search(`${word} Unverified`)).toEqual([]);
    expect(await search(`${word} Banned`)).toEqual([]);
  });

  test('add a member invites them (pending until they accept), again → 409; a member → 409; an unknown user → 404 USER_NOT_FOUND', async () => {
    const { team, leader, member } = await approvedTeam();
    const rider = await user();
    const res = await call('POST', `/api/teams/${team.id}/members`, leader, { userId: rider.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([{ user: { id: rider.id, name: rider.name, avatarUrl: null }, createdAt: expect.any(String) }]);
    noEmails(res.body, rider, leader);

    expectError(await call('POST', `/api/teams/${team.id}/members`, leader, { userId: rider.id }), 409, 'INVITATION_PENDING');
    expectError(await call('POST', `/api/teams/${team.id}/members`, leader, { userId: member.id }), 409, 'ALREADY_MEMBER');
    expectError(await call('POST', `/api/teams/${team.id}/members`, leader, { userId: 'no-such-user' }), 404, 'USER_NOT_FOUND');
    expect((await call('POST', `/api/teams/${team.id}/members`, leader, {})).statusCode).toBe(400);
    expect((await snapshot(team.id)).members).toHaveLength(2);
    expect(await call('GET', `/api/teams/${team.id}/member-search?q=${encodeURIComponent(rider.name)}`, leader).then((r) => r.json())).toEqual([]);
  });

  test('an invited person who had asked to join: accepting settles their request', async () => {
    const { team, leader } = await approvedTeam({ isPrivate: true });
    const rider = await user();
    await call('POST', `/api/teams/${team.id}/join`, rider);
    expect((await call('POST', `/api/teams/${team.id}/members`, await admin(), { userId: rider.id })).statusCode).toBe(201);
    expect((await call('POST', `/api/teams/${team.id}/invitation/accept`, rider)).json()).toEqual({ status: 'joined' });
    expect((await call('GET', `/api/teams/${team.id}/join-requests`, leader)).json()).toEqual([]);
  });

  test('remove a member; the leader → 409 LEADER_MUST_TRANSFER; a non-member → 404 NOT_A_MEMBER', async () => {
    const { team, leader, member } = await approvedTeam();
    const res = await call('DELETE', `/api/teams/${team.id}/members/${member.id}`, leader);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TeamDetail).members.map((m) => m.id)).toEqual([leader.id]);
    expectError(await call('DELETE', `/api/teams/${team.id}/members/${member.id}`, leader), 404, 'NOT_A_MEMBER');
    expectError(await call('DELETE', `/api/teams/${team.id}/members/${leader.id}`, leader), 409, 'LEADER_MUST_TRANSFER');
    expectError(await call('DELETE', `/api/teams/${team.id}/members/${leader.id}`, await admin()), 409, 'LEADER_MUST_TRANSFER');
    expect(await memberRow(team.id, leader.id)).toMatchObject({ role: 'leader' });
  });

  test('transfer: to a member swaps the roles in one go; the old leader can no longer manage', async () => {
    const { team, leader, member } = await approvedTeam();
    const res = await call('POST', `/api/teams/${team.id}/transfer`, leader, { userId: member.id });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as TeamDetail;
    expect(detail).toMatchObject({ leader: { id: member.id }, canManage: false, myRole: 'member' });
    expect(detail.members.map((m) => [m.id, m.role])).toEqual([
      [member.id, 'leader'],
      [leader.id, 'member'],
    ]);
    const s = await snapshot(team.id);
    expect(s.team!.leader_id).toBe(member.id);
    expect(s.members.filter((m) => m.role === 'leader').map((m) => m.user_id)).toEqual([member.id]);

    expectError(await call('PATCH', `/api/teams/${team.id}`, leader, { name: 'Old boss' }), 403, 'FORBIDDEN');
    expect((await call('PATCH', `/api/teams/${team.id}`, member, { name: 'New boss' })).statusCode).toBe(200);
    // The old leader is an ordinary member now and may leave.
    expect((await call('DELETE', `/api/teams/${team.id}/membership`, leader)).statusCode).toBe(204);
  });

  test('transfer to a non-member → 409 NOT_A_MEMBER and nothing changes; an admin may transfer', async () => {
    const { team, leader, member } = await approvedTeam();
    const before = await snapshot(team.id);
    expectError(await call('POST', `/api/teams/${team.id}/transfer`, leader, { userId: (await user()).id }), 409, 'NOT_A_MEMBER');
    expectError(await call('POST', `/api/teams/${team.id}/transfer`, leader, { userId: 'nobody' }), 409, 'NOT_A_MEMBER');
    expect(await snapshot(team.id)).toEqual(before);
    expect((await call('POST', `/api/teams/${team.id}/transfer`, await admin(), { userId: member.id })).json()).toMatchObject({ leader: { id: member.id } });
  });
});

describe('logo and banner uploads', () => {
  /** A team nobody approved yet: its leader's images apply at once (on an approved team they wait for review). */
  async function teamBeingSetUp() {
    const leader = await user();
    return { team: await createTeam(leader), leader };
  }

  test('a PNG named .jpg is judged by its bytes and stored as WebP under a server-made name; served with nosniff', async () => {
    const { team, leader } = await teamBeingSetUp();
    const res = await upload(`/api/teams/${team.id}/logo`, leader, fileUpload(await fixtures.png(900, 500), '../../evil name.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as TeamDetail;
    expect(detail.logoUrl).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.webp$/);
    expect(detail.logoUrl).not.toContain('evil');
    expect((await snapshot(team.id)).team!.logo_url).toBe(detail.logoUrl);

    const served = await call('GET', detail.logoUrl!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  test('the banner keeps its ratio within 1600 wide; replacing it deletes the old file; DELETE clears it and its file', async () => {
    const { team, leader } = await teamBeingSetUp();
    const first = (await upload(`/api/teams/${team.id}/banner`, leader, fileUpload(await fixtures.jpeg(2000, 500), 'b.jpg', 'image/jpeg'))).json() as TeamDetail;
    const firstFile = uploadedFile(first.bannerUrl!);
    expect(await sharp(firstFile).metadata()).toMatchObject({ width: 1600, height: 400 });

    const second = (await upload(`/api/teams/${team.id}/banner`, leader, fileUpload(await fixtures.webp(), 'b.webp', 'image/webp'))).json() as TeamDetail;
    expect(second.bannerUrl).not.toBe(first.bannerUrl);
    expect(existsSync(firstFile)).toBe(false);
    const secondFile = uploadedFile(second.bannerUrl!);
    expect(existsSync(secondFile)).toBe(true);

    const cleared = await call('DELETE', `/api/teams/${team.id}/banner`, leader);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ bannerUrl: null });
    expect(existsSync(secondFile)).toBe(false);
    expect((await call('GET', second.bannerUrl!)).statusCode).toBe(404);
  });

  test('an admin may upload', async () => {
    const { team } = await approvedTeam();
    const res = await upload(`/api/teams/${team.id}/logo`, await admin(), fileUpload(await fixtures.gif(), 'a.gif', 'image/gif'));
    expect(res.statusCode).toBe(200);
  });

  describe('refusals (nothing stored, the team unchanged)', () => {
    let team: TeamDetail;
    let leader: User;
    beforeAll(async () => {
      ({ team, leader } = await approvedTeam());
    });

    async function refused(body: { payload: Buffer; headers: Record<string, string> }, status: number, code: string) {
      const before = await snapshot(team.id);
      const files = storedFiles();
      const started = performance.now();
      const res = await upload(`/api/teams/${team.id}/logo`, leader, body);
      expectError(res, status, code);
      expect(await snapshot(team.id)).toEqual(before);
      expect(storedFiles()).toEqual(files);
      return performance.now() - started;
    }

    test('SVG sent as image/png → 400 INVALID_IMAGE', async () => {
      await refused(fileUpload(fixtures.svg, 'logo.png', 'image/png'), 400, 'INVALID_IMAGE');
    });

    test('HTML sent as image/png → 400 INVALID_IMAGE', async () => {
      await refused(fileUpload(fixtures.html, 'logo.png', 'image/png'), 400, 'INVALID_IMAGE');
    });

    test('a truncated JPEG → 400 INVALID_IMAGE, not 500', async () => {
      await refused(fileUpload(await fixtures.truncatedJpeg(), 'photo.jpg', 'image/jpeg'), 400, 'INVALID_IMAGE');
    });

    test('a small PNG declaring 17000×17000 pixels → 400 quickly', async () => {
      const ms = await refused(fileUpload(fixtures.pngDeclaring(17000, 17000)), 400, 'INVALID_IMAGE');
      expect(ms).toBeLessThan(2000);
    });

    test('over 8 MiB → 413 FILE_TOO_LARGE (refused from its declared length)', async () => {
      await refused(fileUpload(Buffer.alloc(8 * 1024 * 1024 + 1, 1)), 413, 'FILE_TOO_LARGE');
    });

    test('over 8 MiB without a declared length → 413 FILE_TOO_LARGE (the stream is cut at the limit)', async () => {
      const body = fileUpload(Buffer.concat([await fixtures.png(), Buffer.alloc(9 * 1024 * 1024)]));
      const before = await snapshot(team.id);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/teams/${team.id}/logo`,
        headers: { origin: ORIGIN, cookie: leader.cookie, ...body.headers },
        payload: Readable.from([body.payload.subarray(0, 1024 * 1024), body.payload.subarray(1024 * 1024)]),
      });
      expectError(res, 413, 'FILE_TOO_LARGE');
      expect(await snapshot(team.id)).toEqual(before);
    });

    test('two files → 400 TOO_MANY_FILES', async () => {
      const image = await fixtures.png(64, 64);
      await refused(
        multipartBody([
          { filename: 'a.png', type: 'image/png', data: image },
          { filename: 'b.png', type: 'image/png', data: image },
        ]),
        400,
        'TOO_MANY_FILES',
      );
    });

    test('no file → 400 REQUIRED; a JSON body → 415', async () => {
      await refused(multipartBody([{ field: 'note', data: 'hello' }]), 400, 'REQUIRED');
      const before = await snapshot(team.id);
      const res = await call('PUT', `/api/teams/${team.id}/logo`, leader, { file: 'data:image/png;base64,AAAA' });
      expect(res.statusCode).toBe(415);
      expect(await snapshot(team.id)).toEqual(before);
    });
  });

  test('a JPEG with EXIF GPS comes out without EXIF', async () => {
    const { team, leader } = await teamBeingSetUp();
    const res = await upload(`/api/teams/${team.id}/banner`, leader, fileUpload(await fixtures.jpegWithGps(), 'gps.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const served = await call('GET', (res.json() as TeamDetail).bannerUrl!);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('StokedCam');
  });

  test('uploads paths that are not ours → 404', async () => {
    for (const url of ['/uploads/logos/..%2f..%2fauth-secret', '/uploads/logos/auth-secret', '/uploads/logos/11111111-1111-4111-8111-111111111111.webp.html', '/uploads/secret/11111111-1111-4111-8111-111111111111.webp', '/uploads/logos/11111111-1111-4111-8111-111111111111.webp']) {
      expect((await call('GET', url)).statusCode, url).toBe(404);
    }
  });
});
