import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { z } from 'zod';
import type {
  AdminTeam,
  adminTeamInputSchema,
  JoinRequest,
  Person,
  TeamDetail,
  TeamInvitation,
  TeamList,
  TeamMember,
  TeamSummary,
  teamInputSchema,
  teamListQuerySchema,
  teamUpdateSchema,
} from '../../../common/teams.ts';
import type { LanguageCode } from '../../../common/languages.ts';
import { MEMBER_SEARCH_MAX_RESULTS, MEMBER_SEARCH_MIN } from '../../../common/teams-basics.ts';
import type { DB } from '../../db/schema.ts';
import { containsText } from '../../lib/like.ts';
import { queueForApproval, renameQueuedItem } from '../../lib/approval-queue.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { changedColumns } from '../../lib/changes.ts';
import { keptCount, pageRows } from '../../lib/content.ts';
import { notify } from '../../lib/notifications.ts';
import { nameCollator } from '../../lib/reader-language.ts';
import { inTransaction } from '../../db/client.ts';

export type Viewer = { id: string; role: 'user' | 'admin' } | null;
export type NewTeam = z.output<typeof teamInputSchema>;
/** What an edit may change: the form's fields, and the images, which only their upload routes set. */
export type TeamChanges = z.output<typeof teamUpdateSchema> & { logoUrl?: string | null; bannerUrl?: string | null };
export type TeamListFilters = z.output<typeof teamListQuerySchema>;
export type TeamImage = 'logo' | 'banner';

type Names = Record<string, string>;
type Db = Kysely<DB>;

/** Approved teams; pending or rejected ones only for their members and admins. */
function visibleTo(viewer: Viewer): Expression<SqlBool> {
  if (viewer?.role === 'admin') return sql<SqlBool>`true`;
  if (!viewer) return sql<SqlBool>`t.status = 'approved'`;
  return sql<SqlBool>`(t.status = 'approved' or exists (select 1 from team_members vm where vm.team_id = t.id and vm.user_id = ${viewer.id}))`;
}

/** Everything a team card shows, aggregated in the same statement (no query per team). */
function summaries(db: Db, viewer: Viewer) {
  const viewerId = viewer?.id ?? null;
  return db
    .selectFrom('teams as t')
    // Always there (not null, on delete restrict); a left join lets the planner drop it from the list's count.
    .leftJoin('profiles as l', 'l.id', 't.leader_id')
    .where(visibleTo(viewer))
    .select([
      't.id',
      't.name',
      't.description',
      't.type',
      't.is_private',
      't.location',
      sql<string | null>`to_char(t.founded_date, 'YYYY-MM-DD')`.as('founded_date'),
      't.logo_url',
      't.banner_url',
      't.status',
      't.created_at',
      't.leader_id',
      'l.name as leader_name',
      'l.avatar_url as leader_avatar_url',
      sql<number>`(select count(*)::int from team_members m where m.team_id = t.id)`.as('member_count'),
      sql<TeamSummary['disciplines']>`coalesce((
        select json_agg(json_build_object('id', d.id, 'name', d.name, 'names', d.names, 'icon', d.icon) order by d.name)
        from team_disciplines td join disciplines d on d.id = td.discipline_id where td.team_id = t.id), '[]'::json)`.as('disciplines'),
      sql<'leader' | 'member' | null>`(select m.role from team_members m where m.team_id = t.id and m.user_id = ${viewerId})`.as('my_role'),
      sql<'pending' | 'accepted' | 'declined' | null>`(
        select r.status from team_join_requests r where r.team_id = t.id and r.user_id = ${viewerId}
        order by r.created_at desc limit 1)`.as('my_request'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow): TeamSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    isPrivate: row.is_private,
    location: row.location,
    foundedDate: row.founded_date,
    logoUrl: row.logo_url,
    bannerUrl: row.banner_url,
    status: row.status,
    leader: { id: row.leader_id, name: row.leader_name ?? '', avatarUrl: row.leader_avatar_url },
    memberCount: row.member_count,
    disciplines: row.disciplines.map((d) => ({ ...d, names: d.names as Names })),
    myRole: row.my_role,
    myRequest: row.my_role === null && (row.my_request === 'pending' || row.my_request === 'declined') ? row.my_request : null,
  };
}

export async function listTeams(db: Db, filters: TeamListFilters, viewer: Viewer): Promise<TeamList> {
  let query = summaries(db, viewer);
  const q = filters.q?.trim();
  if (q) query = query.where(containsText(q, ['t.name']));
  const location = filters.location?.trim();
  if (location) query = query.where(containsText(location, ['t.location']));
  const type = filters.type?.trim();
  if (type) query = query.where(sql<SqlBool>`lower(t.type) = lower(${type})`);
  if (filters.privacy) query = query.where('t.is_private', '=', filters.privacy === 'private');
  if (filters.disciplineId) {
    const disciplineId = filters.disciplineId;
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('team_disciplines as fd').select('fd.team_id').whereRef('fd.team_id', '=', 't.id').where('fd.discipline_id', '=', disciplineId)),
    );
  }
  // An anonymous viewer's unfiltered list is every approved team: a kept count (migration 0007).
  const unfiltered = !viewer && !q && !location && !type && !filters.privacy && !filters.disciplineId;
  const { rows, total, totalCapped } = await pageRows(
    db,
    query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'),
    filters.page,
    filters.limit,
    unfiltered ? () => keptCount(db, 'teams') : undefined,
  );
  return { items: rows.map(toSummary), total, totalCapped, page: filters.page, pageSize: filters.limit };
}

// The browser shows the members in this order: comparing names there would start its ICU.
/** Team members as every page lists them: the leader, then the others by name in the reader's language. */
const byRoleThenName = (language: LanguageCode) => {
  const names = nameCollator(language);
  return (a: { role: string; name: string; id: string }, b: { role: string; name: string; id: string }) =>
    Number(b.role === 'leader') - Number(a.role === 'leader') || names.compare(a.name, b.name) || a.id.localeCompare(b.id);
};

/** The team as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getTeamDetail(db: Db, id: string, viewer: Viewer, language: LanguageCode): Promise<TeamDetail | undefined> {
  const row = await summaries(db, viewer)
    .where('t.id', '=', id)
    .select([
      sql<(Omit<TeamMember, 'joinedAt'> & { joinedAt: string })[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'name', p.name, 'avatarUrl', p.avatar_url, 'role', m.role, 'joinedAt', m.joined_at))
        from team_members m join profiles p on p.id = m.user_id where m.team_id = t.id), '[]'::json)`.as('members'),
      sql<boolean>`exists (select 1 from team_invitations i where i.team_id = t.id and i.user_id = ${viewer?.id ?? null})`.as('invited'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const membersVisible = !row.is_private || viewer?.role === 'admin' || row.my_role !== null;
  return {
    ...toSummary(row),
    createdAt: new Date(row.created_at).toISOString(),
    members: membersVisible ? row.members.sort(byRoleThenName(language)).map((m) => ({ ...m, joinedAt: new Date(m.joinedAt).toISOString() })) : [],
    membersVisible,
    invited: row.invited,
    canManage: !!viewer && (viewer.role === 'admin' || viewer.id === row.leader_id),
  };
}

export type TeamAccess = { leaderId: string; isPrivate: boolean; myRole: 'leader' | 'member' | null };

/** What the permission checks need, for a team the viewer can see. */
export async function getTeamAccess(db: Db, id: string, viewer: Viewer): Promise<TeamAccess | undefined> {
  const row = await db
    .selectFrom('teams as t')
    .where('t.id', '=', id)
    .where(visibleTo(viewer))
    .select([
      't.leader_id',
      't.is_private',
      sql<'leader' | 'member' | null>`(select m.role from team_members m where m.team_id = t.id and m.user_id = ${viewer?.id ?? null})`.as('my_role'),
    ])
    .executeTakeFirst();
  return row && { leaderId: row.leader_id, isPrivate: row.is_private, myRole: row.my_role };
}

/** The ids among `ids` that are not disciplines. */
export async function unknownDisciplines(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('disciplines').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((d) => d.id));
  return ids.filter((id) => !known.has(id));
}

/** The creator leads it; a non-admin's team waits for approval. */
export async function createTeam(db: Db, input: NewTeam, creator: NonNullable<Viewer>): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const status = creator.role === 'admin' ? 'approved' : 'pending';
    const team = await tx
      .insertInto('teams')
      .values({
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        is_private: input.isPrivate,
        location: input.location ?? null,
        founded_date: input.foundedDate ?? null,
        leader_id: creator.id,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('team_members').values({ team_id: team.id, user_id: creator.id, role: 'leader' }).execute();
    const disciplineIds = [...new Set(input.disciplineIds)];
    if (disciplineIds.length) {
      await tx.insertInto('team_disciplines').values(disciplineIds.map((discipline_id) => ({ team_id: team.id, discipline_id }))).execute();
    }
    if (status === 'pending') await queueForApproval(tx, { type: 'team', id: team.id, name: input.name, submittedBy: creator.id });
    return team.id;
  });
}

/**
 * Changes the fields that were sent; the discipline links are diffed, all in one transaction (the
 * caller's when given one: approving a revision applies it in the decision's).
 */
export async function updateTeam(db: Db, id: string, changes: TeamChanges): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx
      .updateTable('teams')
      .set({
        ...changedColumns<TeamChanges, Updateable<DB['teams']>>(changes, {
          name: 'name',
          description: 'description',
          type: 'type',
          isPrivate: 'is_private',
          location: 'location',
          foundedDate: 'founded_date',
          logoUrl: 'logo_url',
          bannerUrl: 'banner_url',
        }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (changes.name !== undefined) await renameQueuedItem(tx, 'team', id, changes.name);
    if (changes.disciplineIds !== undefined) await diffDisciplines(tx, id, changes.disciplineIds);
  });
}

/** A team's editable fields by their update names (disciplineIds sorted), to tell what an edit changes. */
export function teamFields(team: TeamDetail): Record<string, unknown> {
  return { ...team, disciplineIds: team.disciplines.map((d) => d.id).sort() };
}

/** The team's discipline links become `ids`: removed links are deleted, added ones inserted, kept ones untouched. */
async function diffDisciplines(tx: Db, teamId: string, ids: string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  let removed = tx.deleteFrom('team_disciplines').where('team_id', '=', teamId);
  if (wanted.length) removed = removed.where('discipline_id', 'not in', wanted);
  await removed.execute();
  if (wanted.length) {
    await tx
      .insertInto('team_disciplines')
      .values(wanted.map((discipline_id) => ({ team_id: teamId, discipline_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

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

export type AdminTeamSaveResult = { id: string } | { refused: 'USER_NOT_FOUND' | 'DISCIPLINE_NOT_FOUND' | 'TEAM_NOT_FOUND' | 'BLOCKED' };

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
    const columns = {
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      is_private: input.isPrivate,
      location: input.location ?? null,
      founded_date: input.foundedDate ?? null,
      leader_id: input.leaderId,
    };
    let teamId: string;
    let before: { user_id: string; role: 'leader' | 'member' }[] = [];
    if (id !== null) before = await tx.selectFrom('team_members').select(['user_id', 'role']).where('team_id', '=', id).execute();
    const wereMembers = new Set(before.map((m) => m.user_id));
    const invitees = memberIds.filter((userId) => userId !== input.leaderId && !wereMembers.has(userId));
    for (const userId of invitees) {
      if (await blockedBetween(tx, userId, input.leaderId)) return { refused: 'BLOCKED' };
    }
    if (id === null) {
      teamId = (await tx.insertInto('teams').values({ ...columns, status: 'approved' }).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      const updated = await tx.updateTable('teams').set({ ...columns, updated_at: sql`now()` }).where('id', '=', id).returning('id').executeTakeFirst();
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
    for (const userId of invitees) {
      const invited = await tx
        .insertInto('team_invitations')
        .values({ team_id: teamId, user_id: userId, invited_by: actorId })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (invited) await notify(tx, { ...team, userId, type: 'team_invite' });
    }
    return { id: teamId };
  });
}

/** Deletes the team (members, links and requests go with it) and its approval; returns its image URLs. */
export async function deleteTeam(db: Db, id: string): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom('pending_approvals').where('item_type', '=', 'team').where('item_id', '=', id).execute();
    const team = await tx.deleteFrom('teams').where('id', '=', id).returning(['logo_url', 'banner_url']).executeTakeFirst();
    return team ? [team.logo_url, team.banner_url].filter((url): url is string => !!url) : [];
  });
}

/** Sets (or clears) the logo or banner; returns the URL it replaced, or undefined when the team is gone. */
export async function setTeamImage(db: Db, id: string, image: TeamImage, url: string | null): Promise<string | null | undefined> {
  const column = image === 'logo' ? 'logo_url' : 'banner_url';
  const { rows } = await sql<{ previous: string | null }>`
    update teams t set ${sql.ref(column)} = ${url}, updated_at = now()
    from (select id, ${sql.ref(column)} as previous from teams where id = ${id} for update) old
    where t.id = old.id
    returning old.previous`.execute(db);
  return rows[0] ? rows[0].previous : undefined;
}

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
    const person = await tx
      .selectFrom('profiles')
      .select('id')
      .where('id', '=', userId)
      .where('email_verified', '=', true)
      .where('banned', '=', false)
      .executeTakeFirst();
    if (!person) return 'unknown-user';
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
    await notify(tx, { userId, type: 'team_invite', actorId: inviterId, subjectType: 'team', subjectId: teamId, data: { teamName: team.name } });
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
    await tx.insertInto('team_members').values({ team_id: teamId, user_id: userId, role: 'member' }).onConflict((oc) => oc.doNothing()).execute();
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
    await tx.updateTable('teams').set({ leader_id: userId, updated_at: sql`now()` }).where('id', '=', teamId).execute();
    await tx.updateTable('team_members').set({ role: 'member' }).where('team_id', '=', teamId).where('user_id', '=', team.leader_id).execute();
    await tx.updateTable('team_members').set({ role: 'leader' }).where('team_id', '=', teamId).where('user_id', '=', userId).execute();
    await notify(tx, { userId, type: 'team_leader', actorId, subjectType: 'team', subjectId: teamId, data: { teamName: team.name } });
    return 'done';
  });
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
    await notify(tx, { userId: decided.user_id, type: 'join_answer', actorId: deciderId, subjectType: 'team', subjectId: teamId, data: { teamName: team.name, decision } });
    return toJoinRequest(await joinRequests(tx).where('r.id', '=', requestId).executeTakeFirstOrThrow());
  });
}

/** People who could be invited: verified, not banned, neither in the team nor invited yet; matched by part of their name. */
export async function searchNewMembers(db: Db, teamId: string, text: string): Promise<Person[]> {
  const q = text.trim();
  if (q.length < MEMBER_SEARCH_MIN) return [];
  const rows = await db
    .selectFrom('profiles as p')
    .select(['p.id', 'p.name', 'p.avatar_url'])
    .where('p.email_verified', '=', true)
    .where('p.banned', '=', false)
    .where(containsText(q, ['p.name']))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('team_members as m').select('m.user_id').whereRef('m.user_id', '=', 'p.id').where('m.team_id', '=', teamId))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('team_invitations as i').select('i.user_id').whereRef('i.user_id', '=', 'p.id').where('i.team_id', '=', teamId))),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(MEMBER_SEARCH_MAX_RESULTS)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, avatarUrl: r.avatar_url }));
}
