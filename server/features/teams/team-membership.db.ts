import { sql, type Kysely } from 'kysely';
import type { TeamInvitation } from '../../../common/teams.ts';
import type { DB } from '../../db/schema.ts';
import { withinRecipientCap } from '../../lib/action-limits.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { notify } from '../../lib/notifications.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { profileIsVisible } from '../../lib/people.ts';

/** Who is in a team: joining, invitations and their answers, removing members, handing over the lead. */

type Db = Kysely<DB>;

/** The signed-in person joins as a plain member (a public team, or an accepted invitation). */
export async function addMember(db: Db, teamId: string, userId: string): Promise<'added' | 'already-member'> {
  return db.transaction().execute(async (tx) => {
    // Also the loser of two simultaneous joins: the primary key lets one row in.
    const added = await tx
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId, role: 'member' })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!added) return 'already-member';
    await tx.deleteFrom('team_join_requests').where('team_id', '=', teamId).where('user_id', '=', userId).where('status', '=', 'pending').execute();
    await tx.deleteFrom('team_invitations').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
    return 'added';
  });
}

export type InviteResult = 'invited' | 'unknown-user' | 'already-member' | 'already-invited' | 'blocked';

/**
 * Invites a verified, not banned account; they become a member only by accepting. Nobody on either
 * side of a block with the inviter or the team's leader can be invited.
 */
export async function inviteMember(db: Db, teamId: string, userId: string, inviterId: string): Promise<InviteResult> {
  return db.transaction().execute(async (tx): Promise<InviteResult> => {
    if (!(await profileIsVisible(tx, userId))) return 'unknown-user';
    const team = await tx.selectFrom('teams').select(['name', 'leader_id']).where('id', '=', teamId).executeTakeFirstOrThrow();
    if ((await blockedBetween(tx, userId, inviterId)) || (await blockedBetween(tx, userId, team.leader_id))) return 'blocked';
    const member = await tx.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    if (member) return 'already-member';
    const invited = await tx
      .insertInto('team_invitations')
      .values({ team_id: teamId, user_id: userId, invited_by: inviterId })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!invited) return 'already-invited';
    // Each invitation is made, but the invited person is told (bell, push, mail digest) of a few an
    // hour only, however many teams invite them; the inviter's answer is the same either way.
    if (await withinRecipientCap(createRateLimiter(tx), 'teamInvite', userId)) {
      await notify(tx, { userId, type: 'team_invite', actorId: inviterId, subjectType: 'team', subjectId: teamId, data: { teamName: team.name } });
    }
    return 'invited';
  });
}

/** The invited person's answer: accepting makes them a member, either answer ends the invitation. */
export async function answerInvitation(db: Db, teamId: string, userId: string, accept: boolean): Promise<'joined' | 'declined' | 'not-found' | 'blocked'> {
  return db.transaction().execute(async (tx) => {
    const invitation = await tx
      .selectFrom('team_invitations as i')
      .innerJoin('teams as t', 't.id', 'i.team_id')
      .select(['t.leader_id'])
      .where('i.team_id', '=', teamId)
      .where('i.user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) return 'not-found';
    // A block set since the invitation was sent stops the joining, not the declining.
    if (accept && (await blockedBetween(tx, userId, invitation.leader_id))) return 'blocked';
    await tx.deleteFrom('team_invitations').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
    if (!accept) return 'declined';
    await tx
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId, role: 'member' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx.deleteFrom('team_join_requests').where('team_id', '=', teamId).where('user_id', '=', userId).where('status', '=', 'pending').execute();
    return 'joined';
  });
}

/** The open invitations, oldest first, for the leader's Manage Team area. */
export async function listInvitations(db: Db, teamId: string): Promise<TeamInvitation[]> {
  const rows = await db
    .selectFrom('team_invitations as i')
    .innerJoin('profiles as p', 'p.id', 'i.user_id')
    .select(['p.id', 'p.name', 'p.avatar_url', 'i.created_at'])
    .where('i.team_id', '=', teamId)
    .orderBy('i.created_at')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ user: { id: r.id, name: r.name, avatarUrl: r.avatar_url }, createdAt: new Date(r.created_at).toISOString() }));
}

export async function cancelInvitation(db: Db, teamId: string, userId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('team_invitations').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Removes a plain member; the leader stays until leadership is transferred. */
export async function removeMember(db: Db, teamId: string, userId: string): Promise<'removed' | 'is-leader' | 'not-member'> {
  return db.transaction().execute(async (tx) => {
    const team = await tx.selectFrom('teams').select('leader_id').where('id', '=', teamId).forUpdate().executeTakeFirst();
    if (team?.leader_id === userId) return 'is-leader';
    const deleted = await tx.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    return deleted.numDeletedRows > 0n ? 'removed' : 'not-member';
  });
}

export async function transferLeadership(db: Db, teamId: string, userId: string, actorId: string | null = null): Promise<'done' | 'not-member'> {
  return db.transaction().execute(async (tx) => {
    const team = await tx.selectFrom('teams').select(['leader_id', 'name']).where('id', '=', teamId).forUpdate().executeTakeFirst();
    if (!team) return 'not-member';
    const member = await tx.selectFrom('team_members').select('role').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    if (!member) return 'not-member';
    if (team.leader_id === userId) return 'done';
    await tx
      .updateTable('teams')
      .set({ leader_id: userId, updated_at: sql`now()` })
      .where('id', '=', teamId)
      .execute();
    await tx.updateTable('team_members').set({ role: 'member' }).where('team_id', '=', teamId).where('user_id', '=', team.leader_id).execute();
    await tx.updateTable('team_members').set({ role: 'leader' }).where('team_id', '=', teamId).where('user_id', '=', userId).execute();
    await notify(tx, { userId, type: 'team_leader', actorId, subjectType: 'team', subjectId: teamId, data: { teamName: team.name } });
    return 'done';
  });
}
