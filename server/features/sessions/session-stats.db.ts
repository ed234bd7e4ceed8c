import { sql, type Kysely } from 'kysely';
import { SESSION_STATS_TOP_SPOTS, SESSION_STATS_WEEKS, type ProfileSessionPage, type SessionStats } from '../../../common/session-stats.ts';
import type { DB } from '../../db/schema.ts';
import { pageRows, toPage, type Viewer } from '../../lib/content.ts';
import { sessionVisibleTo } from './session-visibility.ts';
import { toSessions, visibleSessions } from './sessions.db.ts';

type Db = Kysely<DB>;

/** Hours of minutes, to one decimal. */
const hours = (minutes: number | string | null) => Math.round(Number(minutes ?? 0) / 6) / 10;

/** A page of `authorId`'s sessions that `viewer` may see, newest ride first. */
export async function listProfileSessions(db: Db, authorId: string, viewer: Viewer, filters: { page: number; limit: number }): Promise<ProfileSessionPage> {
  const query = visibleSessions(db, viewer).where('s.author_id', '=', authorId).orderBy('s.started_at', 'desc').orderBy('s.id', 'desc');
  const { rows, total, totalCapped } = await pageRows(db, query, filters.page, filters.limit);
  return toPage(await toSessions(db, rows, viewer), { total, totalCapped }, filters);
}

type StatsRow = {
  streak: number;
  sessions: number;
  minutes: number;
  spots: number;
  tricks: number;
  by_discipline: { disciplineId: string; sessions: number; minutes: number }[];
  by_spot: { id: string; name: string; disciplineId: string; sessions: number; minutes: number }[];
  weeks: { week: string; sessions: number }[];
};

/**
 * The figures of `authorId`'s sessions that `viewer` may see, in one statement over the author's
 * index. Days and weeks are UTC calendar ones: the server does not know the viewer's time zone, and
 * a rider's figures must not change with who looks at them.
 */
export async function sessionStats(db: Db, authorId: string, viewer: Viewer): Promise<SessionStats> {
  const today = sql`(now() at time zone 'UTC')::date`;
  const thisWeek = sql`date_trunc('week', now() at time zone 'UTC')`;
  const { rows } = await sql<StatsRow>`
    with v as (
      select s.id, s.place_id, s.discipline_id, s.started_at, coalesce(s.duration_minutes, 0) as minutes,
             (s.started_at at time zone 'UTC')::date as day
        from ride_sessions s
       where s.author_id = ${authorId} and ${sessionVisibleTo('s', viewer)}
    ),
    -- Gaps and islands: consecutive days share day - rank.
    days as (select day, day - (dense_rank() over (order by day))::int as island from (select distinct day from v where day <= ${today}) d),
    last_island as (select island from days where day >= ${today} - 1 order by day desc limit 1)
    select
      (select count(*) from days where island = (select island from last_island))::int as streak,
      (select count(*) from v)::int as sessions,
      (select coalesce(sum(minutes), 0) from v)::int as minutes,
      (select count(distinct place_id) from v)::int as spots,
      -- As the log names them (visibleSessions): a trick no longer published is not counted.
      (select count(distinct st.trick_id) from ride_session_tricks st join v on v.id = st.session_id
         join tricks t on t.id = st.trick_id and t.status = 'approved')::int as tricks,
      coalesce((
        select json_agg(json_build_object('disciplineId', discipline_id, 'sessions', n, 'minutes', m) order by n desc, discipline_id)
          from (select discipline_id, count(*)::int as n, sum(minutes)::int as m from v group by discipline_id) g), '[]'::json) as by_discipline,
      coalesce((
        select json_agg(json_build_object('id', p.id, 'name', p.name, 'disciplineId', p.discipline_id, 'sessions', g.n, 'minutes', g.m) order by g.n desc, g.m desc, p.name)
          from (select place_id, count(*)::int as n, sum(minutes)::int as m from v group by place_id order by n desc, m desc limit ${SESSION_STATS_TOP_SPOTS}) g
          join places p on p.id = g.place_id), '[]'::json) as by_spot,
      (select json_agg(json_build_object('week', to_char(w, 'YYYY-MM-DD'), 'sessions', (
                select count(*) from v where v.started_at >= w at time zone 'UTC' and v.started_at < (w + interval '1 week') at time zone 'UTC')) order by w)
         from generate_series(${thisWeek} - ${sql.raw(`interval '${SESSION_STATS_WEEKS - 1} weeks'`)}, ${thisWeek}, interval '1 week') w) as weeks`.execute(db);
  const row = rows[0]!;
  return {
    streakDays: row.streak,
    totals: { sessions: row.sessions, hours: hours(row.minutes), spots: row.spots, tricksLanded: row.tricks },
    byDiscipline: row.by_discipline.map((d) => ({ disciplineId: d.disciplineId, sessions: d.sessions, hours: hours(d.minutes) })),
    bySpot: row.by_spot.map((s) => ({ place: { id: s.id, name: s.name, disciplineId: s.disciplineId }, sessions: s.sessions, hours: hours(s.minutes) })),
    lastWeeks: row.weeks.map((w) => ({ week: w.week, sessions: Number(w.sessions) })),
  };
}
