/**
 * `npm run bench:api [-- --duration 10 --connections 64 --pglite --note "…"]`: autocannon against
 * the real server, one route after another; throughput of each route as a share of a hello-world
 * route on the same server. Targets: public reads ≥ 40 % of hello-world, p99 ≤ 25 ms. Also a public
 * page as the server renders it for a visitor (HTML), which has no target of its own.
 */
import { DEFAULT_CONNECTIONS, DEFAULT_DURATION, flag, measure, numberFlag, type Measurement, type Route } from './lib/measure.ts';
import { commandLine, machine, ms, perSecond, writeReport } from './lib/report.ts';
import { createAccount, createApprovedTeam, HELLO_PATH, startBenchServer } from './lib/server.ts';
import { buildWebIfStale } from '../scripts/build-web.ts';

const READ_SHARE_TARGET = 0.4;
const P99_TARGET_MS = 25;
const HTTP_CACHE_SECONDS = 2;

const connections = numberFlag('connections', DEFAULT_CONNECTIONS);
const duration = numberFlag('duration', DEFAULT_DURATION);

await buildWebIfStale();
const server = await startBenchServer({ httpCacheSeconds: HTTP_CACHE_SECONDS, sampleContent: true });
try {
  const password = 'bench horse battery staple';
  const account = await createAccount(server, 'Bench Rider', 'bench-rider@example.com', password);
  const teamId = await createApprovedTeam(server, account.cookie, { name: 'Bench Crew', description: 'Surf crew of the benchmark.' });

  const routes: (Route & { kind: 'baseline' | 'read' | 'page' | 'login' })[] = [
    { kind: 'baseline', name: 'hello world', path: HELLO_PATH },
    { kind: 'read', name: 'discipline hub', path: '/api/disciplines/surfing' },
    { kind: 'read', name: 'teams list', path: '/api/teams?page=1&limit=12' },
    { kind: 'read', name: 'team page', path: `/api/teams/${teamId}` },
    { kind: 'read', name: 'places list', path: '/api/disciplines/surfing/places?page=1&limit=12' },
    { kind: 'read', name: 'athlete search', path: '/api/disciplines/surfing/athletes?page=1&q=ka' },
    { kind: 'page', name: 'discipline page (HTML)', path: '/discipline/surfing', headers: { 'accept-encoding': 'br' } },
    { kind: 'login', name: 'login', path: '/api/auth/sign-in/email', method: 'POST', body: { email: account.email, password } },
  ];

  const results: (Measurement & { kind: string })[] = [];
  for (const route of routes) {
    console.log(`measuring ${route.name} (${route.method ?? 'GET'} ${route.path}) for ${duration} s at ${connections} connections…`);
    results.push({ ...(await measure(server.url, route, { connections, duration })), kind: route.kind });
  }

  const hello = results[0]!.requestsPerSecond;
  const verdict = (r: (typeof results)[number]) => {
    if (r.kind !== 'read') return '—';
    const misses = [
      ...(r.requestsPerSecond / hello < READ_SHARE_TARGET ? [`< ${READ_SHARE_TARGET * 100} %`] : []),
      ...(r.p99 > P99_TARGET_MS ? [`p99 > ${P99_TARGET_MS} ms`] : []),
      ...(r.non2xx + r.errors > 0 ? ['failures'] : []),
    ];
    return misses.length ? `MISS (${misses.join(', ')})` : 'ok';
  };
  const statuses = (r: Measurement) =>
    Object.keys(r.otherStatuses).length
      ? Object.entries(r.otherStatuses)
          .map(([s, n]) => `${n}×${s}`)
          .join(' ')
      : String(r.non2xx);

  writeReport(
    'api',
    commandLine('bench:api'),
    [
      ...machine(server.kind === 'postgres' ? 'PostgreSQL (fresh database, sample content)' : 'PGlite (embedded, sample content)'),
      `load: autocannon, ${connections} connections, ${duration} s per route after a 2 s warm-up, load generator in a process of its own (bench/lib/load-generator.ts), the server in the script's`,
      `server: production settings, HTTP_CACHE_SECONDS=${HTTP_CACHE_SECONDS}, anonymous requests (the login excepted)`,
      `targets: public reads ≥ ${READ_SHARE_TARGET * 100} % of hello-world throughput and p99 ≤ ${P99_TARGET_MS} ms`,
      ...(flag('note') ? [`note: ${flag('note')}`] : []),
    ],
    [
      {
        head: ['route', 'request', 'req/s', '% of hello', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'target'],
        rows: results.map((r) => [
          r.name,
          `${r.method} ${r.path.replace(teamId, ':id')}`,
          perSecond(r.requestsPerSecond),
          `${((100 * r.requestsPerSecond) / hello).toFixed(0)} %`,
          ms(r.p50),
          ms(r.p99),
          statuses(r),
          r.errors + r.timeouts,
          verdict(r),
        ]),
      },
    ],
    [
      'Reads are anonymous and repeat one URL, so after the first request they come from the in-process cache (HTTP_CACHE_SECONDS) until a write or the TTL; `npm run bench:scale` measures the same routes with that cache off.',
      'The discipline page is the HTML the server renders for a visitor (web/entry-server.tsx): two renders of the React app and its API reads in-process, brotli-compressed; no target.',
      'A login hashes the password (argon2id) and writes a session: it is bounded by CPU, not by the cache, and has no throughput target.',
    ],
  );
} finally {
  await server.close();
}
