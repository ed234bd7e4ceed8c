import { describe, expect, test } from 'vitest';
import type { Notification, NotificationPage } from '../../common/notifications.ts';
import type { PublicProfile } from '../../common/profiles.ts';
import type { TeamDetail, TeamInvitation } from '../../common/teams.ts';
import { communityTestKit, type User } from '../test/community-kit.ts';
import { expectError } from '../test/content-kit.ts';

// Checklist line 38 and issue 16 items 6 and 10: nobody joins a team without consent, a block stops
// invitations, comments, likes, ratings, RSVPs and join requests both ways, and a private team's
// members are known only to its members and admins.

const { t, call, label, user, admin, team, place, event } = communityTestKit();

async function block(blocker: User, blocked: User) {
  expect((await call('PUT', `/api/profiles/${blocked.id}/block`, blocker)).statusCode).toBe(204);
}

async function isMember(teamId: string, userId: string) {
  return !!(await t.app.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst());
}

async function notifications(who: User): Promise<Notification[]> {
  return ((await call('GET', '/api/notifications', who)).json() as NotificationPage).items;
}

async function invitations(teamId: string, who: User): Promise<TeamInvitation[]> {
  const res = await call('GET', `/api/teams/${teamId}/invitations`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TeamInvitation[];
}

async function profileTeams(of: User, viewer: User | null) {
  return ((await call('GET', `/api/profiles/${of.id}`, viewer)).json() as PublicProfile).teams.map((x) => x.id);
}

describe('adding a person is an invitation', () => {
  test('the leader adds a rider: not a member, an invitation pending, and the rider is told', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader);
    const res = await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(await isMember(crew.id, rider.id)).toBe(false);
    expect((await invitations(crew.id, leader)).map((i) => i.user.id)).toEqual([rider.id]);
    expect(await profileTeams(rider, null)).toEqual([]);
    const told = (await notifications(rider)).find((n) => n.type === 'team_invite');
    expect(told).toMatchObject({ actor: { id: leader.id }, subjectType: 'team', subjectId: crew.id, data: { teamName: crew.name } });
    expect(((await call('GET', `/api/teams/${crew.id}`, rider)).json() as TeamDetail).invited).toBe(true);
    expectError(await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id }), 409, 'INVITATION_PENDING');
  });

  test('accepting makes a member, shown on the profile; the invitation is gone', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader);
    await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id });
    const res = await call('POST', `/api/teams/${crew.id}/invitation/accept`, rider);
    expect(res.json()).toEqual({ status: 'joined' });
    expect(await isMember(crew.id, rider.id)).toBe(true);
    expect(await profileTeams(rider, null)).toEqual([crew.id]);
    expect(await invitations(crew.id, leader)).toEqual([]);
    expectError(await call('POST', `/api/teams/${crew.id}/invitation/accept`, rider), 404, 'INVITATION_NOT_FOUND');
  });

  test('declining leaves them out and the leader no longer sees it pending', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader);
    await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id });
    expect((await call('POST', `/api/teams/${crew.id}/invitation/decline`, rider)).json()).toEqual({ status: 'declined' });
    expect(await isMember(crew.id, rider.id)).toBe(false);
    expect(await invitations(crew.id, leader)).toEqual([]);
  });

  test('the leader can cancel a pending invitation; nobody else can answer it', async () => {
    const leader = await user();
    const rider = await user();
    const other = await user();
    const crew = await team(leader);
    await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id });
    expectError(await call('POST', `/api/teams/${crew.id}/invitation/accept`, other), 404, 'INVITATION_NOT_FOUND');
    expect((await call('GET', `/api/teams/${crew.id}/invitations`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/teams/${crew.id}/invitations/${rider.id}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/teams/${crew.id}/invitations/${rider.id}`, leader)).statusCode).toBe(204);
    expectError(await call('POST', `/api/teams/${crew.id}/invitation/accept`, rider), 404, 'INVITATION_NOT_FOUND');
    expect(await isMember(crew.id, rider.id)).toBe(false);
  });

  test("an admin's team form invites the new members too", async () => {
    const boss = await admin();
    const leader = await user();
    const rider = await user();
    const res = await call('POST', '/api/admin/teams', boss, { name: label('Crew'), type: 'Pro', leaderId: leader.id, memberIds: [rider.id] });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    expect(await isMember(id, leader.id)).toBe(true);
    expect(await isMember(id, rider.id)).toBe(false);
    expect((await invitations(id, leader)).map((i) => i.user.id)).toEqual([rider.id]);
    expect((await notifications(rider)).some((n) => n.type === 'team_invite' && n.subjectId === id)).toBe(true);
  });

  test('someone who blocked the leader (or whom the leader blocked) cannot be invited', async () => {
    const leader = await user();
    const blocker = await user();
    const blocked = await user();
    const crew = await team(leader);
    await block(blocker, leader);
    await block(leader, blocked);
    for (const rider of [blocker, blocked]) {
      expectError(await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id }), 403, 'BLOCKED');
      expectError(await call('POST', `/api/teams/${crew.id}/members`, await admin(), { userId: rider.id }), 403, 'BLOCKED');
    }
    expectError(
      await call('PUT', `/api/admin/teams/${crew.id}`, await admin(), { name: crew.name, type: 'Pro', leaderId: leader.id, memberIds: [blocker.id] }),
      403,
      'BLOCKED',
    );
    expect(await invitations(crew.id, leader)).toEqual([]);
    expect(await notifications(blocker)).toEqual([]);
  });
});

describe('a block stops reactions, RSVPs and join requests both ways', () => {
  async function approvedContent(author: User) {
    return { placeId: await place(author), eventId: await event(author) };
  }

  for (const direction of ['the author blocked the rider', 'the rider blocked the author'] as const) {
    test(`${direction}: no comment, like, rating, RSVP, join or join request`, async () => {
      const author = await user();
      const rider = await user();
      const { placeId, eventId } = await approvedContent(author);
      const publicCrew = await team(author);
      const privateCrew = await team(author, true);
      if (direction === 'the author blocked the rider') await block(author, rider);
      else await block(rider, author);

      expectError(await call('POST', `/api/content/place/${placeId}/comments`, rider, { body: 'Nice spot' }), 403, 'BLOCKED');
      expectError(await call('PUT', `/api/content/place/${placeId}/like`, rider), 403, 'BLOCKED');
      expectError(await call('PUT', `/api/content/place/${placeId}/rating`, rider, { score: 5 }), 403, 'BLOCKED');
      expectError(await call('PUT', `/api/events/${eventId}/rsvp`, rider), 403, 'BLOCKED');
      expectError(await call('POST', `/api/teams/${publicCrew.id}/join`, rider), 403, 'BLOCKED');
      expectError(await call('POST', `/api/teams/${privateCrew.id}/join`, rider), 403, 'BLOCKED');

      const db = t.app.db;
      expect(await db.selectFrom('comments').select('id').where('item_id', '=', placeId).execute()).toEqual([]);
      expect(await db.selectFrom('likes').select('user_id').where('item_id', '=', placeId).execute()).toEqual([]);
      expect(await db.selectFrom('ratings').select('user_id').where('item_id', '=', placeId).execute()).toEqual([]);
      expect(await db.selectFrom('event_attendees').select('user_id').where('event_id', '=', eventId).execute()).toEqual([]);
      expect(await isMember(publicCrew.id, rider.id)).toBe(false);
      expect(await db.selectFrom('team_join_requests').select('id').where('team_id', '=', privateCrew.id).execute()).toEqual([]);
    });
  }

  test('without a block the same calls go through', async () => {
    const author = await user();
    const rider = await user();
    const { placeId, eventId } = await approvedContent(author);
    expect((await call('POST', `/api/content/place/${placeId}/comments`, rider, { body: 'Nice spot' })).statusCode).toBe(201);
    expect((await call('PUT', `/api/content/place/${placeId}/like`, rider)).statusCode).toBe(200);
    expect((await call('PUT', `/api/content/place/${placeId}/rating`, rider, { score: 5 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/events/${eventId}/rsvp`, rider)).statusCode).toBe(200);
  });

  test('a block set after a join request stops the leader from accepting it; declining still works', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader, true);
    expect((await call('POST', `/api/teams/${crew.id}/join`, rider)).json()).toEqual({ status: 'requested' });
    const [request] = (await call('GET', `/api/teams/${crew.id}/join-requests`, leader)).json() as { id: string }[];
    await block(rider, leader);
    expectError(await call('POST', `/api/teams/${crew.id}/join-requests/${request!.id}/accept`, leader), 403, 'BLOCKED');
    expect(await isMember(crew.id, rider.id)).toBe(false);
    expect((await call('POST', `/api/teams/${crew.id}/join-requests/${request!.id}/decline`, leader)).statusCode).toBe(200);
  });

  test('a block set after the invitation stops accepting it', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader);
    await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id });
    await block(leader, rider);
    expectError(await call('POST', `/api/teams/${crew.id}/invitation/accept`, rider), 403, 'BLOCKED');
    expect(await isMember(crew.id, rider.id)).toBe(false);
    expect((await call('POST', `/api/teams/${crew.id}/invitation/decline`, rider)).json()).toEqual({ status: 'declined' });
  });
});

describe('a private team keeps its members to itself', () => {
  test('visitors and non-members see the count but not the list; members and admins see it', async () => {
    const leader = await user();
    const member = await user();
    const outsider = await user();
    const crew = await team(leader, true);
    await t.app.db.insertInto('team_members').values({ team_id: crew.id, user_id: member.id }).execute();

    for (const viewer of [null, outsider]) {
      const seen = (await call('GET', `/api/teams/${crew.id}`, viewer)).json() as TeamDetail;
      expect(seen).toMatchObject({ memberCount: 2, members: [], membersVisible: false });
      expect(await profileTeams(member, viewer)).toEqual([]);
    }
    for (const viewer of [member, leader, await admin()]) {
      const seen = (await call('GET', `/api/teams/${crew.id}`, viewer)).json() as TeamDetail;
      expect(seen.membersVisible).toBe(true);
      expect(seen.members.map((m) => m.id).sort()).toEqual([leader.id, member.id].sort());
      expect(await profileTeams(member, viewer)).toEqual([crew.id]);
    }
    const activity = (await call('GET', `/api/profiles/${member.id}/activity`, outsider)).json() as { id: string }[];
    expect(activity.map((a) => a.id)).not.toContain(crew.id);
  });

  test('a public team lists its members to everyone', async () => {
    const leader = await user();
    const crew = await team(leader);
    const seen = (await call('GET', `/api/teams/${crew.id}`)).json() as TeamDetail;
    expect(seen).toMatchObject({ membersVisible: true, members: [{ id: leader.id }] });
    expect(await profileTeams(leader, null)).toEqual([crew.id]);
  });
});
