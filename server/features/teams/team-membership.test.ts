import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Person, TeamDetail } from '../../../common/teams.ts';
import { uniqueEmail } from '../../test/test-app.ts';
import { addMember } from './team-membership.db.ts';
import { expectError, MISSING_ID, noEmails, teamsTestKit, type User } from './teams-test-kit.ts';

/** Who is in a team: joining, requesting, leaving; the leader’s search, invitations, removals and transfers. */

const kit = teamsTestKit();
const { token, call, user, admin, createTeam, approvedTeam, snapshot, memberRow, requestRows } = kit;

beforeAll(() => kit.start());
afterAll(() => kit.stop());

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
    expect(await addMember(kit.db, team.id, member.id)).toBe('already-member');
    const rider = await user();
    const both = await Promise.all([addMember(kit.db, team.id, rider.id), addMember(kit.db, team.id, rider.id)]);
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
    await kit.db.updateTable('teams').set({ status: 'rejected' }).where('id', '=', pending.id).execute();
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

describe('managing members', () => {
  test('member search: 3 characters at least, partial and case-insensitive, 5 at most, no members, only verified and not banned', async () => {
    const word = token('Zork');
    const { team, leader, member } = await approvedTeam();
    await kit.db
      .updateTable('profiles')
      .set({ name: `${word} Member` })
      .where('id', '=', member.id)
      .execute();
    const people: User[] = [];
    for (let i = 0; i < 6; i++) people.push(await user(`${i} ${word.toUpperCase()} Person`));
    await kit.db
      .insertInto('profiles')
      .values({ id: `unverified-${word}`, name: `${word} Unverified`, email: uniqueEmail('unverified'), email_verified: false })
      .execute();
    const banned = await user(`${word} Banned`);
    await kit.db.updateTable('profiles').set({ banned: true }).where('id', '=', banned.id).execute();

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
