import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdminTeam, TeamDetail, TeamList } from '../../../common/teams.ts';
import { expectError, MISSING_ID, noEmails, teamsTestKit, type User } from './teams-test-kit.ts';

/** The teams as people read them: one team, and the list with its search, filters, pages and visibility. */

const kit = teamsTestKit();
const { token, call, user, admin, createTeam, approve, approvedTeam } = kit;

beforeAll(() => kit.start());
afterAll(() => kit.stop());

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
    await kit.db.updateTable('profiles').set({ name: 'mia' }).where('id', '=', member.id).execute();
    for (const name of ['zoé', 'Émile', 'Bob', 'rider 10', 'rider 9']) {
      const joiner = await user(name);
      await kit.db.insertInto('team_members').values({ team_id: team.id, user_id: joiner.id }).execute();
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
    await kit.db.updateTable('profiles').set({ name: 'Lz' }).where('id', '=', member.id).execute();
    for (const name of ['Łaba', 'Lena']) {
      const joiner = await user(name);
      await kit.db.insertInto('team_members').values({ team_id: team.id, user_id: joiner.id }).execute();
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
    await kit.db.updateTable('profiles').set({ preferred_language: 'pl' }).where('id', '=', leader.id).execute();
    expect(await names(leader)).toEqual(polish);
    expect(await names(leader, { 'accept-language': 'de' })).toEqual(english);
    const edited = (
      await call('GET', `/api/admin/teams/${team.id}`, await admin(), undefined, { cookie: `${(await admin()).cookie}; stoked-language=pl` })
    ).json() as AdminTeam;
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
    await kit.db.insertInto('team_members').values({ team_id: team.id, user_id: member.id }).execute();
    const someone = await user();
    const a = await admin();
    for (const status of ['pending', 'rejected'] as const) {
      await kit.db.updateTable('teams').set({ status }).where('id', '=', team.id).execute();
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
    await kit.db
      .insertInto('team_members')
      .values({ team_id: first.id, user_id: (await user()).id })
      .execute();

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
    const ids = async (filters: string) => ((await call('GET', `/api/teams?q=${word}&${filters}`)).json() as TeamList).items.map((i) => i.id).sort();
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
    await kit.db.updateTable('teams').set({ status: 'rejected' }).where('id', '=', rejected.id).execute();
    const open = await createTeam(leader, { name: `${word} open`, isPrivate: true });
    await approve(open.id);
    const asker = await user();
    await kit.db.insertInto('team_join_requests').values({ team_id: open.id, user_id: asker.id }).execute();

    const ids = async (u: User | null) => ((await call('GET', `/api/teams?q=${word}`, u)).json() as TeamList).items.map((i) => i.id).sort();
    expect(await ids(null)).toEqual([open.id]);
    expect(await ids(asker)).toEqual([open.id]);
    expect(await ids(leader)).toEqual([pending.id, rejected.id, open.id].sort());
    expect(await ids(await admin())).toEqual([pending.id, rejected.id, open.id].sort());

    const item = async (u: User | null) => ((await call('GET', `/api/teams?q=${word}`, u)).json() as TeamList).items.find((i) => i.id === open.id);
    expect(await item(asker)).toMatchObject({ myRole: null, myRequest: 'pending' });
    expect(await item(leader)).toMatchObject({ myRole: 'leader', myRequest: null });
    expect(await item(null)).toMatchObject({ myRole: null, myRequest: null });
    await kit.db.updateTable('team_join_requests').set({ status: 'declined' }).where('team_id', '=', open.id).execute();
    expect(await item(asker)).toMatchObject({ myRequest: 'declined' });
  });
});
