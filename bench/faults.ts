// `npm run bench:faults`: a private PostgreSQL cluster (initdb in /tmp, its own port, run as the
// postgres user), a server on it and a write load; the cluster is restarted under the load
// (pg_ctl restart -m fast, then a stop with 2 s away and a start), then the server gets SIGTERM under
// the load. Checks and prints: the server stays up, answers 503 while the database is away, comes
// back by itself within 5 s, exits 0 within 10 s on SIGTERM, and loses no write it acknowledged.
// Then the job queue's faults against a real SMTP server on a database of the same cluster
// (bench/faults-jobs.ts: SIGKILL while 1,000 mails go out, SMTP away 60 s, PostgreSQL restarted
// while mails go out). `--mail-only` runs only those. Writes bench/results/faults.md; exits 1 when a check fails. Never touches the shared PostgreSQL.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnServer, tempDir, type ServerProcess } from '../server/reliability/spawn.ts';
import { runMailFaults } from './faults-jobs.ts';
import { acknowledged, startWriteLoad, type WriteLoad } from '../server/reliability/write-load.ts';

const OUT = path.join(import.meta.dirname, 'results/faults.md');
const RECOVERY_LIMIT_MS = 5000;
const EXIT_LIMIT_MS = 10_000;

type Check = { name: string; ok: boolean; detail: string };
const checks: Check[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name}: ${detail}`);
};

const bin = findPostgresBin();
if (!bin) {
  const message = 'bench:faults skipped: no initdb found (install PostgreSQL server binaries, e.g. apt-get install postgresql)';
  console.log(message);
  writeResults([`${message}.`]);
  process.exit(0);
}

const asRoot = process.getuid?.() === 0;
const pgDir = mkdtempSync(path.join(os.tmpdir(), 'stoked-faults-pg-'));
const port = await freePortInRange(5400, 5499);
const data = tempDir('stoked-faults-');
let server: ServerProcess | undefined;
let exitCode = 0;
const notes: string[] = [];
const mailLines: string[] = [];
const startedAt = Date.now();
// `--mail-only`: only the job queue's scenarios (faults-jobs.ts), when working on them.
const mailOnly = process.argv.includes('--mail-only');

try {
  if (asRoot) chownSync(pgDir, uid('postgres'), gid('postgres'));
  await pgCtl(`${bin}/initdb -D ${pgDir}/data -A trust -U postgres --no-sync -E UTF8 > ${pgDir}/initdb.log 2>&1`);
  await startCluster();
  const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`faults: private PostgreSQL on port ${port} (${pgDir})`);

  if (!mailOnly) await databaseFaults(databaseUrl);
  mailLines.push(
    ...(await runMailFaults({
      adminUrl: databaseUrl,
      check,
      restartCluster: () => pgCtl(`${bin}/pg_ctl -D ${pgDir}/data -m fast -w restart -o "${serverOptions()}" -l ${pgDir}/log`),
    })),
  );
} catch (error) {
  console.error(error);
  check('the run completed', false, String((error as Error).message).split('\n')[0]!);
} finally {
  await server?.stop(2000);
  try {
    await pgCtl(`${bin}/pg_ctl -D ${pgDir}/data -m immediate -w stop`);
  } catch {
    notes.push('the private cluster was not running at the end');
  }
  rmSync(pgDir, { recursive: true, force: true });
  data.remove();
}

/** The database restarts and SIGTERM under a write load. */
async function databaseFaults(databaseUrl: string) {
  server = await spawnServer({ env: { DATABASE_URL: databaseUrl, DATA_DIR: data.dir, TRUST_PROXY: 'true', LOG_LEVEL: 'error' } });
  const s = server;
  const probes = startProbes(s.url);
  const load = startWriteLoad(s.url, { concurrency: 8, pauseMs: 5 });
  await sleep(3000);

  for (const outage of ['restart', 'stop-2s-start'] as const) {
    const before = load.now();
    const t0 = Date.now();
    if (outage === 'restart') await pgCtl(`${bin}/pg_ctl -D ${pgDir}/data -m fast -w restart -o "${serverOptions()}" -l ${pgDir}/log`);
    else {
      await pgCtl(`${bin}/pg_ctl -D ${pgDir}/data -m fast -w stop`);
      await sleep(2000);
      await startCluster();
    }
    const upAt = load.now();
    const recovery = await waitRecovered(s.url, load, upAt);
    const downMs = Date.now() - t0 - recovery;
    const during = probes.samples.filter((p) => p.at >= before && p.at <= upAt + recovery);
    const statuses = count(during.map((p) => p.status));
    check(`${outage}: server process stays up`, s.child.exitCode === null, s.child.exitCode === null ? 'running' : `exited ${s.child.exitCode}`);
    check(
      `${outage}: /readyz answers 503 (never 500, never an error) while the database is away`,
      Object.keys(statuses).every((k) => k === '200' || k === '503') && (outage === 'restart' || (statuses['503'] ?? 0) > 0),
      JSON.stringify(statuses),
    );
    check(
      `${outage}: recovers by itself within ${RECOVERY_LIMIT_MS / 1000} s`,
      recovery >= 0 && recovery <= RECOVERY_LIMIT_MS,
      `${recovery} ms after the database was back (away ≈ ${downMs} ms)`,
    );
  }
  await sleep(1000);
  const writeStatuses = count(load.outcomes.filter((o) => o.doneAt > 0).map((o) => o.status ?? o.error ?? 'none'));
  check(
    'writes under restarts: answered 201 or 503 only',
    Object.keys(writeStatuses).every((k) => k === '201' || k === '503'),
    JSON.stringify(writeStatuses),
  );

  // SIGTERM under the same load.
  const signalAt = load.now();
  const t0 = Date.now();
  s.child.kill('SIGTERM');
  const code = await Promise.race([s.exited, sleep(EXIT_LIMIT_MS + 5000).then(() => 'still running')]);
  const exitMs = Date.now() - t0;
  await load.stop();
  probes.stop();
  check(`SIGTERM: exits 0 within ${EXIT_LIMIT_MS / 1000} s`, code === 0 && exitMs <= EXIT_LIMIT_MS, `exit ${code} after ${exitMs} ms`);
  const unanswered = load.outcomes.filter((o) => o.sentAt < signalAt - 100 && o.status === null);
  check('SIGTERM: requests sent before the signal were answered', unanswered.length === 0, `${unanswered.length} unanswered`);

  const acked = acknowledged(load.outcomes);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>('select id from contact_messages where id = any($1::uuid[])', [acked.map((o) => o.id)]);
  await client.end();
  const stored = new Set(rows.map((r) => r.id));
  const lost = acked.filter((o) => !stored.has(o.id!)).length;
  check('every write acknowledged with 2xx is in the database', lost === 0, `${acked.length} acknowledged, ${lost} missing`);
}

if (checks.some((c) => !c.ok)) exitCode = 1;
writeResults([
  `Private PostgreSQL cluster (\`${bin}\`), a server process on it, 8 concurrent writers (contact-form posts) plus a /readyz probe every 100 ms.`,
  '',
  '| check | result | measured |',
  '|---|---|---|',
  ...checks.map((c) => `| ${c.name} | ${c.ok ? 'ok' : '**FAIL**'} | ${c.detail} |`),
  ...(notes.length ? ['', ...notes] : []),
  '',
  '## The job queue against a real SMTP server (issue 39, item 6)',
  '',
  'bench/faults-jobs.ts: the server and an SMTP receiver (server/test/smtp.ts) as child processes, on a database of the same private cluster;',
  'mails from password resets of seeded accounts and from sign-ups, through the production queue and SMTP transport, with',
  'MAIL_RETRY_DELAY_SECONDS=1, MAIL_RETRY_MAX_DELAY_SECONDS=4, MAIL_SEND_EXPIRE_SECONDS=5 (README). Counted at the receiver by Message-ID and address.',
  '',
  ...mailLines,
  '',
  `Whole run: ${Math.round((Date.now() - startedAt) / 1000)} s${mailOnly ? ' (--mail-only)' : ''}.`,
]);
console.log(exitCode === 0 ? 'faults: every check passed' : 'faults: some checks FAILED');
process.exit(exitCode);

function writeResults(lines: string[]) {
  mkdirSync(path.dirname(OUT), { recursive: true });
  const head = [
    '# Faults: database restarts and SIGTERM under load',
    '',
    'Command: `npm run bench:faults`',
    '',
    `${new Date().toISOString()} · nproc ${os.availableParallelism()} · load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (at the end) · Node ${process.version}`,
    '',
  ];
  writeFileSync(OUT, [...head, ...lines, ''].join('\n'));
  console.log(`written to ${path.relative(process.cwd(), OUT)}`);
}

function serverOptions() {
  return `-p ${port} -k ${pgDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
}

async function startCluster() {
  await pgCtl(`${bin}/pg_ctl -D ${pgDir}/data -w -o "${serverOptions()}" -l ${pgDir}/log start`);
}

/**
 * Runs a shell command as the postgres user (PostgreSQL refuses to run as root), without blocking:
 * the load and the probes go on while the database restarts.
 */
async function pgCtl(command: string) {
  if (asRoot) await promisify(execFile)('su', ['postgres', '-c', command]);
  else await promisify(execFile)('sh', ['-c', command]);
}

/** Waits until /readyz answers 200 and a write sent after `since` is acknowledged; ms after `since`, or -1. */
async function waitRecovered(url: string, load: WriteLoad, since: number): Promise<number> {
  while (load.now() - since < RECOVERY_LIMIT_MS * 3) {
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200 && load.outcomes.some((o) => o.sentAt >= since && o.status === 201)) return load.now() - since;
    await sleep(50);
  }
  return -1;
}

function startProbes(url: string) {
  const samples: { at: number; status: number | string }[] = [];
  const started = Date.now();
  let running = true;
  void (async () => {
    while (running) {
      const at = Date.now() - started;
      const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.name,
      );
      samples.push({ at, status });
      await sleep(100);
    }
  })();
  return {
    samples,
    stop: () => {
      running = false;
    },
  };
}

function count(values: (number | string)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}

function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort().reverse()) {
      if (existsSync(`${root}/${version}/bin/initdb`)) return `${root}/${version}/bin`;
    }
  }
  try {
    return path.dirname(execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

function uid(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}
function gid(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

async function freePortInRange(from: number, to: number): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from));
  for (let i = 0; i <= to - from; i++) {
    const candidate = from + ((start - from + i) % (to - from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
