/**
 * `npm run bench:pages [-- --rounds 3 --duration 5 --connections 64 --samples 20 --pglite --note "…" --vs <git-ref>]`:
 * the HTML pages the server renders (issue 17), with the HTML cache off, against the real server on
 * PostgreSQL (DATABASE_URL, else the local one) or PGlite. The server runs in a process of its own
 * (bench/lib/page-server.ts) and so does the load generator.
 *
 * - six visitors' pages at 64 connections: requests/s, p50, p99 and the share of hello-world;
 * - the discipline hub and home at one connection: mean latency;
 * - home and the hub signed in (the bench account's session cookie) at 64 connections;
 * - for each, the fallbacks: answers that are the bare app shell (a render that failed, missed its
 *   deadline, or was never tried) instead of a rendered page, counted from the `x-render` header of
 *   every answer when the server sends it and from bodies sampled in the middle of each run;
 * - CPU per answer (issue 38), read from /proc for the server's process and the PostgreSQL backends of
 *   its database just before and after each measured window (bench/lib/cpu.ts), for every page and
 *   for the JSON of the same data (the API reads the page makes, sent in turn at the same load).
 *
 * The machine is shared and its speed drifts by a third from one minute to the next: every figure is
 * the median of `--rounds` rounds, each round measuring hello-world and every page in turn, and a
 * page's share of hello-world is taken within its round before the median.
 *
 * `--vs <git-ref>` measures that ref side by side with this checkout instead (bench/lib/pages-vs.ts, written to bench/results/pages-vs.md):
 * a worktree of it is built, both servers run at once on databases of their own, and each page is
 * measured on one then the other, round after round.
 */
import { flag, measure, numberFlag, type Measurement, type Route } from './lib/measure.ts';
import { HELLO_PATH } from './lib/server.ts';
import { describeThisCheckout, prepareCheckout } from './lib/checkout.ts';
import { startPageServer, type PageServer } from './lib/page-server.ts';
import { routesOf, type ServerRoutes } from './lib/page-routes.ts';
import { overRounds } from './lib/rounds.ts';
import { writePagesReport } from './lib/pages-report.ts';
import { measureSideBySide } from './lib/pages-vs.ts';
import { buildWebIfStale } from '../scripts/build-web.ts';

const HTTP_CACHE_SECONDS = 0;
const DEFAULT_PAGE_DURATION = 5;
const DEFAULT_SAMPLES = 20;
const DEFAULT_ROUNDS = 3;

const connections = numberFlag('connections', 64);
const duration = numberFlag('duration', DEFAULT_PAGE_DURATION);
const pageSamples = numberFlag('samples', DEFAULT_SAMPLES);
const rounds = Math.max(1, numberFlag('rounds', DEFAULT_ROUNDS));
const vsRef = flag('vs');
const settings = { connections, duration, pageSamples, rounds, httpCacheSeconds: HTTP_CACHE_SECONDS };

await buildWebIfStale();
const here = describeThisCheckout();
const other = vsRef ? prepareCheckout(vsRef) : undefined;
const servers: PageServer[] = [];
const sets: ServerRoutes[] = [];
try {
  const start = async (checkout: string) => {
    const server = await startPageServer(checkout, HTTP_CACHE_SECONDS);
    servers.push(server);
    sets.push(await routesOf(server, pageSamples));
    return sets.at(-1)!;
  };
  const a = await start(here.root);
  const b = other ? await start(other.dir) : undefined;

  const run = async (set: ServerRoutes, route: Route, c: number, label: string) => {
    const what = route.sequence ? route.sequence.map((p) => `GET ${set.shown(p)}`).join(', ') : `GET ${set.shown(route.path)}`;
    console.log(`${label}: measuring ${route.name} (${what}) for ${duration} s at ${c} connection${c === 1 ? '' : 's'}…`);
    return measure(set.server.url, route, { connections: c, duration, cpu: set.meter });
  };

  if (b && other) {
    await measureSideBySide({ a, b, here, other, run, hello: { name: 'hello world', path: HELLO_PATH }, ...settings });
  } else {
    type Runs = {
      hello: Measurement;
      visitors: Measurement[];
      single: Measurement[];
      members: Measurement[];
      visitorsJson: (Measurement | undefined)[];
      membersJson: (Measurement | undefined)[];
    };
    const runs: Runs[] = [];
    for (let round = 1; round <= rounds; round++) {
      const label = `round ${round} of ${rounds}`;
      const inTurn = async (routes: (Route | undefined)[], c: number) => {
        const measured: (Measurement | undefined)[] = [];
        for (const r of routes) measured.push(r ? await run(a, r, c, label) : undefined);
        return measured;
      };
      const hello = await run(a, { name: 'hello world', path: HELLO_PATH }, connections, label);
      const visitors = (await inTurn(a.pages, connections)) as Measurement[];
      const visitorsJson = await inTurn(a.visitorsJson, connections);
      const single = (await inTurn(a.oneConnection, 1)) as Measurement[];
      const members = (await inTurn(a.signedIn, connections)) as Measurement[];
      const membersJson = await inTurn(a.membersJson, connections);
      runs.push({ hello, visitors, single, members, visitorsJson, membersJson });
    }
    const hellos = runs.map((r) => r.hello);
    const over = (pick: (r: Runs) => Measurement) => overRounds(runs.map(pick), hellos);
    const maybe = (pick: (r: Runs) => Measurement | undefined) => (runs.every((r) => pick(r)) ? over((r) => pick(r)!) : undefined);
    writePagesReport({
      ...settings,
      set: a,
      here,
      hello: over((r) => r.hello),
      visitors: a.pages.map((p, i) => ({ ...over((r) => r.visitors[i]!), key: p.key })),
      visitorsJson: a.pages.map((_, i) => maybe((r) => r.visitorsJson[i])),
      single: a.oneConnection.map((_, i) => over((r) => r.single[i]!)),
      members: a.signedIn.map((p, i) => ({ ...over((r) => r.members[i]!), key: p.key })),
      membersJson: a.signedIn.map((_, i) => maybe((r) => r.membersJson[i])),
    });
  }
} finally {
  for (const set of sets) await set.meter.close().catch(() => {});
  for (const server of servers) await server.close();
  other?.remove();
}
