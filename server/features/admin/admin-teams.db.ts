import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { ADMIN_TEAM_MAX_INVITES, type AdminTeam, type adminTeamInputSchema, type Person } from '../../../common/teams.ts';
import type { LanguageCode } from '../../../common/languages.ts';
import type { DB } from '../../db/schema.ts';
import { renameQueuedItem } from '../../lib/approval-queue.ts';
import { blockedWithAny } from '../../lib/blocks.ts';
import { notify } from '../../lib/notifications.ts';
import { assertMayOpen, byRoleThenName, diffDisciplines, teamColumns, unknownDisciplines } from '../teams/index.ts';

/** Admin › Content › Teams: the team form's read and save (spec §2 Team form, §4 Team save). */

type Db = Kysely<DB>;

export type AdminTeamSave = z.output<typeof adminTeamInputSchema>;

/** The ids among `ids` that are not accounts. */
export async function unknownUsers(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('profiles').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((p) => p.id));
  return ids.filter((id) => !known.has(id));
}

/** The team as the admin form edits it (whatever its status), or undefined. */
export async function getAdminTeam(db: Db, id: string, language: LanguageCode): Promise<AdminTeam | undefined> {
  const row = await db
    .selectFrom('teams as t')
    .where('t.id', '=', id)
    .select([
      't.id',
      't.name',
      't.description',
      't.type',
      't.location',
      't.is_private',
      sql<string | null>`to_char(t.founded_date, 'YYYY-MM-DD')`.as('founded_date'),
      't.leader_id',
      't.logo_url',
      't.banner_url',
      't.status',
      sql<(Person & { role: string })[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'name', p.name, 'avatarUrl', p.avatar_url, 'role', m.role))
        from team_members m join profiles p on p.id = m.user_id where m.team_id = t.id), '[]'::json)`.as('members'),
      sql<string[]>`coalesce((select json_agg(td.discipline_id order by td.discipline_id) from team_disciplines td where td.team_id = t.id), '[]'::json)`.as(
        'discipline_ids',
      ),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const members: Person[] = row.members.sort(byRoleThenName(language)).map(({ id, name, avatarUrl }) => ({ id, name, avatarUrl }));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    location: row.location,
    isPrivate: row.is_private,
    foundedDate: row.founded_date,
    leaderId: row.leader_id,
    memberIds: members.map((m) => m.id),
    members,
    disciplineIds: row.discipline_ids,
    logoUrl: row.logo_url,
    bannerUrl: row.banner_url,
    status: row.status,
  };
}

export type AdminTeamSaveResult = { id: string } | { refused: 'USER_NOT_FOUND' | 'DISCIPLINE_NOT_FOUND' | 'TEAM_NOT_FOUND' | 'BLOCKED' | 'INVITES_TOO_MANY' };

/**
 * Spec §4 Team save, in one transaction: creates the team (`id` null; approved at once) or replaces
 * its fields, then the members not in `memberIds` leave, the leader gets role leader and everyone
 * else member, and the discipline links are diffed. People in `memberIds` who are not members yet are
 * invited, not added: consent holds for an admin's additions too (checklist line 38). Unknown people
 * or disciplines, and invitations across a block with the leader, are refused before anything is written.
 */
export async function saveAdminTeam(db: Db, id: string | null, input: AdminTeamSave, actorId: string | null = null): Promise<AdminTeamSaveResult> {
  return db.transaction().execute(async (tx): Promise<AdminTeamSaveResult> => {
    const memberIds = [...new Set([input.leaderId, ...input.memberIds])];
    if ((await unknownUsers(tx, memberIds)).length) return { refused: 'USER_NOT_FOUND' };
    if ((await unknownDisciplines(tx, input.disciplineIds)).length) return { refused: 'DISCIPLINE_NOT_FOUND' };
    const columns = { ...teamColumns(input), leader_id: input.leaderId };
    let teamId: string;
    let before: { user_id: string; role: 'leader' | 'member' }[] = [];
    if (id !== null) before = await tx.selectFrom('team_members').select(['user_id', 'role']).where('team_id', '=', id).execute();
    const wereMembers = new Set(before.map((m) => m.user_id));
    const invitees = memberIds.filter((userId) => userId !== input.leaderId && !wereMembers.has(userId));
    if (invitees.length > ADMIN_TEAM_MAX_INVITES) return { refused: 'INVITES_TOO_MANY' };
    if (await blockedWithAny(tx, input.leaderId, invitees)) return { refused: 'BLOCKED' };
    if (id === null) {
      teamId = (
        await tx
          .insertInto('teams')
          .values({ ...columns, status: 'approved' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      // A team keeping crew spots stays joined by request (TEAM_HAS_CREW_SPOTS, 409).
      if (!input.isPrivate) await assertMayOpen(tx, id);
      const updated = await tx
        .updateTable('teams')
        .set({ ...columns, updated_at: sql`now()` })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return { refused: 'TEAM_NOT_FOUND' };
      teamId = id;
      await renameQueuedItem(tx, 'team', id, input.name);
    }
    const members = memberIds.filter((userId) => userId === input.leaderId || wereMembers.has(userId));
    await tx.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', 'not in', members).execute();
    await tx
      .insertInto('team_members')
      .values(members.map((user_id) => ({ team_id: teamId, user_id, role: user_id === input.leaderId ? ('leader' as const) : ('member' as const) })))
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })))
      .execute();
    // Whoever is now a member no longer waits to join or to answer.
    await tx.deleteFrom('team_join_requests').where('team_id', '=', teamId).where('user_id', 'in', members).where('status', '=', 'pending').execute();
    await tx.deleteFrom('team_invitations').where('team_id', '=', teamId).where('user_id', 'in', members).execute();
    await diffDisciplines(tx, teamId, input.disciplineIds);
    const wasLeader = before.find((m) => m.role === 'leader')?.user_id;
    const team = { subjectType: 'team', subjectId: teamId, actorId, data: { teamName: input.name } };
    if (wasLeader !== input.leaderId) await notify(tx, { ...team, userId: input.leaderId, type: 'team_leader' });
    // One statement for all the invitations (a save holds up to ADMIN_TEAM_MAX_INVITES): those already waiting are told nothing again.
    const invited = invitees.length
      ? await tx
          .insertInto('team_invitations')
          .values(invitees.map((user_id) => ({ team_id: teamId, user_id, invited_by: actorId })))
          .onConflict((oc) => oc.doNothing())
          .returning('user_id')
          .execute()
      : [];
    for (const { user_id } of invited) await notify(tx, { ...team, userId: user_id, type: 'team_invite' });
    return { id: teamId };
  });
}
