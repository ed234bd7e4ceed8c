import { sql, type Kysely, type RawBuilder } from 'kysely';
import { markdownExcerpt } from '../../../common/articles.ts';
import type { ContentType } from '../../../common/content-basics.ts';
import {
  encodeFeedCursor,
  FEED_EXCERPT_LENGTH,
  FEED_UPCOMING_DAYS,
  type FeedCursor,
  type FeedItem,
  type FeedKind,
  type FeedPage,
  type FeedReason,
} from '../../../common/feed.ts';
import type { DB } from '../../db/schema.ts';
import { CONTENT_TABLES, iso, toldAsNew, visibleTo, type Viewer } from '../../lib/content.ts';
import { feedCover } from '../../lib/photos.ts';
import { sessionVisibleTo } from '../sessions/index.ts';

type Db = Kysely<DB>;

/** The columns each content table gives its feed card. */
const TITLE: Record<ContentType, string> = { article: 'title', event: 'name', place: 'name', review: 'product_name', trick: 'name', shop: 'name' };
// Places have no description: their card reads the location.
const BODY: Record<ContentType, string> = {
  article: 'content',
  event: 'description',
  place: 'location',
  review: 'content',
  trick: 'description',
  shop: 'description',
};
// A trick has a video address, not a picture.
const HAS_IMAGE: Record<ContentType, boolean> = { article: true, event: true, place: true, review: true, trick: false, shop: true };
/** Enough of a body for its excerpt once markdown is stripped. */
const BODY_HEAD = 2000;

type Row = {
  kind: FeedKind;
  type: ContentType | null;
  id: string;
  at: Date | string;
  at_key: string;
  discipline_id: string | null;
  title: string | null;
  body: string | null;
  image_url: string | null;
  start_date: Date | string | null;
  author_id: string | null;
  author_name: string | null;
  author_avatar_url: string | null;
  reason_type: FeedReason['type'];
  reason_id: string;
  discipline_name: string | null;
  discipline_names: Record<string, string> | null;
  team_id: string | null;
  team_name: string | null;
  team_logo_url: string | null;
  member_id: string | null;
  member_name: string | null;
  member_avatar_url: string | null;
  place_id: string | null;
  duration_minutes: number | null;
  tricks: { id: string; name: string }[] | null;
};

/**
 * One page of `userId`'s feed, newest first, in one statement. Each source reads through its
 * index, newest first and at most `limit + 1` rows per followed discipline, person or team, so
 * a page costs the same whatever the history. Sources:
 * - approved content of followed disciplines (reason discipline);
 * - approved content of followed people outside those disciplines (reason person: an item
 *   reached both ways appears once, for its discipline);
 * - approved events of followed disciplines starting within FEED_UPCOMING_DAYS, once more,
 *   dated FEED_UPCOMING_DAYS before their start (a fixed time keeps pages stable); only events
 *   announced before that moment, as the others' own item is already that recent;
 * - people who joined one of the user's approved teams after the user did (reason team);
 * - sessions of followed people that the user may see (reason person), dated when they started.
 * Never the user's own items, nor anything of a person they blocked or who blocked them.
 */
export async function loadFeed(db: Db, userId: string, query: FeedFilters): Promise<FeedPage> {
  const { rows } = await feedStatement(userId, query).execute(db);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > query.limit && last ? encodeFeedCursor({ at: last.at_key, kind: last.kind, id: last.id }) : null,
  };
}

type FeedFilters = { cursor?: FeedCursor; limit: number };

/** The statement of loadFeed: up to `limit + 1` rows, to tell whether another page follows. */
export function feedStatement(userId: string, query: FeedFilters): RawBuilder<Row> {
  const take = query.limit + 1;
  const cursor = query.cursor;

  /** Rows of the branch strictly after the cursor in (at desc, kind desc, id desc) order. */
  const after = (at: RawBuilder<unknown>, kind: FeedKind, id: RawBuilder<unknown>) =>
    cursor
      ? sql`and ${at} <= ${cursor.at}::timestamptz and (${at} < ${cursor.at}::timestamptz or (${kind}::text collate "C", ${id}) < (${cursor.kind}::text collate "C", ${cursor.id}::text collate "C"))`
      : sql``;

  const notBlocked = (person: RawBuilder<unknown>) => sql`not exists (
    select 1 from user_blocks b
     where (b.blocker_id = ${userId} and b.blocked_id = ${person}) or (b.blocker_id = ${person} and b.blocked_id = ${userId}))`;

  const contentColumns = (type: ContentType) => sql`
    ${'content'}::text as kind, ${type}::text as type, c.id::text collate "C" as id, c.created_at as at, c.discipline_id,
    ${sql.ref(`c.${TITLE[type]}`)} as title, substr(${sql.ref(`c.${BODY[type]}`)}, 1, ${BODY_HEAD}) as body,
    ${HAS_IMAGE[type] ? sql.ref('c.image_url') : sql`null::text`} as image_url, null::timestamptz as start_date, c.author_id,
    null::text as place_id, null::int as duration_minutes`;

  const contentFilter = (type: ContentType) => sql`
    c.status = 'approved' and ${toldAsNew(type, 'c')} and c.author_id is distinct from ${userId}
    and (c.author_id is null or ${notBlocked(sql.ref('c.author_id'))})
    ${after(sql.ref('c.created_at'), 'content', sql`c.id::text collate "C"`)}`;

  const newestContent = sql`order by c.created_at desc, c.id::text collate "C" desc limit ${take}`;

  const branches: RawBuilder<unknown>[] = [];
  for (const [type, table] of Object.entries(CONTENT_TABLES) as [ContentType, string][]) {
    branches.push(sql`
      select x.*, 'discipline' as reason_type, df.discipline_id as reason_id, null::uuid as team_id, null::text as member_id
        from discipline_followers df
        cross join lateral (
          select ${contentColumns(type)} from ${sql.table(table)} c
           where c.discipline_id = df.discipline_id and ${contentFilter(type)}
           ${newestContent}) x
       where df.user_id = ${userId}`);
    branches.push(sql`
      select x.*, 'person' as reason_type, uf.followee_id as reason_id, null::uuid as team_id, null::text as member_id
        from user_follows uf
        cross join lateral (
          select ${contentColumns(type)} from ${sql.table(table)} c
           where c.author_id = uf.followee_id and ${contentFilter(type)}
             and not exists (select 1 from discipline_followers mine where mine.user_id = ${userId} and mine.discipline_id = c.discipline_id)
           ${newestContent}) x
       where uf.follower_id = ${userId}`);
  }

  const upcomingAt = sql`(c.start_date - ${sql.raw(`interval '${FEED_UPCOMING_DAYS} days'`)})`;
  branches.push(sql`
    select x.*, 'discipline' as reason_type, df.discipline_id as reason_id, null::uuid as team_id, null::text as member_id
      from discipline_followers df
      cross join lateral (
        select ${'upcoming_event'}::text as kind, 'event'::text as type, c.id::text collate "C" as id, ${upcomingAt} as at, c.discipline_id,
               c.name as title, substr(c.description, 1, ${BODY_HEAD}) as body, c.image_url, c.start_date, c.author_id,
               null::text as place_id, null::int as duration_minutes
          from events c
         where c.discipline_id = df.discipline_id
           and c.start_date > now() and ${upcomingAt} <= now() and c.created_at < ${upcomingAt}
           and c.status = 'approved' and c.author_id is distinct from ${userId}
           and (c.author_id is null or ${notBlocked(sql.ref('c.author_id'))})
           ${after(upcomingAt, 'upcoming_event', sql`c.id::text collate "C"`)}
         order by at desc, id desc limit ${take}) x
     where df.user_id = ${userId}`);

  const memberId = sql`(m.team_id::text || ':' || o.user_id) collate "C"`;
  branches.push(sql`
    select x.kind, x.type, x.id, x.at, x.discipline_id, x.title, x.body, x.image_url, x.start_date, x.author_id, x.place_id, x.duration_minutes,
           'team' as reason_type, m.team_id::text as reason_id, m.team_id, x.member_id
      from team_members m
      join teams t on t.id = m.team_id and t.status = 'approved'
      cross join lateral (
        select ${'member'}::text as kind, null::text as type, ${memberId} as id, o.joined_at as at, null::text as discipline_id,
               null::text as title, null::text as body, null::text as image_url, null::timestamptz as start_date, null::text as author_id,
               null::text as place_id, null::int as duration_minutes, o.user_id as member_id
          from team_members o
         where o.team_id = m.team_id and o.joined_at > m.joined_at and o.user_id <> ${userId} and ${notBlocked(sql.ref('o.user_id'))}
           ${after(sql.ref('o.joined_at'), 'member', memberId)}
         order by o.joined_at desc, id desc limit ${take}) x
     where m.user_id = ${userId}`);

  // What the reader sees as a follower: an admin's feed does not fill with followed people's private sessions.
  const reader: Viewer = { id: userId, role: 'user' };
  branches.push(sql`
    select x.*, 'person' as reason_type, uf.followee_id as reason_id, null::uuid as team_id, null::text as member_id
      from user_follows uf
      cross join lateral (
        select ${'session'}::text as kind, null::text as type, s.id::text collate "C" as id, s.started_at as at, s.discipline_id,
               pl.name as title, s.note as body, null::text as image_url, null::timestamptz as start_date, s.author_id,
               s.place_id::text as place_id, s.duration_minutes
          from ride_sessions s
          join places pl on pl.id = s.place_id
         where s.author_id = uf.followee_id and s.started_at <= now() and ${sessionVisibleTo('s', reader)}
           ${after(sql.ref('s.started_at'), 'session', sql`s.id::text collate "C"`)}
         order by s.started_at desc, s.id::text collate "C" desc limit ${take}) x
     where uf.follower_id = ${userId}`);

  const unionSql = sql.join(branches, sql` union all `);

  return sql<Row>`
    select f.kind, f.type, f.id, f.at,
           to_char(f.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
           f.discipline_id, f.title, f.body, ${feedCover(sql`f.kind in ('content', 'upcoming_event', 'session')`, sql`case when f.kind = 'session' then 'session' else f.type end`, sql.ref('f.id'), sql.ref('f.image_url'))} as image_url, f.start_date,
           f.author_id, a.name as author_name, a.avatar_url as author_avatar_url,
           f.reason_type, f.reason_id, d.name as discipline_name, d.names as discipline_names,
           t.id::text as team_id, t.name as team_name, t.logo_url as team_logo_url,
           f.member_id, mp.name as member_name, mp.avatar_url as member_avatar_url, f.place_id, f.duration_minutes,
           -- The id as a uuid (only a session's is one) reaches the tricks through their key.
           case when f.kind = 'session' then coalesce((
             select json_agg(json_build_object('id', tk.id, 'name', tk.name) order by tk.name)
               from ride_session_tricks st join tricks tk on tk.id = st.trick_id
              where st.session_id = (case when f.kind = 'session' then f.id::uuid end) and ${visibleTo('trick', 'tk', reader)}), '[]'::json) end as tricks
      from (
        select * from (${unionSql}) u
         order by u.at desc, u.kind collate "C" desc, u.id collate "C" desc
         limit ${take}
      ) f
      left join profiles a on a.id = f.author_id
      left join disciplines d on f.reason_type = 'discipline' and d.id = f.reason_id
      left join teams t on t.id = f.team_id
      left join profiles mp on mp.id = f.member_id
     order by f.at desc, f.kind collate "C" desc, f.id collate "C" desc`;
}

function reasonOf(row: Row): FeedReason {
  if (row.reason_type === 'discipline')
    return { type: 'discipline', disciplineId: row.reason_id, name: row.discipline_name ?? row.reason_id, names: row.discipline_names ?? {} };
  if (row.reason_type === 'person') return { type: 'person', userId: row.reason_id, name: row.author_name ?? '' };
  return { type: 'team', teamId: row.reason_id, name: row.team_name ?? '' };
}

/** Plain text cut at a word, at most `max` characters with its ellipsis. */
export function plainExcerpt(text: string, max = FEED_EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

function toItem(row: Row): FeedItem {
  const createdAt = iso(row.at);
  const reason = reasonOf(row);
  if (row.kind === 'member') {
    return {
      kind: 'member',
      team: { id: row.team_id ?? '', name: row.team_name ?? '', logoUrl: row.team_logo_url },
      member: { id: row.member_id ?? '', name: row.member_name ?? '', avatarUrl: row.member_avatar_url },
      createdAt,
      reason,
    };
  }
  if (row.kind === 'session') {
    return {
      kind: 'session',
      id: row.id,
      place: { id: row.place_id ?? '', name: row.title ?? '' },
      disciplineId: row.discipline_id ?? '',
      durationMinutes: row.duration_minutes,
      excerpt: plainExcerpt(row.body ?? ''),
      tricks: row.tricks ?? [],
      imageUrl: row.image_url,
      author: { id: row.author_id ?? '', name: row.author_name ?? '', avatarUrl: row.author_avatar_url },
      createdAt,
      reason,
    };
  }
  const type = row.type ?? 'article';
  const body = row.body ?? '';
  const content = {
    type,
    id: row.id,
    disciplineId: row.discipline_id ?? '',
    title: row.title ?? '',
    excerpt: type === 'article' ? markdownExcerpt(body, FEED_EXCERPT_LENGTH - 1) : plainExcerpt(body),
    imageUrl: row.image_url,
    author: row.author_id ? { id: row.author_id, name: row.author_name ?? '', avatarUrl: row.author_avatar_url } : null,
    createdAt,
    reason,
  };
  if (row.kind === 'upcoming_event') return { kind: 'upcoming_event', ...content, startDate: iso(row.start_date ?? row.at) };
  return { kind: 'content', ...content };
}
