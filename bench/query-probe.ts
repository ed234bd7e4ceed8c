/**
 * The SQL behind each public read, timed straight against a database (no HTTP), and optionally its plans:
 *   npx tsx bench/query-probe.ts --database-url postgres://… [--runs 200] [--explain] [--only teams]
 * A diagnostic for query plans at each size; `npm run bench:scale` gives the figures through HTTP.
 */
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { athleteListQuerySchema } from '../common/profiles.ts';
import { placeListQuerySchema } from '../common/places.ts';
import { teamListQuerySchema } from '../common/teams.ts';
import type { DB } from '../server/db/schema.ts';
import { listAthletes } from '../server/features/athletes/athletes.db.ts';
import { getDisciplineHub } from '../server/features/disciplines/disciplines.db.ts';
import { getHomeStats } from '../server/features/home/home.db.ts';
import { listPlaces } from '../server/features/places/places.db.ts';
import { getTeamDetail, listTeams } from '../server/features/teams/teams.db.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '200' },
    explain: { type: 'boolean', default: false },
    // Time inside PostgreSQL (EXPLAIN ANALYZE) and shared buffers touched: steadier than wall time on a busy machine.
    'server-side': { type: 'boolean', default: false },
    only: { type: 'string' },
    discipline: { type: 'string', default: 'surfing' },
  },
});
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('--database-url or DATABASE_URL');
pg.types.setTypeParser(20, (v) => Number(v));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
let captured: { sql: string; parameters: readonly unknown[] }[] = [];
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});

const discipline = values.discipline;
// A typical team page (the median team by members) and the biggest one.
const teamIds = await sql<{ typical: string | null; biggest: string | null }>`
  with sized as (select t.id, (select count(*) from team_members m where m.team_id = t.id) as n from teams t where t.status = 'approved')
  select (select id from sized order by n, id offset (select count(*) / 2 from sized) limit 1) as typical,
         (select id from sized order by n desc, id limit 1) as biggest`.execute(db);
const { typical: teamId, biggest: bigTeamId } = teamIds.rows[0] ?? { typical: null, biggest: null };

const reads: Record<string, () => Promise<unknown>> = {
  home: () => getHomeStats(db),
  hub: () => getDisciplineHub(db, discipline, null),
  teams: () => listTeams(db, teamListQuerySchema.parse({}), null),
  // A broad search (one generated team in eight matches) and a narrow one (a few matches).
  'teams-search': () => listTeams(db, teamListQuerySchema.parse({ q: 'crew' }), null),
  'teams-search-narrow': () => listTeams(db, teamListQuerySchema.parse({ q: 'crew 12' }), null),
  ...(teamId ? { team: () => getTeamDetail(db, teamId, null, 'en') } : {}),
  ...(bigTeamId && bigTeamId !== teamId ? { 'team-biggest': () => getTeamDetail(db, bigTeamId, null, 'en') } : {}),
  places: () => listPlaces(db, discipline, placeListQuerySchema.parse({}), null),
  'places-search': () => listPlaces(db, discipline, placeListQuerySchema.parse({ q: 'bay' }), null),
  'places-search-narrow': () => listPlaces(db, discipline, placeListQuerySchema.parse({ q: 'bay 13' }), null),
  athletes: () => listAthletes(db, discipline, athleteListQuerySchema.parse({})),
  // The search bench:scale runs.
  'athletes-search': () => listAthletes(db, discipline, athleteListQuerySchema.parse({ q: 'ka' })),
  // A narrow one (a few people): found through the trigram index, not by walking the discipline.
  'athletes-search-narrow': () => listAthletes(db, discipline, athleteListQuerySchema.parse({ q: 'silva 12' })),
};

const runs = Number(values.runs);
for (const [name, read] of Object.entries(reads)) {
  if (values.only && !values.only.split(',').includes(name)) continue;
  captured = [];
  await read();
  const statements = [...captured];
  const times: number[] = [];
  let buffers = 0;
  for (let i = 0; i < runs; i++) {
    if (values['server-side']) {
      let total = 0;
      buffers = 0;
      for (const st of statements) {
        const plan = await pool.query(`explain (analyze, buffers, format json) ${st.sql}`, st.parameters as unknown[]);
        const [top] = plan.rows[0]['QUERY PLAN'] as {
          'Execution Time': number;
          'Planning Time': number;
          Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
        }[];
        total += top!['Execution Time'] + top!['Planning Time'];
        buffers += top!.Plan['Shared Hit Blocks'] + top!.Plan['Shared Read Blocks'];
      }
      times.push(total);
      continue;
    }
    const t = performance.now();
    await read();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
  const extra = values['server-side'] ? `, ${buffers} buffers` : '';
  console.log(`${name.padEnd(20)} p50 ${at(50).padStart(8)} ms   p99 ${at(99).padStart(8)} ms   (${statements.length} statement(s)${extra})`);
  if (values.explain) {
    for (const s of statements) {
      const client = await pool.connect();
      try {
        const plan = await client.query(`explain (analyze, buffers) ${s.sql}`, s.parameters as unknown[]);
        console.log(`--- ${s.sql.replace(/\s+/g, ' ').slice(0, 300)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
      } finally {
        client.release();
      }
    }
  }
}
await db.destroy();
