import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { JoinRequest } from '../../../common/teams.ts';
import { expectError, MISSING_ID, noEmails, teamsTestKit, type User } from './teams-test-kit.ts';

/** Requests to join a private team and the leader’s answers. */

const kit = teamsTestKit();
const { call, user, admin, approvedTeam, snapshot, memberRow, requestRows } = kit;

beforeAll(() => kit.start());
afterAll(() => kit.stop());

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
    expect(list[0]).toEqual({
      id: expect.any(String),
      status: 'pending',
      createdAt: expect.any(String),
      user: { id: askers[0]!.id, name: askers[0]!.name, avatarUrl: null },
    });
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
    expect(await requestRows(team.id, askers[0]!.id)).toEqual([
      expect.objectContaining({ status: 'accepted', decided_by: leader.id, decided_at: expect.any(Date) }),
    ]);

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
