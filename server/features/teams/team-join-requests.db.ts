import { sql, type Kysely } from 'kysely';
import type { JoinRequest } from '../../../common/teams.ts';
import type { DB } from '../../db/schema.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { notify } from '../../lib/notifications.ts';

/** Asking to join a private team, and its leader's answer. */

type Db = Kysely<DB>;

/** Asks to join a private team; its leader is told in the same transaction. */
export async function requestToJoin(db: Db, teamId: string, userId: string): Promise<'requested' | 'already-pending'> {
  return db.transaction().execute(async (tx) => {
    // One pending request per person and team (a unique index): a second one inserts nothing.
    const inserted = await tx
      .insertInto('team_join_requests')
      .values({ team_id: teamId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'already-pending';
    const team = await tx.selectFrom('teams').select(['name', 'leader_id']).where('id', '=', teamId).executeTakeFirstOrThrow();
    await notify(tx, { userId: team.leader_id, type: 'join_request', actorId: userId, subjectType: 'team', subjectId: teamId, data: { teamName: team.name } });
    return 'requested';
  });
}

export async function cancelJoinRequest(db: Db, teamId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('team_join_requests')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

function joinRequests(db: Db) {
  return db
    .selectFrom('team_join_requests as r')
    .innerJoin('profiles as p', 'p.id', 'r.user_id')
    .select(['r.id', 'r.status', 'r.created_at', 'p.id as user_id', 'p.name as user_name', 'p.avatar_url as user_avatar_url']);
}

type JoinRequestRow = Awaited<ReturnType<ReturnType<typeof joinRequests>['executeTakeFirstOrThrow']>>;

const toJoinRequest = (r: JoinRequestRow): JoinRequest => ({
  id: r.id,
  user: { id: r.user_id, name: r.user_name, avatarUrl: r.user_avatar_url },
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listJoinRequests(db: Db, teamId: string): Promise<JoinRequest[]> {
  const rows = await joinRequests(db).where('r.team_id', '=', teamId).where('r.status', '=', 'pending').orderBy('r.created_at').orderBy('r.id').execute();
  return rows.map(toJoinRequest);
}

/**
 * Decides a pending request once: of two simultaneous decisions the conditional update lets one
 * through. Accepting makes the requester a member in the same transaction, unless a block now
 * stands between the requester and the leader.
 */
export async function decideJoinRequest(
  db: Db,
  teamId: string,
  requestId: string,
  decision: 'accepted' | 'declined',
  deciderId: string,
): Promise<JoinRequest | 'not-found' | 'already-decided' | 'blocked'> {
  return db.transaction().execute(async (tx) => {
    if (decision === 'accepted') {
      const asked = await tx
        .selectFrom('team_join_requests as r')
        .innerJoin('teams as t', 't.id', 'r.team_id')
        .select(['r.user_id', 't.leader_id'])
        .where('r.id', '=', requestId)
        .where('r.team_id', '=', teamId)
        .executeTakeFirst();
      if (asked && (await blockedBetween(tx, asked.user_id, asked.leader_id))) return 'blocked';
    }
    const decided = await tx
      .updateTable('team_join_requests')
      .set({ status: decision, decided_at: sql`now()`, decided_by: deciderId })
      .where('id', '=', requestId)
      .where('team_id', '=', teamId)
      .where('status', '=', 'pending')
      .returning('user_id')
      .executeTakeFirst();
    if (!decided) {
      const exists = await tx.selectFrom('team_join_requests').select('id').where('id', '=', requestId).where('team_id', '=', teamId).executeTakeFirst();
      return exists ? 'already-decided' : 'not-found';
    }
    if (decision === 'accepted') {
      await tx
        .insertInto('team_members')
        .values({ team_id: teamId, user_id: decided.user_id, role: 'member' })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const team = await tx.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow();
    await notify(tx, {
      userId: decided.user_id,
      type: 'join_answer',
      actorId: deciderId,
      subjectType: 'team',
      subjectId: teamId,
      data: { teamName: team.name, decision },
    });
    return toJoinRequest(await joinRequests(tx).where('r.id', '=', requestId).executeTakeFirstOrThrow());
  });
}
