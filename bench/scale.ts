/**
 * `npm run bench:scale [-- --duration 10 --connections 64 --sizes seed,x10,large --note "…"]`: the
 * public read routes at three database sizes, with the in-process HTTP cache off so that every
 * request runs its queries. Target: p99 at the largest size ≤ 2× the seed's. PostgreSQL only.
 */
import { sql } from 'kysely';
import { generate, SIZES } from './lib/generate.ts';
import { DEFAULT_CONNECTIONS, DEFAULT_DURATION, flag, measure, numberFlag, type Measurement, type Route } from './lib/measure.ts';
import { commandLine, machine, ms, perSecond, writeReport, type Table } from './lib/report.ts';
import { createAccount, createApprovedTeam, findPostgres, HELLO_PATH, startBenchServer } from './lib/server.ts';

const RATIO_TARGET = 2;

type SizeName = keyof typeof SIZES;

const connections = numberFlag('connections', DEFAULT_CONNECTIONS);
const duration = numberFlag('duration', DEFAULT_DURATION);
const sizes = (flag('sizes') ?? 'seed,x10,large').split(',') as SizeName[];
const unknown = sizes.filter((s) => !(s in SIZES));
if (unknown.length || sizes.length === 0) {
  console.error(`--sizes takes a comma-separated list of ${Object.keys(SIZES).join(', ')}; got ${unknown.join(', ')}`);
  process.exit(1);
}

if (!(await findPostgres())) {
  console.log('bench:scale needs PostgreSQL (DATABASE_URL, or a server answering on 127.0.0.1:5432); none answers, so nothing was measured.');
  process.exit(0);
}

// The cache off: these figures are the queries' (bench:api measures the cache).
const server = await startBenchServer({ httpCacheSeconds: 0, sampleContent: true, requirePostgres: true });
try {
  const account = await createAccount(server, 'Bench Rider', 'bench-rider@example.com', 'bench horse battery staple');
  const teamId = await createApprovedTeam(server, account.cookie, { name: 'Bench Crew', description: 'Surf crew of the benchmark.' });
  const samplePlace = await server.app.db
    .selectFrom('places')
    .select('id')
    .where('discipline_id', '=', 'surfing')
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  // The rider whose session figures and log are timed: the one with most sessions at each size.
  const routesOf = (rider: string): Route[] => [
    { name: 'hello world (reference)', path: HELLO_PATH },
    { name: 'discipline hub', path: '/api/disciplines/surfing' },
    { name: 'teams list', path: '/api/teams?page=1&limit=12' },
    { name: 'team page', path: `/api/teams/${teamId}` },
    { name: 'places list', path: '/api/disciplines/surfing/places?page=1&limit=12' },
    { name: 'athlete search', path: '/api/disciplines/surfing/athletes?page=1&q=ka' },
    // A sample place: its page's two reads, the place and the spots within 50 km of it.
    { name: 'place', path: `/api/places/${samplePlace.id}` },
    { name: 'nearby places', path: `/api/places/${samplePlace.id}/nearby` },
    // The place page's other reads (issue 20): who is out now and recent sessions, current conditions.
    { name: 'place sessions', path: `/api/places/${samplePlace.id}/sessions` },
    { name: 'place conditions', path: `/api/places/${samplePlace.id}/conditions` },
    { name: 'profile session stats', path: `/api/profiles/${rider}/session-stats` },
    { name: 'profile session log', path: `/api/profiles/${rider}/sessions?page=1` },
  ];
  const benchRider = (await server.app.db.selectFrom('profiles').select('id').where('email', '=', account.email).executeTakeFirstOrThrow()).id;
  const routes = routesOf(benchRider);

  const db = server.app.db;
  const counts = async () => {
    const { rows } = await sql<{ users: number; teams: number; follows: number; content: number; sessions: number; reports: number }>`
      select (select count(*) from profiles)::int as users,
        (select count(*) from ride_sessions)::int as sessions,
        (select count(*) from condition_reports)::int as reports,
        (select count(*) from teams)::int as teams,
        ((select count(*) from user_follows) + (select count(*) from discipline_followers))::int as follows,
        ((select count(*) from places) + (select count(*) from events) + (select count(*) from tricks)
          + (select count(*) from reviews) + (select count(*) from shops) + (select count(*) from articles))::int as content`.execute(db);
    return rows[0]!;
  };

  const bySize = new Map<SizeName, Measurement[]>();
  const sizeRows: (string | number)[][] = [];
  for (const size of sizes) {
    console.log(`\nfilling the database to '${size}' ${JSON.stringify(SIZES[size])}…`);
    const t = Date.now();
    await generate(db, SIZES[size], (line) => console.log(line));
    // As autovacuum would after such a load: plans are made on current statistics.
    await sql`analyze`.execute(db);
    const c = await counts();
    sizeRows.push([
      size,
      ...[c.users, c.teams, c.follows, c.content, c.sessions, c.reports].map((n) => n.toLocaleString('en-US')),
      `${((Date.now() - t) / 1000).toFixed(0)} s`,
    ]);
    const busiest = await db
      .selectFrom('ride_sessions')
      .select('author_id')
      .groupBy('author_id')
      .orderBy(sql`count(*)`, 'desc')
      .limit(1)
      .executeTakeFirst();
    const results: Measurement[] = [];
    for (const route of routesOf(busiest?.author_id ?? benchRider)) {
      console.log(`measuring ${route.name} at '${size}' for ${duration} s at ${connections} connections…`);
      results.push(await measure(server.url, route, { connections, duration }));
    }
    bySize.set(size, results);
  }

  const first = sizes[0]!;
  const last = sizes.at(-1)!;
  const tables: Table[] = [
    {
      title: 'Sizes (rows present)',
      head: ['size', 'people', 'teams', 'follows', 'content items', 'sessions', 'condition reports', 'fill time'],
      rows: sizeRows,
    },
    {
      title: 'Latency per route and size',
      head: ['route', ...sizes.flatMap((s) => [`${s} req/s`, `${s} p50`, `${s} p99`]), 'failures'],
      rows: routes.map((route, i) => [
        route.name,
        ...sizes.flatMap((s) => {
          const m = bySize.get(s)![i]!;
          return [perSecond(m.requestsPerSecond), ms(m.p50), ms(m.p99)];
        }),
        sizes.reduce((n, s) => n + bySize.get(s)![i]!.non2xx + bySize.get(s)![i]!.errors + bySize.get(s)![i]!.timeouts, 0),
      ]),
    },
    {
      title: `p99 at '${last}' against '${first}' (target ≤ ${RATIO_TARGET}×)`,
      head: ['route', `${first} p99 ms`, `${last} p99 ms`, 'ratio', 'target'],
      rows: routes.slice(1).map((route, j) => {
        const a = bySize.get(first)![j + 1]!.p99;
        const b = bySize.get(last)![j + 1]!.p99;
        const ratio = b / Math.max(a, 1);
        return [route.name, ms(a), ms(b), `${ratio.toFixed(2)}×`, ratio <= RATIO_TARGET ? 'ok' : 'MISS'];
      }),
    },
  ];

  writeReport(
    'scale',
    commandLine('bench:scale'),
    [
      ...machine('PostgreSQL (fresh database, filled by bench/lib/generate.ts, analyzed after each size)'),
      `load: autocannon, ${connections} connections, ${duration} s per route after a 2 s warm-up, load generator in a process of its own (bench/lib/load-generator.ts), the server in the script's`,
      'server: production settings, HTTP_CACHE_SECONDS=0 (every request runs its queries), anonymous requests',
      ...(flag('note') ? [`note: ${flag('note')}`] : []),
    ],
    tables,
    ['A ratio below 1 means the machine was busier during the smaller size: latencies here are only comparable within one quiet run.'],
  );
} finally {
  await server.close();
}
