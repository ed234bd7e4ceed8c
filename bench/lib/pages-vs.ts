import type { Measurement, Route } from './measure.ts';
import { commandLine, machine, ms, perSecond, writeReport } from './report.ts';
import { readsText, type ServerRoutes } from './page-routes.ts';
import { machineLoad, sampled, type Settings } from './pages-report.ts';
import { cpuText, median, overRounds, times, type OverRounds } from './rounds.ts';
import { flag } from './measure.ts';

type Run = (set: ServerRoutes, route: Route, connections: number, label: string) => Promise<Measurement>;
type Pair = { a?: Route; b?: Route; name: string };

/**
 * `bench:pages -- --vs <ref>`: this checkout (A) and the ref's worktree (B), both servers up at once on
 * databases of their own. Each page (then its JSON) is measured on A then on B, round after round, so
 * that the two of a round meet the same state of the shared machine; B/A is taken within each round,
 * then its median over the rounds.
 */
export async function measureSideBySide(
  o: Settings & {
    a: ServerRoutes;
    b: ServerRoutes;
    here: { commit: string; dirty: boolean };
    other: { ref: string; commit: string; installed: string };
    hello: Route;
    run: Run;
  },
) {
  const { a, b, connections, rounds } = o;
  const pairs: Pair[] = [
    { a: o.hello, b: o.hello, name: 'hello world' },
    ...a.pages.flatMap((p, i) => [
      { a: p, b: b.pages[i], name: p.name },
      { a: a.visitorsJson[i], b: b.visitorsJson[i], name: `${p.name}, JSON` },
    ]),
    ...a.signedIn.flatMap((p, i) => [
      { a: p, b: b.signedIn[i], name: p.name },
      { a: a.membersJson[i], b: b.membersJson[i], name: `${p.name}, JSON` },
    ]),
  ];
  const results: { pair: Pair; a: Measurement[]; b: Measurement[] }[] = [];
  for (const pair of pairs) {
    const measured = { pair, a: [] as Measurement[], b: [] as Measurement[] };
    for (let round = 1; round <= rounds; round++) {
      if (pair.a) measured.a.push(await o.run(a, pair.a, connections, `round ${round} of ${rounds}, A (${o.here.commit})`));
      if (pair.b) measured.b.push(await o.run(b, pair.b, connections, `round ${round} of ${rounds}, B (${o.other.commit})`));
    }
    results.push(measured);
  }

  /** B/A within each round, then the median. */
  const pairedRatio = (as: Measurement[], bs: Measurement[], pick: (m: Measurement) => number | undefined) =>
    median(as.map((m, i) => (bs[i] ? (pick(bs[i]) ?? Number.NaN) / (pick(m) ?? Number.NaN) : Number.NaN)));
  const summary = results.map(({ pair, a: as, b: bs }) => ({
    pair,
    as,
    bs,
    a: as.length ? overRounds(as) : undefined,
    b: bs.length ? overRounds(bs) : undefined,
  }));
  const find = (name: string) => summary.find((s) => s.pair.name === name);
  const cpuOver = (m: OverRounds | undefined, n: OverRounds | undefined) => (m?.cpu && n?.cpu ? times(m.cpu.total / n.cpu.total) : '—');
  const rows = summary.map(({ pair, as, bs, a: ma, b: mb }) => {
    const json = pair.name.endsWith(', JSON') ? undefined : find(`${pair.name}, JSON`);
    const visitor = pair.name.endsWith(', signed in') ? find(pair.name.replace(/, signed in$/, '')) : undefined;
    return [
      pair.name,
      ma ? perSecond(ma.requestsPerSecond) : '—',
      mb ? perSecond(mb.requestsPerSecond) : '—',
      times(pairedRatio(as, bs, (m) => m.requestsPerSecond)),
      ma ? ms(ma.p99) : '—',
      mb ? ms(mb.p99) : '—',
      cpuText(ma?.cpu),
      cpuText(mb?.cpu),
      times(pairedRatio(as, bs, (m) => m.cpu?.total)),
      json ? `${cpuOver(ma, json.a)} / ${cpuOver(mb, json.b)}` : '—',
      visitor ? `${cpuOver(ma, visitor.a)} / ${cpuOver(mb, visitor.b)}` : '—',
      [...as, ...bs].some((m) => m.non2xx + m.errors + m.timeouts > 0)
        ? 'failures'
        : ma?.samples || mb?.samples
          ? `shells ${ma ? sampled(ma) : '—'} / ${mb ? sampled(mb) : '—'}`
          : '',
    ];
  });
  const what = (set: ServerRoutes) =>
    [...set.pages, ...set.signedIn]
      .map((p, i) => `${p.name}: GET ${set.shown(p.path)}; JSON ${readsText([...set.visitorsJson, ...set.membersJson][i], set.shown)}`)
      .join(' · ');

  // Its own file: bench/results/pages.md keeps the last plain run, whose targets are the issue's.
  writeReport(
    'pages-vs',
    commandLine('bench:pages'),
    [
      ...machine(a.server.kind === 'postgres' ? 'PostgreSQL (two fresh databases, sample content)' : 'PGlite (embedded, sample content)'),
      machineLoad(),
      `side by side: A = this checkout (${o.here.commit}${o.here.dirty ? ' with uncommitted changes of the working tree' : ''}), B = ${o.other.ref} (${o.other.commit}, a git worktree with ${o.other.installed}, its web app built by its own scripts/build-web.ts); each server in a process of its own, both up for the whole run, each on its own database`,
      `load: autocannon in a process of its own, ${o.duration} s per run after a 2 s warm-up, ${connections} connections; \`accept: text/html\`, \`accept-encoding: br\` (the JSON: \`accept: application/json\`, \`accept-encoding: br\`); HTTP_CACHE_SECONDS=${o.httpCacheSeconds}`,
      `order: for each row, rounds of A then B (${rounds} round${rounds === 1 ? '' : 's'}); figures are medians over the rounds, B/A is taken within each round and its median given`,
      "CPU: ms per answer, server process (all threads) + the PostgreSQL backends of its database = total, from /proc/<pid>/stat once the server is idle before and after each measured window, divided by the requests sent in it; a JSON row is per set of the page's reads",
      ...(flag('note') ? [`note: ${flag('note')}`] : []),
    ],
    [
      {
        title: `A (${o.here.commit}) and B (${o.other.commit}) side by side, ${connections} connections`,
        head: [
          'page',
          'A req/s',
          'B req/s',
          'B/A req/s',
          'A p99 ms',
          'B p99 ms',
          'A CPU ms',
          'B CPU ms',
          'B/A CPU',
          'page/JSON CPU, A / B',
          'signed in/visitor CPU, A / B',
          'notes',
        ],
        rows,
      },
    ],
    [
      `What each row asks for (a JSON row: the API reads the page made inside the server on its second fetch, the site-wide answers the renderer reuses for 5 s left out). A: ${what(a)}.`,
      `B: ${what(b)}.`,
    ],
  );
}
