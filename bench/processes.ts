/**
 * `npm run bench:processes [-- --rounds 3 --duration 5 --connections 64 --vs <git-ref>]`: how the
 * server uses the machine's cores (issue 38, docs/decisions/0017). The real server (`server/main.ts`,
 * production settings, HTTP cache off) runs on PostgreSQL with the sample content, once with one
 * process (pages rendered on its main thread) and once with one process per core (PROCESSES, node's
 * cluster); with `--vs`, a build of that ref too (before decision 0017: a render thread beside the
 * main one, the pages' data read through in-process HTTP). All run at once on databases of their
 * own; each page is measured on each in turn, round after round, by a load generator in its own
 * process: pages/s, p50 and p99 at 64 connections, and the CPU of the whole process tree and of its
 * PostgreSQL backends per answer. Written to bench/results/processes.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshDatabase } from '../server/test/postgres-databases.ts';
import { describeThisCheckout, prepareCheckout } from './lib/checkout.ts';
import { cpuMeter, processCpuMs, type CpuMeter } from './lib/cpu.ts';
import { flag, measure, numberFlag, type Measurement } from './lib/measure.ts';
import { machineLoad } from './lib/pages-report.ts';
import { median } from './lib/rounds.ts';
import { findPostgres } from './lib/server.ts';
import { buildWebIfStale } from '../scripts/build-web.ts';

const connections = numberFlag('connections', 64);
const duration = numberFlag('duration', 5);
const rounds = Math.max(1, numberFlag('rounds', 3));
const vsRef = flag('vs');

type Setup = { label: string; checkout: string; env: Record<string, string> };
type Running = Setup & { url: string; child: ChildProcess; meter: CpuMeter; drop(): Promise<void> };

/** Every process of the tree under `pid` (the cluster's primary and its workers). */
function treeOf(pid: number): number[] {
  const children: number[] = [];
  for (const task of safeList(`/proc/${pid}/task`)) {
    const listed = safeRead(`/proc/${pid}/task/${task}/children`).trim();
    if (listed) children.push(...listed.split(/\s+/).map(Number));
  }
  return [pid, ...children.flatMap(treeOf)];
}
const safeList = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const safeRead = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
const treeCpuMs = (pid: number) => treeOf(pid).reduce((sum, p) => sum + (processCpuMs(p) ?? 0), 0);

async function start(setup: Setup, port: number): Promise<Running> {
  const server = await findPostgres();
  if (!server) throw new Error('bench:processes needs PostgreSQL (DATABASE_URL or the local server)');
  const database = await freshDatabase(server, 'stoked_bench_proc');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stoked-bench-proc-')),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    HTTP_CACHE_SECONDS: '0',
    SAMPLE_CONTENT: 'true',
    NOTIFICATION_DIGEST_MINUTES: '0',
    ...setup.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: setup.checkout, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`${setup.label}: the server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    // Every process of a cluster listens before the first answers all of them.
    if (ready && treeOf(child.pid!).length >= Number(setup.env.PROCESSES ?? 1)) break;
    if (tries > 600) throw new Error(`${setup.label}: the server did not answer in time`);
    await sleep(200);
  }
  const meter = await cpuMeter(child.pid!, database.url);
  // The meter reads the server's own process; a cluster's CPU is its whole tree's.
  const sample = meter.sample;
  const treeMeter: CpuMeter = {
    ...meter,
    sample: async () => ({ ...(await sample()), server: treeCpuMs(child.pid!) }),
    settle: async () => {
      let last = treeCpuMs(child.pid!);
      for (const until = Date.now() + 10_000; Date.now() < until;) {
        await sleep(100);
        const now = treeCpuMs(child.pid!);
        if (now - last < 3) return;
        last = now;
      }
    },
  };
  return { ...setup, url, child, meter: treeMeter, drop: database.drop };
}

async function stop(running: Running) {
  running.child.kill('SIGTERM');
  await new Promise((resolve) => (running.child.exitCode !== null ? resolve(null) : running.child.once('exit', resolve)));
  await running.meter.close();
  await running.drop();
}

/** The visitors' pages of the sample content, by the addresses a first run of each server reads. */
async function pagesOf(url: string) {
  const events = (await (await fetch(`${url}/api/disciplines/surfing/events?page=1&limit=1`)).json()) as { items: { id: string }[] };
  const teams = (await (await fetch(`${url}/api/teams?page=1`)).json()) as { items: { id: string }[] };
  return [
    { name: 'home', path: '/' },
    { name: 'discipline hub', path: '/discipline/surfing' },
    { name: 'events list', path: '/discipline/surfing/events' },
    { name: 'one event', path: `/discipline/surfing/events/${events.items[0]!.id}` },
    ...(teams.items[0] ? [{ name: 'team', path: `/team/${teams.items[0].id}` }] : []),
  ];
}

await buildWebIfStale();
const here = describeThisCheckout();
const other = vsRef ? prepareCheckout(vsRef) : undefined;
const cores = availableParallelism();
const setups: Setup[] = [
  ...(other ? [{ label: `${vsRef} (${other.commit}): render thread`, checkout: other.dir, env: {} }] : []),
  { label: 'this: 1 process', checkout: here.root, env: { PROCESSES: '1' } },
  { label: `this: ${cores} processes`, checkout: here.root, env: { PROCESSES: String(cores) } },
];
const running: Running[] = [];
const results = new Map<string, Measurement[]>();
try {
  for (const [i, setup] of setups.entries()) running.push(await start(setup, 43_100 + i));
  const pages = await pagesOf(running[0]!.url);
  for (let round = 1; round <= rounds; round++) {
    for (const page of pages) {
      for (const server of running) {
        const m = await measure(
          server.url,
          { name: page.name, path: page.path, headers: { accept: 'text/html', 'accept-encoding': 'br' } },
          { connections, duration, cpu: server.meter },
        );
        const key = `${page.name}\n${server.label}`;
        results.set(key, [...(results.get(key) ?? []), m]);
        console.log(
          `round ${round} ${page.name} · ${server.label}: ${m.requestsPerSecond.toFixed(0)}/s p99 ${m.p99} ms, ${m.cpu ? m.cpu.total.toFixed(2) : '—'} ms CPU`,
        );
      }
    }
  }
  const lines = [
    '# bench:processes — one process against one per core (issue 38, decision 0017)',
    '',
    `${new Date().toISOString().slice(0, 10)}; ${machineLoad()}`,
    '',
    `Command: \`npm run bench:processes --${vsRef ? ` --vs ${vsRef}` : ''} --rounds ${rounds} --duration ${duration} --connections ${connections}\`; this checkout ${here.commit}${here.dirty ? ' with uncommitted changes' : ''}. PostgreSQL, HTTP cache off, sample content, brotli pages, ${connections} connections, medians of ${rounds} interleaved rounds. CPU: the server's process tree plus its PostgreSQL backends, per answer.`,
    '',
    `| page | ${running.map((s) => s.label).join(' | ')} |`,
    `|---|${running.map(() => '---|').join('')}`,
  ];
  for (const page of pages) {
    const cells = running.map((server) => {
      const all = results.get(`${page.name}\n${server.label}`) ?? [];
      const rps = median(all.map((m) => m.requestsPerSecond));
      const p50 = median(all.map((m) => m.p50));
      const p99 = median(all.map((m) => m.p99));
      const cpu = median(all.map((m) => m.cpu?.total ?? Number.NaN));
      return `${rps.toFixed(0)}/s, p50 ${p50} ms, p99 ${p99} ms, ${cpu.toFixed(2)} ms CPU`;
    });
    lines.push(`| ${page.name} | ${cells.join(' | ')} |`);
  }
  writeFileSync(path.join(here.root, 'bench/results/processes.md'), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
} finally {
  for (const server of running) await stop(server).catch(() => {});
  other?.remove();
}
