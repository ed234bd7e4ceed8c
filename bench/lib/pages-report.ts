import { readFileSync } from 'node:fs';
import os from 'node:os';
import { flag, type Measurement } from './measure.ts';
import { commandLine, machine, ms, perSecond, writeReport, type Table } from './report.ts';
import { HELLO_PATH } from './server.ts';
import { readsText, type PageKey, type ServerRoutes } from './page-routes.ts';
import { BASELINE, BASELINE_DATE, BASELINE_HELLO, BASELINE_ONE_CONNECTION_MEAN, BASELINE_SIGNED_IN, TARGETS } from './pages-baseline.ts';
import { cpuMs, cpuText, times, type OverRounds } from './rounds.ts';

type Keyed = OverRounds & { key: PageKey };
export type Settings = { connections: number; duration: number; pageSamples: number; rounds: number; httpCacheSeconds: number };

const count = (n: number) => n.toLocaleString('en-US');
export const sampled = (r: Measurement) =>
  r.samples ? `${r.samples.shells} of ${r.samples.total}${r.samples.failed ? ` (${r.samples.failed} failed)` : ''}` : '—';
const spread = (r: OverRounds) => {
  const values = r.each.map((m) => m.requestsPerSecond);
  return `${perSecond(Math.min(...values))}–${perSecond(Math.max(...values))}`;
};
export const verdict = (misses: string[]) => (misses.length ? `MISS (${misses.join(', ')})` : 'ok');
const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 ? a / b : Number.NaN);

/** How busy the shared machine was: its load average when the report is written. */
export function machineLoad(): string {
  const [one, five] = os.loadavg();
  const model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown';
  return `nproc: ${os.availableParallelism()}, CPU model (/proc/cpuinfo): ${model}; machine load when the report was written: load average ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on ${os.cpus().length} cores; the machine is shared with other engineers' builds and tests running at the same time, so every figure is noisy`;
}

/** The report of a plain run: issue 17's tables as before, and issue 38's CPU per answer. */
export function writePagesReport(
  r: Settings & {
    set: ServerRoutes;
    here: { commit: string; dirty: boolean };
    hello: OverRounds;
    visitors: Keyed[];
    visitorsJson: (OverRounds | undefined)[];
    single: OverRounds[];
    members: Keyed[];
    membersJson: (OverRounds | undefined)[];
  },
) {
  const { set, hello, connections } = r;
  const { shown, shellBytes } = set;
  const share = (m: OverRounds) => `${(100 * m.helloShare).toFixed(1)} %`;
  /** Bare shells among all the answers: by x-render when the server sends it, else by the shell's length. */
  const counted = (m: Measurement) => {
    const c = m.renders;
    if (!c) return undefined;
    const marked = c.full + c.shell + c.other;
    if (marked > 0) return { shells: c.shell + c.other, of: marked, how: `x-render${c.none ? `, ${c.none} unmarked` : ''}` };
    if (c.sized > 0 && shellBytes !== undefined) return { shells: c.shellSized, of: c.sized, how: `shell's ${shellBytes} B` };
    return undefined;
  };
  const headerCount = (m: Measurement) => {
    const c = counted(m);
    return c ? `${count(c.shells)} of ${count(c.of)} (${c.how})` : '—';
  };
  const fallbacks = (m: Measurement) => Math.max(counted(m)?.shells ?? 0, m.samples?.shells ?? 0);
  const failures = (m: Measurement) => [
    ...(m.non2xx + m.errors + m.timeouts + (m.samples?.failed ?? 0) > 0 ? ['failures'] : []),
    ...(fallbacks(m) > 0 ? ['fallbacks'] : []),
  ];
  // Against the figures before, as shares of each run's own hello-world: the machine is shared and
  // not always the same kind (the baseline's hello-world gave 20,053/s; another machine of the pool 7,500/s).
  const speedup = (m: Keyed) => m.helloShare / (BASELINE[m.key].rps / BASELINE_HELLO);
  const rawSpeedup = (m: Keyed) => m.requestsPerSecond / BASELINE[m.key].rps;

  const cpuRows = (pages: Keyed[], jsons: (OverRounds | undefined)[], visitors?: Keyed[]) =>
    pages.map((p, i) => {
      const json = jsons[i];
      const overJson = ratio(p.cpu?.total, json?.cpu?.total);
      const visitor = visitors?.find((v) => v.key === p.key);
      const overVisitor = visitor ? ratio(p.cpu?.total, visitor.cpu?.total) : undefined;
      return [
        p.name,
        cpuText(p.cpu),
        readsText(json, shown),
        json ? perSecond(json.requestsPerSecond) : '—',
        json ? ms(json.p99) : '—',
        cpuText(json?.cpu),
        times(overJson),
        overVisitor === undefined ? '—' : times(overVisitor),
        verdict([
          ...(!(overJson <= TARGETS.pageOverJson) ? [`page > ${TARGETS.pageOverJson}× JSON`] : []),
          ...(overVisitor !== undefined && !(overVisitor <= TARGETS.signedInOverVisitor) ? [`> ${TARGETS.signedInOverVisitor}× visitor`] : []),
          ...(json && json.non2xx + json.errors + json.timeouts > 0 ? ['JSON failures'] : []),
        ]),
      ];
    });
  const cpuTable: Table = {
    title: `CPU per answer (ms: server process + its PostgreSQL backends = total), ${connections} connections`,
    head: [
      'page',
      'page CPU ms',
      'JSON of the same data (each connection sends these in turn)',
      'JSON sets/s',
      'JSON p99 ms',
      'JSON CPU ms (per set)',
      'page / JSON',
      'signed in / visitor',
      'target',
    ],
    rows: [...cpuRows(r.visitors, r.visitorsJson), ...cpuRows(r.members, r.membersJson, r.visitors)],
  };

  writeReport(
    'pages',
    commandLine('bench:pages'),
    [
      ...machine(set.server.kind === 'postgres' ? 'PostgreSQL (fresh database, sample content)' : 'PGlite (embedded, sample content)'),
      machineLoad(),
      `load: autocannon in a process of its own, the server in another (bench/lib/page-server.ts), ${r.duration} s per run after a 2 s warm-up; \`accept: text/html\`, \`accept-encoding: br\` (the JSON: \`accept: application/json\`, \`accept-encoding: br\`)`,
      `server: production settings, HTTP_CACHE_SECONDS=${r.httpCacheSeconds} (no page or API cache), web build of this checkout (${r.here.commit}${r.here.dirty ? ' with uncommitted changes of the working tree' : ''}), ${set.server.processes > 1 ? `${set.server.processes} server processes` : 'one server process, pages rendered on its main thread'}`,
      `CPU: utime + stime from /proc/<pid>/stat of the server's process (all its threads) and of the PostgreSQL backends of its database (found in pg_stat_activity), read once the server is idle before and after each measured window (so the warm-up's last requests are done before it, and the window's own are done within it), divided by the requests sent in the window`,
      `rounds: ${r.rounds}; every figure below is the median over the rounds (each round measures hello-world and every page in turn; a page's share of hello-world is taken within its round), and the counts of answers are added up`,
      `baseline: hello-world (GET ${HELLO_PATH}) ${perSecond(hello.requestsPerSecond)} req/s (rounds: ${spread(hello)}), p50 ${ms(hello.p50)} ms, p99 ${ms(hello.p99)} ms, CPU ${cpuText(hello.cpu)} ms an answer; before the redesign (${BASELINE_DATE}): the constants in bench/lib/pages-baseline.ts`,
      `targets: visitors' pages at 64 connections ≥ ${TARGETS.speedup}× their throughput before the redesign (compared as shares of hello-world) and p99 ≤ ${TARGETS.p99} ms; hub ≤ ${TARGETS.hubMeanOneConnection} ms mean at one connection; signed-in pages ≥ ${TARGETS.signedInRps}/s, p99 ≤ ${TARGETS.signedInP99} ms; no fallback anywhere; CPU (issue 38): a page ≤ ${TARGETS.pageOverJson}× its data's JSON, a signed-in page ≤ ${TARGETS.signedInOverVisitor}× a visitor's`,
      ...(flag('note') ? [`note: ${flag('note')}`] : []),
    ],
    [
      {
        title: `Visitors' pages, ${connections} connections`,
        head: [
          'page',
          'request',
          'req/s',
          'req/s, each round',
          '% of hello',
          '× before (shares of hello)',
          '× before (req/s)',
          'p50 ms',
          'p99 ms',
          'CPU ms',
          'non-2xx',
          'errors',
          'shells sampled',
          'shells, all answers',
          'target',
        ],
        rows: r.visitors.map((m) => [
          m.name,
          `GET ${shown(m.path)}`,
          perSecond(m.requestsPerSecond),
          spread(m),
          share(m),
          times(speedup(m)),
          times(rawSpeedup(m)),
          ms(m.p50),
          ms(m.p99),
          m.cpu ? cpuMs(m.cpu.total) : '—',
          m.non2xx,
          m.errors + m.timeouts,
          sampled(m),
          headerCount(m),
          verdict([
            ...(!(speedup(m) >= TARGETS.speedup) ? [`< ${TARGETS.speedup}× before`] : []),
            ...(m.p99 > TARGETS.p99 ? [`p99 > ${TARGETS.p99} ms`] : []),
            ...failures(m),
          ]),
        ]),
      },
      cpuTable,
      {
        title: 'One connection',
        head: ['page', 'request', 'mean ms', 'p50 ms', 'p99 ms', 'req/s', 'CPU ms', 'shells sampled', 'shells, all answers', 'target'],
        rows: r.single.map((m, i) => [
          m.name,
          `GET ${shown(m.path)}`,
          m.mean.toFixed(2),
          ms(m.p50),
          ms(m.p99),
          perSecond(m.requestsPerSecond),
          cpuText(m.cpu),
          sampled(m),
          headerCount(m),
          i === 0 ? verdict([...(m.mean > TARGETS.hubMeanOneConnection ? [`mean > ${TARGETS.hubMeanOneConnection} ms`] : []), ...failures(m)]) : '—',
        ]),
      },
      {
        title: `Signed in (the bench account's session), ${connections} connections`,
        head: [
          'page',
          'request',
          'req/s',
          'req/s, each round',
          '% of hello',
          'p50 ms',
          'p99 ms',
          'CPU ms',
          'non-2xx',
          'errors',
          'shells sampled',
          'shells, all answers',
          'target',
        ],
        rows: r.members.map((m) => [
          m.name,
          `GET ${shown(m.path)}`,
          perSecond(m.requestsPerSecond),
          spread(m),
          share(m),
          ms(m.p50),
          ms(m.p99),
          m.cpu ? cpuMs(m.cpu.total) : '—',
          m.non2xx,
          m.errors + m.timeouts,
          sampled(m),
          headerCount(m),
          verdict([
            ...(m.requestsPerSecond < TARGETS.signedInRps ? [`< ${TARGETS.signedInRps}/s`] : []),
            ...(m.p99 > TARGETS.signedInP99 ? [`p99 > ${TARGETS.signedInP99} ms`] : []),
            ...failures(m),
          ]),
        ]),
      },
      {
        title: `Before the redesign (${BASELINE_DATE}, ${connections === 64 ? '' : '64 connections, '}medians of three runs, constants in bench/lib/pages-baseline.ts)`,
        head: ['page', 'req/s', '% of hello', 'p50 ms', 'p99 ms'],
        rows: r.visitors.map((m) => {
          const b = BASELINE[m.key];
          return [m.name, perSecond(b.rps), `${((100 * b.rps) / BASELINE_HELLO).toFixed(1)} %`, ms(b.p50), ms(b.p99)];
        }),
      },
    ],
    [
      `A fallback is an answer that is the bare app shell (\`${'<div id="root"></div>'}\`, drawn in the browser) instead of a server-rendered page: a render that failed, missed its deadline (server/lib/web-pages.ts) or was not tried, as for every signed-in request before the redesign. "shells sampled" counts ${r.pageSamples} bodies fetched at once in the middle of each run, under its load; "shells, all answers" counts every answer of the run by its \`x-render\` header (\`full\` or \`shell\`) when the server sends it, else by its length: the bare shell is a static file (index.html, brotli-compressed ahead), the same number of bytes every time, measured from GET /login before the runs.`,
      `Before the redesign (${BASELINE_DATE}, medians of three runs), one connection: hub ${BASELINE_ONE_CONNECTION_MEAN.hub} ms mean, home ${BASELINE_ONE_CONNECTION_MEAN.home} ms; signed in: home ${perSecond(BASELINE_SIGNED_IN.home.rps)}/s (p99 ${BASELINE_SIGNED_IN.home.p99} ms) and hub ${perSecond(BASELINE_SIGNED_IN.hub.rps)}/s (p99 ${BASELINE_SIGNED_IN.hub.p99} ms), every answer the bare shell: the server did not render pages for a session.`,
      "The JSON of a page's data is the list of API reads the page made inside the server on its second fetch before the runs (the site-wide answers its renderer reuses for 5 s, settings, categories and disciplines, are not read again then, and are not in the list: under load they cost a page one read in 5 s), sent in turn by each connection with the page's cookie; its CPU and its rate are per set of reads. The ratio page / JSON compares total CPU (server + PostgreSQL).",
      'Every page is rendered afresh (HTTP_CACHE_SECONDS=0), including the in-process API reads it makes; each run repeats one URL.',
    ],
  );
}
