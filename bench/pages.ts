/**
 * `npm run bench:pages [-- --rounds 3 --duration 5 --connections 64 --samples 20 --pglite --note "…"]`: the HTML
 * pages the server renders (issue 17), with the HTML cache off, against the real server on PostgreSQL
 * (DATABASE_URL, else the local one) or PGlite, with the load generator in a process of its own.
 *
 * - six visitors' pages at 64 connections: requests/s, p50, p99 and the share of hello-world;
 * - the discipline hub and home at one connection: mean latency;
 * - home and the hub signed in (the bench account's session cookie) at 64 connections;
 * - for each, the fallbacks: answers that are the bare app shell (a render that failed, missed its
 *   deadline, or was never tried) instead of a rendered page, counted from the `x-render` header of
 *   every answer when the server sends it and from bodies sampled in the middle of each run.
 *
 * The machine is shared and its speed drifts by a third from one minute to the next: every figure is
 * the median of `--rounds` rounds, each round measuring hello-world and every page in turn, and a
 * page's share of hello-world is taken within its round before the median.
 */
import { DEFAULT_CONNECTIONS, flag, measure, numberFlag, type Measurement, type Route } from './lib/measure.ts';
import { commandLine, machine, ms, perSecond, writeReport } from './lib/report.ts';
import { createAccount, createApprovedTeam, HELLO_PATH, startBenchServer } from './lib/server.ts';
import { BARE_SHELL } from './lib/load-generator.ts';
import { buildWebIfStale } from '../scripts/build-web.ts';
import { brotliDecompressSync } from 'node:zlib';

const HTTP_CACHE_SECONDS = 0;
const DEFAULT_PAGE_DURATION = 5;
const DEFAULT_SAMPLES = 20;
const DEFAULT_ROUNDS = 3;
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'br' };

type PageKey = 'home' | 'hub' | 'events' | 'event' | 'team' | 'profile';

/**
 * The figures before the redesign of the page renderer, which the 5× target is measured against: each
 * figure the median of the first three full runs of this script, 2026-11-25 22:53–23:00 UTC, on branch
 * bench-pages (application code as at be6579e, before the redesign), PostgreSQL on 127.0.0.1, 64
 * connections, 5 s per page after a 2 s warm-up, the load generator in its own process, on the shared
 * 2-core machine of bench/results/*.md (runs differed by up to 2.4×: one event gave 54, 53 and 22 req/s).
 * Hello-world gave 15,822, 23,330 and 20,053 req/s. No answer to a visitor was a bare shell (0 of 108–502
 * per page and run); every signed-in answer was (e.g. 26,872 of 26,872).
 */
const BASELINE_DATE = '2026-11-25';
const BASELINE_HELLO = 20_053;
const BASELINE: Record<PageKey, { rps: number; p50: number; p99: number }> = {
  home: { rps: 77, p50: 656, p99: 2627 },
  hub: { rps: 65, p50: 810, p99: 2571 },
  events: { rps: 45, p50: 1155, p99: 2702 },
  event: { rps: 53, p50: 1003, p99: 2383 },
  team: { rps: 99, p50: 565, p99: 1721 },
  profile: { rps: 51, p50: 986, p99: 1929 },
};
/** The same runs at one connection (mean latency, ms) and signed in at 64 connections (bare shells, not pages). */
const BASELINE_ONE_CONNECTION_MEAN = { hub: 9.53, home: 11.28 };
const BASELINE_SIGNED_IN = { home: { rps: 6571, p50: 9, p99: 20 }, hub: { rps: 6488, p50: 9, p99: 23 } };

const TARGETS = { speedup: 5, p99: 250, hubMeanOneConnection: 4, signedInRps: 200, signedInP99: 300 };

const connections = numberFlag('connections', DEFAULT_CONNECTIONS);
const duration = numberFlag('duration', DEFAULT_PAGE_DURATION);
const pageSamples = numberFlag('samples', DEFAULT_SAMPLES);
const rounds = Math.max(1, numberFlag('rounds', DEFAULT_ROUNDS));

await buildWebIfStale();
const server = await startBenchServer({ httpCacheSeconds: HTTP_CACHE_SECONDS, sampleContent: true });
try {
  const account = await createAccount(server, 'Bench Rider', 'bench-rider@example.com', 'bench horse battery staple');
  const teamId = await createApprovedTeam(server, account.cookie, { name: 'Bench Crew', description: 'Surf crew of the benchmark.', location: 'Hossegor' });
  const events = await server.app.inject({ method: 'GET', url: '/api/disciplines/surfing/events?page=1&limit=1' });
  const eventId = (events.json() as { items: { id: string }[] }).items[0]?.id;
  if (!eventId) throw new Error(`no approved surfing event in the sample content: ${events.statusCode} ${events.body}`);
  const me = await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
  const userId = (me.json() as { user: { id: string } | null }).user?.id;
  if (!userId) throw new Error(`the bench account is not signed in: ${me.statusCode} ${me.body}`);
  // The bare app as a page the server never renders sends it (/login): its length tells every shell among the answers.
  const shell = await server.app.inject({ method: 'GET', url: '/login', headers: PAGE_HEADERS });
  const shellLength = Number(shell.headers['content-length']);
  const shellBody = shell.headers['content-encoding'] === 'br' ? brotliDecompressSync(shell.rawPayload).toString() : shell.body;
  const shellBytes = shell.statusCode === 200 && shellBody.includes(BARE_SHELL) && shellLength > 0 ? shellLength : undefined;
  if (shellBytes === undefined) console.warn(`the bare shell could not be read from GET /login (${shell.statusCode}); shells are counted from x-render and samples only`);
  const ids: Record<string, string> = { [teamId]: ':teamId', [eventId]: ':eventId', [userId]: ':userId' };
  const shown = (p: string) => Object.entries(ids).reduce((s, [id, name]) => s.replaceAll(id, name), p);

  const page = (key: PageKey, name: string, path: string, headers: Record<string, string> = {}): Route & { key: PageKey } => ({
    key,
    name,
    path,
    headers: { ...PAGE_HEADERS, ...headers },
    pageSamples,
    ...(shellBytes === undefined ? {} : { shellBytes }),
  });
  const pages = [
    page('home', 'home', '/'),
    page('hub', 'discipline hub', '/discipline/surfing'),
    page('events', 'events list', '/discipline/surfing/events'),
    page('event', 'one event', `/discipline/surfing/events/${eventId}`),
    page('team', 'team', `/team/${teamId}`),
    page('profile', 'profile', `/profile/${userId}`),
  ];
  const oneConnection = [pages[1]!, pages[0]!];
  const signedIn = [pages[0]!, pages[1]!].map((p) => page(p.key, `${p.name}, signed in`, p.path, { cookie: account.cookie }));

  const run = async (route: Route, c: number, round: number) => {
    console.log(`round ${round} of ${rounds}: measuring ${route.name} (GET ${shown(route.path)}) for ${duration} s at ${c} connection${c === 1 ? '' : 's'}…`);
    return measure(server.url, route, { connections: c, duration });
  };
  type Runs = { hello: Measurement; visitors: Measurement[]; single: Measurement[]; members: Measurement[] };
  const runs: Runs[] = [];
  for (let round = 1; round <= rounds; round++) {
    const hello = await run({ name: 'hello world', path: HELLO_PATH }, connections, round);
    const inTurn = async (routes: Route[], c: number) => {
      const measured: Measurement[] = [];
      for (const p of routes) measured.push(await run(p, c, round));
      return measured;
    };
    runs.push({ hello, visitors: await inTurn(pages, connections), single: await inTurn(oneConnection, 1), members: await inTurn(signedIn, connections) });
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  /** Counts of several runs added up, key by key (nested counts too); undefined when a run has none. */
  const addUp = <T,>(items: (T | undefined)[]): T | undefined => {
    if (items.some((item) => item === undefined)) return undefined;
    if (typeof items[0] === 'number') return items.reduce<number>((sum, item) => sum + (item as number), 0) as T;
    const keys = [...new Set(items.flatMap((item) => Object.keys(item as object)))];
    return Object.fromEntries(keys.map((key) => [key, addUp(items.map((item) => (item as Record<string, unknown>)[key] ?? 0))])) as T;
  };
  /** One route over the rounds: the median of each figure (its share of hello-world within each round), the counts added up. */
  const overRounds = (pick: (r: Runs) => Measurement): Measurement & { helloShare: number } => {
    const all = runs.map(pick);
    const first = all[0]!;
    const renders = addUp(all.map((m) => m.renders));
    const samples = addUp(all.map((m) => m.samples));
    return {
      ...first,
      requestsPerSecond: median(all.map((m) => m.requestsPerSecond)),
      mean: median(all.map((m) => m.mean)),
      p50: median(all.map((m) => m.p50)),
      p99: median(all.map((m) => m.p99)),
      total: all.reduce((n, m) => n + m.total, 0),
      non2xx: all.reduce((n, m) => n + m.non2xx, 0),
      errors: all.reduce((n, m) => n + m.errors, 0),
      timeouts: all.reduce((n, m) => n + m.timeouts, 0),
      ...(renders ? { renders } : {}),
      ...(samples ? { samples } : {}),
      helloShare: median(runs.map((r, i) => all[i]!.requestsPerSecond / r.hello.requestsPerSecond)),
    };
  };
  const hello = overRounds((r) => r.hello);
  const visitors = pages.map((p, i) => ({ ...overRounds((r) => r.visitors[i]!), key: p.key }));
  const single = oneConnection.map((_, i) => overRounds((r) => r.single[i]!));
  const members = signedIn.map((_, i) => overRounds((r) => r.members[i]!));
  const spread = (pick: (r: Runs) => Measurement) => {
    const values = runs.map((r) => pick(r).requestsPerSecond);
    return `${perSecond(Math.min(...values))}–${perSecond(Math.max(...values))}`;
  };

  const share = (r: Measurement & { helloShare: number }) => `${(100 * r.helloShare).toFixed(1)} %`;
  const count = (n: number) => n.toLocaleString('en-US');
  const sampled = (r: Measurement) => (r.samples ? `${r.samples.shells} of ${r.samples.total}${r.samples.failed ? ` (${r.samples.failed} failed)` : ''}` : '—');
  /** Bare shells among all the answers: by x-render when the server sends it, else by the shell's length. */
  const counted = (r: Measurement) => {
    const c = r.renders;
    if (!c) return undefined;
    const marked = c.full + c.shell + c.other;
    if (marked > 0) return { shells: c.shell + c.other, of: marked, how: `x-render${c.none ? `, ${c.none} unmarked` : ''}` };
    if (c.sized > 0 && shellBytes !== undefined) return { shells: c.shellSized, of: c.sized, how: `shell's ${shellBytes} B` };
    return undefined;
  };
  const headerCount = (r: Measurement) => {
    const c = counted(r);
    return c ? `${count(c.shells)} of ${count(c.of)} (${c.how})` : '—';
  };
  const fallbacks = (r: Measurement) => Math.max(counted(r)?.shells ?? 0, r.samples?.shells ?? 0);
  const failures = (r: Measurement) => [
    ...(r.non2xx + r.errors + r.timeouts + (r.samples?.failed ?? 0) > 0 ? ['failures'] : []),
    ...(fallbacks(r) > 0 ? ['fallbacks'] : []),
  ];
  const verdict = (misses: string[]) => (misses.length ? `MISS (${misses.join(', ')})` : 'ok');
  // Against the figures before, as shares of each run's own hello-world: the machine is shared and
  // not always the same kind (the baseline's hello-world gave 20,053/s; another machine of the pool 7,500/s).
  const speedup = (r: Measurement & { key: PageKey; helloShare: number }) => r.helloShare / (BASELINE[r.key].rps / BASELINE_HELLO);
  const rawSpeedup = (r: Measurement & { key: PageKey }) => r.requestsPerSecond / BASELINE[r.key].rps;
  const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)}×` : '—');

  writeReport(
    'pages',
    commandLine('bench:pages'),
    [
      ...machine(server.kind === 'postgres' ? 'PostgreSQL (fresh database, sample content)' : 'PGlite (embedded, sample content)'),
      `load: autocannon in a process of its own (the server runs in the script's process), ${duration} s per run after a 2 s warm-up; \`accept: text/html\`, \`accept-encoding: br\``,
      `server: production settings, HTTP_CACHE_SECONDS=${HTTP_CACHE_SECONDS} (no page or API cache), web build of this commit, ${server.config.renderThreads ? `pages rendered on ${server.config.renderThreads} thread${server.config.renderThreads === 1 ? '' : 's'} besides the main one` : 'pages rendered on the main thread'}`,
      `rounds: ${rounds}; every figure below is the median over the rounds (each round measures hello-world and every page in turn; a page's share of hello-world is taken within its round), and the counts of answers are added up`,
      `baseline: hello-world (GET ${HELLO_PATH}) ${perSecond(hello.requestsPerSecond)} req/s (rounds: ${spread((run) => run.hello)}), p50 ${ms(hello.p50)} ms, p99 ${ms(hello.p99)} ms; before the redesign (${BASELINE_DATE}): the constants in bench/pages.ts`,
      `targets: visitors' pages at 64 connections ≥ ${TARGETS.speedup}× their throughput before the redesign (compared as shares of hello-world) and p99 ≤ ${TARGETS.p99} ms; hub ≤ ${TARGETS.hubMeanOneConnection} ms mean at one connection; signed-in pages ≥ ${TARGETS.signedInRps}/s, p99 ≤ ${TARGETS.signedInP99} ms; no fallback anywhere`,
      ...(flag('note') ? [`note: ${flag('note')}`] : []),
    ],
    [
      {
        title: `Visitors' pages, ${connections} connections`,
        head: ['page', 'request', 'req/s', 'req/s, each round', '% of hello', '× before (shares of hello)', '× before (req/s)', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'shells sampled', 'shells, all answers', 'target'],
        rows: visitors.map((r, i) => [
          r.name,
          `GET ${shown(r.path)}`,
          perSecond(r.requestsPerSecond),
          spread((run) => run.visitors[i]!),
          share(r),
          times(speedup(r)),
          times(rawSpeedup(r)),
          ms(r.p50),
          ms(r.p99),
          r.non2xx,
          r.errors + r.timeouts,
          sampled(r),
          headerCount(r),
          verdict([
            ...(!(speedup(r) >= TARGETS.speedup) ? [`< ${TARGETS.speedup}× before`] : []),
            ...(r.p99 > TARGETS.p99 ? [`p99 > ${TARGETS.p99} ms`] : []),
            ...failures(r),
          ]),
        ]),
      },
      {
        title: 'One connection',
        head: ['page', 'request', 'mean ms', 'p50 ms', 'p99 ms', 'req/s', 'shells sampled', 'shells, all answers', 'target'],
        rows: single.map((r, i) => [
          r.name,
          `GET ${shown(r.path)}`,
          r.mean.toFixed(2),
          ms(r.p50),
          ms(r.p99),
          perSecond(r.requestsPerSecond),
          sampled(r),
          headerCount(r),
          i === 0 ? verdict([...(r.mean > TARGETS.hubMeanOneConnection ? [`mean > ${TARGETS.hubMeanOneConnection} ms`] : []), ...failures(r)]) : '—',
        ]),
      },
      {
        title: `Signed in (the bench account's session), ${connections} connections`,
        head: ['page', 'request', 'req/s', 'req/s, each round', '% of hello', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'shells sampled', 'shells, all answers', 'target'],
        rows: members.map((r, i) => [
          r.name,
          `GET ${shown(r.path)}`,
          perSecond(r.requestsPerSecond),
          spread((run) => run.members[i]!),
          share(r),
          ms(r.p50),
          ms(r.p99),
          r.non2xx,
          r.errors + r.timeouts,
          sampled(r),
          headerCount(r),
          verdict([
            ...(r.requestsPerSecond < TARGETS.signedInRps ? [`< ${TARGETS.signedInRps}/s`] : []),
            ...(r.p99 > TARGETS.signedInP99 ? [`p99 > ${TARGETS.signedInP99} ms`] : []),
            ...failures(r),
          ]),
        ]),
      },
      {
        title: `Before the redesign (${BASELINE_DATE}, ${connections === DEFAULT_CONNECTIONS ? '' : `${DEFAULT_CONNECTIONS} connections, `}medians of three runs, constants in bench/pages.ts)`,
        head: ['page', 'req/s', '% of hello', 'p50 ms', 'p99 ms'],
        rows: visitors.map((r) => {
          const b = BASELINE[r.key];
          return [r.name, Number.isFinite(b.rps) ? perSecond(b.rps) : '—', Number.isFinite(b.rps / BASELINE_HELLO) ? `${((100 * b.rps) / BASELINE_HELLO).toFixed(1)} %` : '—', ms(b.p50), ms(b.p99)];
        }),
      },
    ],
    [
      `A fallback is an answer that is the bare app shell (\`${'<div id="root"></div>'}\`, drawn in the browser) instead of a server-rendered page: a render that failed, missed its deadline (server/lib/web-pages.ts) or was not tried, as for every signed-in request before the redesign. "shells sampled" counts ${pageSamples} bodies fetched at once in the middle of each run, under its load; "shells, all answers" counts every answer of the run by its \`x-render\` header (\`full\` or \`shell\`) when the server sends it, else by its length: the bare shell is a static file (index.html, brotli-compressed ahead), the same number of bytes every time, measured from GET /login before the runs.`,
      `Before the redesign (${BASELINE_DATE}, medians of three runs), one connection: hub ${BASELINE_ONE_CONNECTION_MEAN.hub} ms mean, home ${BASELINE_ONE_CONNECTION_MEAN.home} ms; signed in: home ${perSecond(BASELINE_SIGNED_IN.home.rps)}/s (p99 ${BASELINE_SIGNED_IN.home.p99} ms) and hub ${perSecond(BASELINE_SIGNED_IN.hub.rps)}/s (p99 ${BASELINE_SIGNED_IN.hub.p99} ms), every answer the bare shell: the server did not render pages for a session.`,
      'Every page is rendered afresh (HTTP_CACHE_SECONDS=0), including the in-process API reads it makes; each run repeats one URL.',
    ],
  );
} finally {
  await server.close();
}
