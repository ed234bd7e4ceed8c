import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { TeamDetail, TeamList, TeamMember, TeamSummary, teamListQuerySchema } from '../../../common/teams.ts';
import type { LanguageCode } from '../../../common/languages.ts';
import type { DB } from '../../db/schema.ts';
import type { Viewer } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';
import { keptCount, pageRows } from '../../lib/content.ts';
import { nameCollator } from '../../lib/reader-language.ts';

/** The teams as people read them: the list, one team, and what the permission checks need. */

export type TeamListFilters = z.output<typeof teamListQuerySchema>;

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
  return (
    db
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
      ])
  );
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
export const byRoleThenName = (language: LanguageCode) => {
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
