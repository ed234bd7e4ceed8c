// `npm run bench:load [-- --duration 60 --users 200 --think 250 --processes 2]`: simulated users against a real
// server process on a fresh PostgreSQL database (DATABASE_URL, else the local one, else PGlite):
// reads, follows, joins, comments, likes and avatar uploads. Prints requests, p50/p99 and errors per
// kind, writes bench/results/load.md, and exits 1 when any request answered 5xx or failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { freshDatabase, insertVerifiedUsers, postgresUrl, signIn, spawnServer, tempDir, type ServerProcess } from '../server/reliability/spawn.ts';
import { png } from '../server/test/image-fixtures.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    users: { type: 'string', default: '200' },
    think: { type: 'string', default: '250' },
    // Server processes sharing the port (PROCESSES, decision 0017); more than one needs PostgreSQL.
    processes: { type: 'string', default: '1' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'results/load.md') },
  },
});
const DURATION_S = Number(args.duration);
const USERS = Number(args.users);
const THINK_MS = Number(args.think);
const DISCIPLINE = 'surfing';
const LOAD_BEFORE = os.loadavg()[0]!.toFixed(1);

type Kind = 'read' | 'follow' | 'join' | 'comment' | 'like' | 'upload' | 'sign-in';
type Sample = { ms: number; status: number | string };
const samples = new Map<Kind, Sample[]>();
const record = (kind: Kind, sample: Sample) => {
  if (!samples.has(kind)) samples.set(kind, []);
  samples.get(kind)!.push(sample);
};

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const pgServer = await postgresUrl();
const data = tempDir('stoked-load-');
const fresh = pgServer ? await freshDatabase(pgServer, 'stoked_load') : undefined;
let server: ServerProcess | undefined;
let exitCode = 0;

try {
  // The data is written before the server starts: PGlite's folder has one user at a time.
  const database = await openDatabase({ databaseUrl: fresh?.url, dataDir: data.dir });
  const world = await prepare(database);
  await database.close();

  server = await spawnServer({
    env: {
      DATA_DIR: data.dir,
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      LOG_LEVEL: 'error',
      PROCESSES: fresh ? args.processes : '1',
    },
  });
  const url = server.url;
  console.log(
    `load: ${USERS} users for ${DURATION_S} s against ${url} on ${fresh ? `PostgreSQL, ${args.processes} server process(es)` : 'PGlite'} (think time 0–${THINK_MS} ms)`,
  );

  // Each simulated user has an address of its own (the per-address upload limit is for one person).
  const addressOf = (i: number) => `10.1.${i >> 8}.${i & 255}`;
  const cookies: string[] = [];
  for (let i = 0; i < world.users.length; i += 8) {
    const batch = world.users.slice(i, i + 8).map(async (u, j) => {
      const started = performance.now();
      const cookie = await signIn(url, u.email, undefined, { 'x-forwarded-for': addressOf(i + j) });
      record('sign-in', { ms: performance.now() - started, status: 200 });
      return cookie;
    });
    cookies.push(...(await Promise.all(batch)));
  }
  const image = await png(96, 96);

  const deadline = Date.now() + DURATION_S * 1000;
  await Promise.all(
    world.users.map(async (user, i) => {
      const headers = { cookie: cookies[i]!, 'x-forwarded-for': addressOf(i) };
      const joined = new Set<string>();
      const followed = new Set<string>();
      const liked = new Set<string>();
      await sleep(Math.random() * THINK_MS);
      while (Date.now() < deadline) {
        const roll = Math.random();
        if (roll < 0.6) {
          const reads = [
            `/api/disciplines/${DISCIPLINE}`,
            `/api/teams?disciplineId=${DISCIPLINE}`,
            `/api/teams/${pick(world.teams)}`,
            `/api/disciplines/${DISCIPLINE}/places`,
            `/api/places/${pick(world.places)}`,
            `/api/content/place/${pick(world.places)}/comments`,
            `/api/profiles/${pick(world.users).id}`,
            '/api/feed',
            '/api/notifications/unread-count',
          ];
          await call('read', url, 'GET', pick(reads), headers);
        } else if (roll < 0.72) {
          const other = pick(world.users).id;
          if (other !== user.id) {
            const on = !followed.has(other);
            if (on) followed.add(other);
            else followed.delete(other);
            await call('follow', url, on ? 'PUT' : 'DELETE', `/api/profiles/${other}/follow`, headers);
          }
        } else if (roll < 0.76) {
          const team = pick(world.teams);
          // A leader cannot join or leave their own team.
          if (world.leaders.get(team) === user.id) continue;
          const on = !joined.has(team);
          if (on) joined.add(team);
          else joined.delete(team);
          await call('join', url, on ? 'POST' : 'DELETE', on ? `/api/teams/${team}/join` : `/api/teams/${team}/membership`, headers);
        } else if (roll < 0.86) {
          await call(
            'comment',
            url,
            'POST',
            `/api/content/place/${pick(world.places)}/comments`,
            headers,
            JSON.stringify({ body: `Nice spot, from rider ${i}` }),
          );
        } else if (roll < 0.98) {
          const place = pick(world.places);
          const on = !liked.has(place);
          if (on) liked.add(place);
          else liked.delete(place);
          await call('like', url, on ? 'PUT' : 'DELETE', `/api/content/place/${place}/like`, headers);
        } else {
          const form = new FormData();
          form.append('file', new Blob([image], { type: 'image/png' }), 'avatar.png');
          await call('upload', url, 'PUT', '/api/profile/avatar', headers, form);
        }
        await sleep(Math.random() * THINK_MS);
      }
    }),
  );

  const report = summarize();
  console.log(report.text);
  mkdirSync(path.dirname(args.out), { recursive: true });
  writeFileSync(args.out, report.markdown);
  console.log(`written to ${path.relative(process.cwd(), args.out)}`);
  if (report.failures > 0) {
    console.error(`FAIL: ${report.failures} requests answered 5xx or failed`);
    exitCode = 1;
  }
  if (server.child.exitCode !== null) {
    console.error('FAIL: the server process exited during the run');
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  const code = await server?.stop(10_000);
  if (server && code !== 0) console.error(`server exited with ${code}\n${server.log().slice(-3000)}`);
  await fresh?.drop();
  data.remove();
}
process.exit(exitCode);

async function prepare(database: Database) {
  await migrate(database);
  await seed(database.db);
  const users = await insertVerifiedUsers(database.db, USERS, 'load');
  const db = database.db;
  const teams: string[] = [];
  const leaders = new Map<string, string>();
  for (let i = 0; i < 20; i++) {
    const leader = users[i]!;
    const team = await db
      .insertInto('teams')
      .values({ name: `Load Crew ${i}`, leader_id: leader.id, status: 'approved', is_private: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('team_members').values({ team_id: team.id, user_id: leader.id, role: 'leader' }).execute();
    await db.insertInto('team_disciplines').values({ team_id: team.id, discipline_id: DISCIPLINE }).execute();
    teams.push(team.id);
    leaders.set(team.id, leader.id);
  }
  const places = await db
    .insertInto('places')
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        name: `Load Spot ${i}`,
        location: 'North Shore, Oahu',
        latitude: 21 + i / 100,
        longitude: -158,
        discipline_id: DISCIPLINE,
        author_id: users[i % users.length]!.id,
        status: 'approved' as const,
      })),
    )
    .returning('id')
    .execute();
  return { users, teams, leaders, places: places.map((p) => p.id) };
}

async function call(kind: Kind, base: string, method: string, url: string, headers: Record<string, string>, body?: string | FormData) {
  const started = performance.now();
  try {
    const res = await fetch(base + url, {
      method,
      headers: typeof body === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    record(kind, { ms: performance.now() - started, status: res.status });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    record(kind, { ms: performance.now() - started, status: e.cause?.code ?? e.name });
  }
}

function summarize() {
  const rows: string[][] = [];
  let failures = 0;
  let total = 0;
  const all: number[] = [];
  for (const [kind, list] of [...samples.entries()].sort()) {
    const times = list.map((s) => s.ms).sort((x, y) => x - y);
    const count = (f: (s: Sample) => boolean) => list.filter(f).length;
    const ok = count((s) => typeof s.status === 'number' && s.status < 400);
    const limited = count((s) => s.status === 429);
    const client = count((s) => typeof s.status === 'number' && s.status >= 400 && s.status < 500 && s.status !== 429);
    const bad = count((s) => typeof s.status !== 'number' || s.status >= 500);
    failures += bad;
    if (kind !== 'sign-in') {
      total += list.length;
      all.push(...times);
    }
    rows.push([kind, String(list.length), String(ok), String(limited), String(client), String(bad), fmt(quantile(times, 0.5)), fmt(quantile(times, 0.99))]);
  }
  all.sort((x, y) => x - y);
  rows.push(['all (without sign-in)', String(total), '', '', '', String(failures), fmt(quantile(all, 0.5)), fmt(quantile(all, 0.99))]);
  const header = ['kind', 'requests', '2xx/3xx', '429', 'other 4xx', '5xx or failed', 'p50 ms', 'p99 ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const text = [line(header), ...rows.map(line), '', `${(total / DURATION_S).toFixed(0)} requests/s over ${DURATION_S} s`].join('\n');
  const markdown = [
    '# Load: simulated users',
    '',
    `Command: \`npm run bench:load -- --duration ${DURATION_S} --users ${USERS} --think ${THINK_MS} --processes ${args.processes}\``,
    '',
    `${new Date().toISOString()} · ${fresh ? 'PostgreSQL' : 'PGlite'} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}) · Node ${process.version} · load average ${LOAD_BEFORE} before the run, ${os.loadavg()[0]!.toFixed(1)} after (figures from a busy machine are not comparable)`,
    '',
    `${USERS} signed-in users, each waiting 0–${THINK_MS} ms between requests: 60% reads (discipline hub, teams, a team, places, a place, comments, a profile, the feed, the unread count), 12% follow/unfollow, 4% join/leave a team, 10% comments, 12% like/unlike, 2% avatar uploads (96×96 PNG). 429 is a rate limit doing its job; the run fails on any 5xx or failed request.`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `${(total / DURATION_S).toFixed(0)} requests/s. Result: ${failures === 0 ? 'no 5xx' : `**${failures} requests answered 5xx or failed**`}.`,
    '',
  ].join('\n');
  return { text, markdown, failures };
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
function fmt(ms: number): string {
  return Number.isNaN(ms) ? '–' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0);
}
function pick<T>(list: T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}
function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
