// The job queue's faults against a real SMTP server (issue 39, item 6), run by bench/faults.ts on its
// private PostgreSQL cluster, in a database of their own: the app server is a child process
// (server/main.ts) and the SMTP receiver another (server/test/smtp.ts), which appends every message it
// accepts to a file before answering 250. Mails are made by the app's own routes (password resets of
// seeded accounts, sign-ups) and go through the production queue and SMTP transport; the server is
// only told shorter retries through its validated settings (MAIL_RETRY_*, MAIL_SEND_EXPIRE_SECONDS).
//  1. SIGKILL of the server while it sends 1,000 mails, then a restart: every mail arrives, one
//     Message-ID per mail; a repeat of a Message-ID only for a send under way at the kill (the window
//     between SMTP's acceptance and the sent-mark, docs/decisions/0019).
//  2. SMTP away for exactly 60 s during sign-ups: every request answered 2xx without waiting, every
//     confirmation arrives once SMTP is back.
//  3. PostgreSQL restarted (pg_ctl restart -m fast) while mails are being sent: nothing lost, nothing
//     doubled.
// MAIL_RETRY_LIMIT in the bench's own environment is handed to the server (0: retries off, to watch
// the checks fail).
import http from 'node:http';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../server/db/schema.ts';
import { insertVerifiedUsers, spawnServer, tempDir, type ServerProcess } from '../server/reliability/spawn.ts';
import { post } from '../server/reliability/write-load.ts';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../server/test/smtp.ts';

export type Check = (name: string, ok: boolean, detail: string) => void;

export type MailFaultsContext = {
  /** The private cluster's maintenance database (postgres://…/postgres). */
  adminUrl: string;
  /** pg_ctl restart -m fast of the private cluster; resolves once it accepts connections again. */
  restartCluster(): Promise<void>;
  check: Check;
};

const CRASH_MAILS = 1000;
const RESTART_MAILS = 300;
// The server is killed once this many of the 1,000 have arrived: well inside the sending.
const KILL_AFTER = 300;
const SMTP_OUTAGE_MS = 60_000;
// Sign-ups during the outage: this many at once, each followed by a pause (a steady trickle, not a flood).
const SIGNUP_CONCURRENCY = 2;
const SIGNUP_PAUSE_MS = 200;
// A request that waited for SMTP would take nodemailer's connection timeout (10 s); none may come near.
const SIGNUP_SLOWEST_MS = 5000;
const REQUEST_CONCURRENCY = 8;
// How long mails may take to arrive after the fault is over: pg-boss notices an expired run of the dead
// process at its next monitor pass (every 60 s), then the key's claim must go stale (2 × 5 s here).
const DELIVERY_LIMIT_MS = 120_000;
const BENCH_PASSWORD = 'correct horse battery';
// Retry timing for the bench, through the server's own validated settings (README): seconds, not hours.
const RETRY_ENV = { MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_MAX_DELAY_SECONDS: '4', MAIL_SEND_EXPIRE_SECONDS: '5' };

export async function runMailFaults(ctx: MailFaultsContext): Promise<string[]> {
  const { check } = ctx;
  const lines: string[] = [];
  const admin = new pg.Client({ connectionString: ctx.adminUrl });
  await admin.connect();
  await admin.query('drop database if exists stoked_mail_faults');
  await admin.query('create database stoked_mail_faults');
  await admin.end();
  const databaseUrl = ctx.adminUrl.replace(/\/[^/]*$/, '/stoked_mail_faults');
  const data = tempDir('stoked-mail-faults-');
  const receiverStart = Date.now();
  const receiver = await startSmtpReceiver();
  // Starting it again takes about as long (a child process, tsx): begun this much before the minute is
  // up, it listens again when the minute is.
  const receiverStartMs = Date.now() - receiverStart;
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: data.dir,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'error',
    SMTP_URL: receiver.url,
    RATE_LIMIT_SIGNUP_PER_30_MIN: '1000000',
    ...RETRY_ENV,
    ...(process.env.MAIL_RETRY_LIMIT ? { MAIL_RETRY_LIMIT: process.env.MAIL_RETRY_LIMIT } : {}),
  };
  let server: ServerProcess | undefined;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The cluster's restart (scenario 3) ends the pool's idle connections: the pool drops them, the
  // bench's next query opens new ones; unheard, the event would end the bench.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    server = await spawnServer({ env });
    const port = server.port;
    const users = await insertVerifiedUsers(db, CRASH_MAILS + RESTART_MAILS, 'mail');
    const crashSet = users.slice(0, CRASH_MAILS).map((u) => u.email);
    const restartSet = users.slice(CRASH_MAILS).map((u) => u.email);

    // 1. SIGKILL while sending 1,000 mails.
    {
      const t0 = Date.now();
      const requests = await resets(server.url, crashSet, () => {});
      const requestStatuses = count(requests.map((r) => r.status));
      let arrived = received(receiver, crashSet).length;
      // Every reset was asked for (and answered) before the kill unless sending overtook them.
      const beforeKill = arrived;
      server.child.kill('SIGKILL');
      await server.exited;
      arrived = received(receiver, crashSet).length;
      // A key claimed and not marked sent at the kill: the only sends that may legitimately come twice.
      const window = await unmarked(db);
      const restartAt = Date.now();
      server = await spawnServer({ env, port });
      const done = await waitDelivered(receiver, crashSet);
      // A send cut by the fault is retried once its claim goes stale: the queue settles, then the tally.
      const left = await settled(db);
      const m = tally(receiver, crashSet);
      check(
        '1 SIGKILL: every reset request answered 2xx before the kill',
        requests.length === CRASH_MAILS && Object.keys(requestStatuses).every((s) => s === '200'),
        JSON.stringify(requestStatuses),
      );
      check(
        '1 SIGKILL: the kill came while the mails were being sent',
        arrived > 0 && arrived < CRASH_MAILS,
        `${beforeKill} of ${CRASH_MAILS} had arrived when the kill was sent, ${arrived} when the server had exited`,
      );
      mailChecks(check, '1 SIGKILL', CRASH_MAILS, m, window, left);
      lines.push(
        `- Scenario 1 (SIGKILL): ${CRASH_MAILS} password resets of seeded accounts in ${restartAt - t0 - 0} ms up to the restart; killed at ${arrived} received; ` +
          `all ${m.distinct} distinct Message-IDs arrived ${done >= 0 ? `${done} ms after the restart` : 'NOT all'}; raw deliveries ${m.raw} (repeats ${m.raw - m.distinct}, sends under way at the kill ${window}).`,
      );
    }

    // 2. SMTP away for exactly 60 s during sign-ups.
    {
      await receiver.stop('SIGKILL');
      const stoppedAt = Date.now();
      const signups = await signUps(server.url, stoppedAt + SMTP_OUTAGE_MS);
      await sleep(stoppedAt + SMTP_OUTAGE_MS - receiverStartMs - Date.now());
      await receiver.start();
      const outageMs = Date.now() - stoppedAt;
      const addresses = signups.map((s) => s.email);
      const duringOutage = received(receiver, addresses).length;
      const done = await waitDelivered(receiver, addresses);
      const left = await settled(db);
      const m = tally(receiver, addresses);
      const statuses = count(signups.map((s) => s.status));
      const ms = signups.map((s) => s.ms).sort((a, b) => a - b);
      const [p50, p99, max] = [quantile(ms, 0.5), quantile(ms, 0.99), ms.at(-1) ?? 0];
      check(
        '2 SMTP away 60 s: every sign-up answered 2xx',
        signups.length > 0 && signups.every((s) => typeof s.status === 'number' && s.status >= 200 && s.status < 300),
        `${signups.length} sign-ups: ${JSON.stringify(statuses)}`,
      );
      check(
        `2 SMTP away 60 s: no sign-up waited for SMTP (slowest under ${SIGNUP_SLOWEST_MS} ms)`,
        max < SIGNUP_SLOWEST_MS,
        `p50 ${p50} ms, p99 ${p99} ms, slowest ${max} ms`,
      );
      check('2 SMTP away 60 s: the outage lasted 60 s (± 1 s)', Math.abs(outageMs - SMTP_OUTAGE_MS) <= 1000, `${outageMs} ms`);
      check('2 SMTP away 60 s: no confirmation arrived while SMTP was away', duringOutage === 0, `${duringOutage}`);
      mailChecks(check, '2 SMTP away 60 s', addresses.length, m, 0, left);
      lines.push(
        `- Scenario 2 (SMTP away ${outageMs} ms): ${signups.length} sign-ups during the outage, p50 ${p50} ms, p99 ${p99} ms, slowest ${max} ms, ${JSON.stringify(statuses)}; ` +
          `${m.distinct} confirmations arrived ${done >= 0 ? `${done} ms after SMTP came back` : 'NOT all'}; raw deliveries ${m.raw}.`,
      );
    }

    // 3. PostgreSQL restarted while mails are being sent.
    {
      // Every reset is asked and queued first (a request met by the restart is answered 503 and queues
      // nothing: that is the database away, not a job lost); the restart then lands among the sends.
      const requests = await resets(server.url, restartSet, () => {});
      const queuedAt = received(receiver, restartSet).length;
      const t0 = Date.now();
      await ctx.restartCluster();
      const restartMs = Date.now() - t0;
      // Claimed and not marked sent right after the restart: the sends the restart may have cut.
      const window = await unmarked(db).catch(() => -1);
      const arrivedAtRestart = received(receiver, restartSet).length;
      check(
        '3 PostgreSQL restart: it landed while mails were still going out',
        queuedAt < RESTART_MAILS,
        `${queuedAt} of ${RESTART_MAILS} had arrived when the restart began`,
      );
      const done = await waitDelivered(receiver, restartSet);
      const left = await settled(db);
      const m = tally(receiver, restartSet);
      const requestStatuses = count(requests.map((r) => r.status));
      check(
        '3 PostgreSQL restart: every reset request answered 2xx',
        Object.keys(requestStatuses).every((s) => s === '200'),
        JSON.stringify(requestStatuses),
      );
      mailChecks(check, '3 PostgreSQL restart', RESTART_MAILS, m, Math.max(window, 0), left);
      lines.push(
        `- Scenario 3 (pg_ctl restart -m fast, ${restartMs} ms, with ${arrivedAtRestart} of ${RESTART_MAILS} arrived when it returned): ` +
          `all ${m.distinct} distinct Message-IDs arrived ${done >= 0 ? `${done} ms later` : 'NOT all'}; raw deliveries ${m.raw} (repeats ${m.raw - m.distinct}, claimed and unmarked just after the restart ${window}).`,
      );
    }
  } finally {
    await server?.stop(2000);
    await db.destroy().catch(() => {});
    await receiver.close();
    data.remove();
  }
  return lines;
}

type Tally = { raw: number; distinct: number; missing: number; twice: number };

/**
 * The checks of one scenario's mails at the receiver: all there, one Message-ID per address (a second
 * identity would be the mail queued or sent twice as two mails), a Message-ID repeated only for a send
 * under way at the fault, every key marked sent and the queue empty.
 */
function mailChecks(check: Check, scenario: string, expected: number, m: Tally, window: number, left: { unmarked: number; jobs: number }) {
  check(
    `${scenario}: every mail arrived (distinct Message-IDs = ${expected}, none missing)`,
    m.distinct === expected && m.missing === 0,
    `${m.distinct} distinct, ${m.missing} addresses without their mail`,
  );
  check(`${scenario}: no mail sent twice as two messages (one Message-ID per address)`, m.twice === 0, `${m.twice} addresses with more than one Message-ID`);
  check(
    `${scenario}: a Message-ID repeated only for a send under way at the fault`,
    m.raw - m.distinct <= window,
    `${m.raw} deliveries, ${m.raw - m.distinct} repeats, ${window} sends under way`,
  );
  check(
    `${scenario}: every key marked sent, no mail job left (waiting, running or dead)`,
    left.unmarked === 0 && left.jobs === 0,
    `${left.unmarked} keys unmarked, ${left.jobs} jobs left`,
  );
}

function received(receiver: SmtpReceiver, addresses: string[]): ReceivedMail[] {
  const wanted = new Set(addresses.map((a) => a.toLowerCase()));
  return receiver.mails().filter((m) => m.envelopeTo.some((to) => wanted.has(to)));
}

function tally(receiver: SmtpReceiver, addresses: string[]): Tally {
  const mails = received(receiver, addresses);
  const ids = new Map<string, Set<string>>();
  for (const m of mails) for (const to of m.envelopeTo) ids.set(to, (ids.get(to) ?? new Set()).add(m.messageId));
  return {
    raw: mails.length,
    distinct: new Set(mails.map((m) => m.messageId)).size,
    missing: addresses.filter((a) => !ids.has(a.toLowerCase())).length,
    twice: [...ids.values()].filter((s) => s.size > 1).length,
  };
}

/** Ms until every address has a mail (after the caller's fault), or -1 after DELIVERY_LIMIT_MS. */
async function waitDelivered(receiver: SmtpReceiver, addresses: string[]): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < DELIVERY_LIMIT_MS) {
    if (tally(receiver, addresses).missing === 0) {
      // A repeat of the last sends may still be on its way: a moment for it to be counted too.
      await sleep(2000);
      return Date.now() - t0;
    }
    await sleep(100);
  }
  return -1;
}

async function unmarked(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('sent_jobs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What is left of the mail queue once it settles: every key marked and no job waiting, or what is left after DELIVERY_LIMIT_MS. */
async function settled(db: Kysely<DB>): Promise<{ unmarked: number; jobs: number }> {
  const until = Date.now() + DELIVERY_LIMIT_MS;
  for (;;) {
    const left = await leftInQueue(db);
    if ((left.unmarked === 0 && left.jobs === 0) || Date.now() > until) return left;
    await sleep(500);
  }
}

async function leftInQueue(db: Kysely<DB>): Promise<{ unmarked: number; jobs: number }> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pgboss.job where name in ('mail', 'mail.dead') and state in ('created', 'retry', 'active')`.execute(db);
  return { unmarked: await unmarked(db), jobs: Number(rows[0]?.n ?? 0) };
}

let forwarded = 0;
/** A distinct forwarded address per request: the per-address limits are not what is measured. */
const nextAddress = () => {
  forwarded += 1;
  return `10.${(forwarded >> 16) & 255}.${(forwarded >> 8) & 255}.${forwarded & 255}`;
};

/** Password resets of `emails`, REQUEST_CONCURRENCY at once; `tick` is called after each answer. */
async function resets(url: string, emails: string[], tick: () => void): Promise<{ email: string; status: number | string }[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: REQUEST_CONCURRENCY });
  const out: { email: string; status: number | string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const email = emails[next++]!;
      const res = await post(agent, `${url}/api/auth/request-password-reset`, headers(url), JSON.stringify({ email })).then(
        (r) => r.status,
        (e: Error & { code?: string }) => e.code ?? e.message,
      );
      out.push({ email, status: res });
      tick();
    }
  };
  await Promise.all(Array.from({ length: REQUEST_CONCURRENCY }, worker));
  agent.destroy();
  return out;
}

/** Sign-ups of new addresses until `until` (epoch ms): each one's status and time. */
async function signUps(url: string, until: number): Promise<{ email: string; status: number | string; ms: number }[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SIGNUP_CONCURRENCY });
  const out: { email: string; status: number | string; ms: number }[] = [];
  const tag = Math.random().toString(36).slice(2, 8);
  let n = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const email = `outage-${tag}-${n++}@example.com`;
      const t0 = performance.now();
      const body = JSON.stringify({ name: 'Outage Rider', email, password: BENCH_PASSWORD });
      const status = await post(agent, `${url}/api/auth/sign-up/email`, headers(url), body).then(
        (r) => r.status,
        (e: Error & { code?: string }) => e.code ?? e.message,
      );
      out.push({ email, status, ms: Math.round(performance.now() - t0) });
      await sleep(Math.min(SIGNUP_PAUSE_MS, until - Date.now()));
    }
  };
  await Promise.all(Array.from({ length: SIGNUP_CONCURRENCY }, worker));
  agent.destroy();
  return out;
}

const headers = (url: string) => ({ 'content-type': 'application/json', origin: url, 'x-forwarded-for': nextAddress() });

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;
}

function count(values: (number | string)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, Math.max(0, ms)));
}
