import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TeamDetail } from '../../../common/teams.ts';
import * as fixtures from '../../test/image-fixtures.ts';
import { fileUpload } from '../../test/multipart.ts';
import { expectError, MISSING_ID, noEmails, teamsTestKit } from './teams-test-kit.ts';

/** Creating, editing and deleting a team. */

const kit = teamsTestKit();
const { token, call, upload, user, admin, createTeam, approvedTeam, snapshot, uploadedFile } = kit;

beforeAll(() => kit.start());
afterAll(() => kit.stop());

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
    expect(team.disciplines[0]).toEqual({
      id: 'kitesurfing',
      name: 'Kitesurfing',
      names: expect.objectContaining({ en: 'Kitesurfing' }),
      icon: expect.any(String),
    });
    expect(new Date(team.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    noEmails(res.body, leader);

    const s = await snapshot(team.id);
    expect(s.team).toMatchObject({ leader_id: leader.id, status: 'pending' });
    expect(s.members).toEqual([expect.objectContaining({ user_id: leader.id, role: 'leader' })]);
    expect(s.approvals).toEqual([
      expect.objectContaining({ item_type: 'team', item_id: team.id, status: 'pending', submitted_by: leader.id, item_data: { name } }),
    ]);
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
    expect(await kit.db.selectFrom('teams').select('id').where('name', '=', name).execute()).toEqual([]);
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
    expect(await kit.db.selectFrom('teams').select('id').where('name', '=', name).execute()).toEqual([]);
  });

  test('creations are limited per user: the 11th within an hour → 429', async () => {
    const busy = await user();
    for (let i = 0; i < 10; i++) await createTeam(busy);
    const res = await call('POST', '/api/teams', busy, { name: `Eleventh ${token()}` });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    const count = await kit.db.selectFrom('teams').select('id').where('leader_id', '=', busy.id).execute();
    expect(count).toHaveLength(10);
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
    await kit.db
      .insertInto('team_members')
      .values({ team_id: team.id, user_id: (await user()).id })
      .execute();
    await kit.db
      .insertInto('team_join_requests')
      .values({ team_id: team.id, user_id: (await user()).id })
      .execute();
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
