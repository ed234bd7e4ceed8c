import { sql, type Kysely } from 'kysely';
import type { ContentType } from '../../../common/content-basics.ts';
import type { Activity, OwnProfile, PublicProfile } from '../../../common/profiles.ts';
import type { Person } from '../../../common/teams.ts';
import type { DB } from '../../db/schema.ts';
import { CONTENT_TABLES, toldAsNew, visibleTo, type Viewer } from '../../lib/content.ts';
import { notify } from '../../lib/notifications.ts';
import { visiblePerson } from '../../lib/people.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

type ProfileRow = {
  id: string;
  name: string;
  bio: string | null;
  location: string | null;
  avatar_url: string | null;
  banner_url: string | null;
  athlete_level: OwnProfile['athleteLevel'];
  achievements: OwnProfile['achievements'];
  created_at: Date | string;
};

/** What the own and the public profile both show, from the same columns. */
const profileFields = (row: ProfileRow) => ({
  id: row.id,
  name: row.name,
  bio: row.bio,
  location: row.location,
  avatarUrl: row.avatar_url,
  bannerUrl: row.banner_url,
  athleteLevel: row.athlete_level,
  achievements: row.achievements,
  createdAt: iso(row.created_at),
});

export async function getOwnProfile(db: Kysely<DB>, id: string): Promise<OwnProfile | undefined> {
  const row = await db
    .selectFrom('profiles')
    .select(['id', 'name', 'email', 'bio', 'location', 'avatar_url', 'banner_url', 'role', 'preferred_language', 'athlete_level', 'achievements', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...profileFields(row), email: row.email, role: row.role, preferredLanguage: row.preferred_language };
}

/** Only the fields of the schema are written: email, role and ids never change here. */
export async function updateOwnProfile(db: Kysely<DB>, id: string, update: ReturnType<typeof normalise>): Promise<void> {
  if (Object.keys(update).length === 0) return;
  await db
    .updateTable('profiles')
    .set({ ...update, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

type AthleteLevel = 'professional' | 'amateur' | null;

export function normalise(input: {
  name?: string;
  bio?: string | null;
  location?: string | null;
  preferredLanguage?: string | null;
  athleteLevel?: AthleteLevel;
}) {
  const out: { name?: string; bio?: string | null; location?: string | null; preferred_language?: string | null; athlete_level?: AthleteLevel } = {};
  if (input.name !== undefined && input.name !== null) out.name = input.name;
  if (input.bio !== undefined) out.bio = input.bio;
  if (input.location !== undefined) out.location = input.location;
  if (input.preferredLanguage !== undefined) out.preferred_language = input.preferredLanguage;
  if (input.athleteLevel !== undefined) out.athlete_level = input.athleteLevel;
  return out;
}

export async function setAchievements(db: Kysely<DB>, id: string, achievements: string[]): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ achievements: JSON.stringify(achievements), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * How many follow `p` (`followers`) or whom `p` follows, counting only the people the lists show
 * (`visiblePerson`): a banned or unconfirmed account is in neither the list nor its figure.
 */
function followCount(direction: 'followers' | 'following') {
  const [mine, theirs] = direction === 'followers' ? (['followee_id', 'follower_id'] as const) : (['follower_id', 'followee_id'] as const);
  return sql<number>`(select count(*)::int from user_follows uf join profiles fp on fp.id = ${sql.ref(`uf.${theirs}`)}
    where ${sql.ref(`uf.${mine}`)} = p.id and ${visiblePerson('fp')})`;
}

/**
 * A public profile in one query: no email, no auth data; banned or unverified accounts are not shown.
 * Its figures count only what `viewer` may see (issue 37, hole 6): condition reports at places the
 * viewer may see (`visibleTo`, so not those at someone's crew or private spot), followers the lists show.
 */
export async function getPublicProfile(db: Kysely<DB>, id: string, viewer: Viewer): Promise<PublicProfile | undefined> {
  const viewerId = viewer?.id ?? null;
  const row = await db
    .selectFrom('profiles as p')
    .where('p.id', '=', id)
    .where(visiblePerson('p'))
    .select([
      'p.id',
      'p.name',
      'p.bio',
      'p.location',
      'p.avatar_url',
      'p.banner_url',
      'p.created_at',
      'p.athlete_level',
      'p.achievements',
      followCount('followers').as('followers'),
      followCount('following').as('following'),
      sql<number>`(select count(*)::int from condition_reports r join places rp on rp.id = r.place_id
        where r.author_id = p.id and ${visibleTo('place', 'rp', viewer)})`.as('condition_reports'),
      sql<boolean>`exists (select 1 from user_follows where followee_id = p.id and follower_id = ${viewerId})`.as('is_following'),
      sql<boolean>`exists (select 1 from user_blocks where blocked_id = p.id and blocker_id = ${viewerId})`.as('blocked_by_me'),
      sql<PublicProfile['disciplines']>`coalesce((
        select json_agg(json_build_object('id', d.id, 'name', d.name, 'names', d.names, 'icon', d.icon) order by f.created_at desc)
        from discipline_followers f join disciplines d on d.id = f.discipline_id where f.user_id = p.id), '[]'::json)`.as('disciplines'),
      sql<PublicProfile['teams']>`coalesce((
        select json_agg(json_build_object('id', t.id, 'name', t.name, 'logoUrl', t.logo_url, 'role', m.role, 'isPrivate', t.is_private) order by m.joined_at desc)
        from team_members m join teams t on t.id = m.team_id and t.status = 'approved'
        where m.user_id = p.id and ${privateTeamSeenBy(viewerId)}), '[]'::json)`.as('teams'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...profileFields(row),
    followers: row.followers,
    following: row.following,
    conditionReports: row.condition_reports,
    isFollowing: row.is_following,
    isSelf: viewerId === row.id,
    blockedByMe: row.blocked_by_me,
    disciplines: row.disciplines,
    teams: row.teams,
  };
}

export async function setUserFollow(db: Kysely<DB>, followerId: string, followeeId: string, follow: boolean) {
  if (follow) {
    await db.transaction().execute(async (tx) => {
      const added = await tx
        .insertInto('user_follows')
        .values({ follower_id: followerId, followee_id: followeeId })
        .onConflict((oc) => oc.doNothing())
        .returning('follower_id')
        .executeTakeFirst();
      // Only a new follow is news to the followee.
      if (added) await notify(tx, { userId: followeeId, type: 'follower', actorId: followerId, subjectType: 'profile', subjectId: followerId });
    });
  } else {
    await db.deleteFrom('user_follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).execute();
  }
  const { count } = await db.selectFrom('profiles as p').select(followCount('followers').as('count')).where('p.id', '=', followeeId).executeTakeFirstOrThrow();
  return { following: follow, followers: count };
}

export async function listFollows(db: Kysely<DB>, userId: string, direction: 'followers' | 'following', page: number, limit: number): Promise<Person[]> {
  const [mine, theirs] = direction === 'followers' ? (['followee_id', 'follower_id'] as const) : (['follower_id', 'followee_id'] as const);
  const rows = await db
    .selectFrom('user_follows as f')
    .innerJoin('profiles as p', 'p.id', `f.${theirs}`)
    .where(`f.${mine}`, '=', userId)
    .where(visiblePerson('p'))
    .select(['p.id', 'p.name', 'p.avatar_url'])
    .orderBy('f.created_at', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, avatarUrl: r.avatar_url }));
}

/**
 * For a membership row `m` of team `t`: who belongs to a private team is known only to its members,
 * admins and the person themselves (issue 16, item 10).
 */
function privateTeamSeenBy(viewerId: string | null) {
  return sql<boolean>`(not t.is_private or m.user_id = ${viewerId}
    or exists (select 1 from team_members vm where vm.team_id = t.id and vm.user_id = ${viewerId})
    or exists (select 1 from profiles va where va.id = ${viewerId} and va.role = 'admin'))`;
}

/** Recent actions of a user, newest first, from the rows those actions left behind. */
export async function listActivity(db: Kysely<DB>, userId: string, limit: number, viewerId: string | null): Promise<Activity[]> {
  const shared = Object.entries(CONTENT_TABLES).map(
    ([type, table]) => sql`
      union all
      select ${`shared_${type}`}, c.created_at, c.id::text, ${sql.ref(type === 'article' ? 'c.title' : type === 'review' ? 'c.product_name' : 'c.name')}, null, c.discipline_id
        from ${sql.table(table)} c where c.author_id = ${userId} and c.status = 'approved' and ${toldAsNew(type as ContentType, 'c')}`,
  );
  const { rows } = await sql<{
    type: Activity['type'];
    at: Date;
    id: string;
    name: string;
    names: Record<string, string> | null;
    discipline_id: string | null;
  }>`
    select * from (
      select 'followed_discipline' as type, f.created_at as at, d.id, d.name, d.names, null as discipline_id
        from discipline_followers f join disciplines d on d.id = f.discipline_id where f.user_id = ${userId}
      union all
      select case when m.role = 'leader' then 'led_team' else 'joined_team' end, m.joined_at, t.id::text, t.name, null, null
        from team_members m join teams t on t.id = m.team_id and t.status = 'approved' where m.user_id = ${userId} and ${privateTeamSeenBy(viewerId)}
      union all
      select 'followed_user', uf.created_at, p.id, p.name, null, null
        from user_follows uf join profiles p on p.id = uf.followee_id and ${visiblePerson('p')} where uf.follower_id = ${userId}
      ${sql.join(shared, sql` `)}
    ) a order by at desc limit ${limit}`.execute(db);
  return rows.map((r) => ({
    type: r.type,
    at: iso(r.at),
    target: { id: r.id, name: r.name, ...(r.names ? { names: r.names } : {}), ...(r.discipline_id ? { disciplineId: r.discipline_id } : {}) },
  }));
}

export async function leadsATeam(db: Kysely<DB>, userId: string): Promise<boolean> {
  return !!(await db.selectFrom('teams').select('id').where('leader_id', '=', userId).executeTakeFirst());
}

/** Points the profile at a new image and returns the URL it replaced, for the caller to delete. */
export async function setProfileImage(db: Kysely<DB>, id: string, column: 'avatar_url' | 'banner_url', url: string | null): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('profiles').select(column).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    await tx
      .updateTable('profiles')
      .set({ [column]: url, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    return (before as Record<string, string | null>)[column] ?? null;
  });
}
