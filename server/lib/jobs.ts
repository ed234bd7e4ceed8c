import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { fromKysely, fromPglite, PgBoss, type Db, type Job } from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import { queueGate } from './queue-gate.ts';

/**
 * One job queue for everything slow or external (issue 39, docs/decisions/0019-job-queue.md):
 * pg-boss on the app's own database, PostgreSQL or the embedded PGlite. A job is written in the
 * transaction of the change it follows (`send(…, { db: tx })`): rolled back, it never runs. Of
 * several processes one takes it (FOR UPDATE SKIP LOCKED); a failed run is retried with exponential
 * backoff, and past its last retry the job is kept in the queue's dead-letter queue (`<name>.dead`)
 * until an admin retries or discards it (the admin Jobs tab). A run may still happen twice (the
 * process dies between the outside call and the job's completion, or a dead job is retried): every
 * job carries a key, and what talks to the outside world records it (`sentOnce`).
 */

/** pg-boss's own tables live in this schema; it creates and migrates them when it starts. */
export const JOB_SCHEMA = 'pgboss';
const DEAD = '.dead';
export const deadQueueOf = (name: string) => `${name}${DEAD}`;

export type JobData<T> = T & { /** Unique per thing to do once (a mail, a push to a device): `sentOnce` counts it. */ key: string };

export type QueueSpec<T> = {
  /** Runs after the first that may follow a failure, each `retryDelaySeconds × 2^n` later (with jitter), at most `retryDelayMaxSeconds` apart. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** A run still going after this is taken for a dead process's and retried. */
  expireInSeconds: number;
  /** Jobs of this queue run side by side in each process. */
  concurrency?: number;
  /** Sent on this schedule (cron, UTC) by whichever process's clock comes first; each slot once. */
  cron?: string;
  /** What a job does; a process without it (or with workers off) only sends. A throw is a failed run. */
  work?: (data: JobData<T>, job: Job<JobData<T>>) => Promise<unknown>;
  /** Whether this process's workers take the queue's jobs (default yes); `drain` runs them either way. */
  worker?: boolean;
};

export type SendOptions = {
  /** The transaction (or database) of the change the job follows. */
  db?: Kysely<DB>;
  /** The job's key; a new one by default. */
  key?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
};

export type QueueCounts = { queue: string; waiting: number; active: number; failed: number; dead: number };
export type JobFailure = { id: string; queue: string; key: string | null; error: string; at: string; attempts: number };

export type Jobs = {
  /** A queue and, when this process works, its worker; before `start`. */
  define<T extends object>(name: string, spec: QueueSpec<T>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /**
   * Runs the jobs of `name` due now in this process, as its worker would, until none is left (tests,
   * and fault scripts that want a queue emptied at a moment of their choosing). `work`: instead of the
   * queue's own. Returns what the runs that succeeded returned.
   */
  drain<R = unknown>(name: string, work?: (data: JobData<object>, job: Job<JobData<object>>) => Promise<R>): Promise<R[]>;
  /** Per queue: waiting (created or retry), active, failed (kept a week) and dead. */
  counts(): Promise<QueueCounts[]>;
  /** The last failed runs, newest first, with their error. */
  failures(limit: number): Promise<JobFailure[]>;
  /** The jobs in dead-letter queues, newest first, with the error of their last run. */
  dead(limit: number): Promise<JobFailure[]>;
  /** A dead job back into its queue (a new run, its key kept); false when there is no such dead job. */
  retryDead(id: string): Promise<boolean>;
  /** A dead job forgotten; false when there is no such dead job. */
  discardDead(id: string): Promise<boolean>;
  /** The names of the defined queues (not their dead-letter queues). */
  queues(): string[];
  /** The pg-boss instance (fault scripts stop and start it). */
  readonly boss: PgBoss;
};

export type JobsOptions = {
  database: Database;
  /** PostgreSQL's URL: pg-boss keeps a small pool of its own there. Without it, the embedded database. */
  databaseUrl?: string;
  log: FastifyBaseLogger;
  /** Whether this process runs jobs (always in the server; tests that drain by hand say no). */
  workers: boolean;
  /** Seconds between two looks at a queue when no notification woke the worker. */
  pollSeconds: number;
};

// pg-boss's own pool on PostgreSQL: its polling, maintenance and LISTEN stay off the requests' pool.
const POOL_MAX = 3;
// Jobs taken per look by `drain`, and rounds before it gives up (a queue refilled as fast as it empties).
const DRAIN_BATCH = 50;
const DRAIN_ROUNDS = 100;
// A failed or dead job's error as shown to an admin: its message, not its stack.
const ERROR_SHOWN = 500;
// A dead job waits this long for an admin before pg-boss deletes it.
const DEAD_KEPT_SECONDS = 60 * 60 * 24 * 30;

/**
 * pg-boss's statements on PGlite go through Kysely's connection lock (Database.exclusive): pg-boss's
 * own PGlite adapter runs its texts of several statements with `exec`, and without the lock one could
 * land inside a request's open transaction on the one connection.
 */
function embeddedDb(database: Database): Db {
  const exclusive = database.exclusive!;
  let adapter: Db | undefined;
  return {
    executeSql: (text, values) =>
      exclusive((client) => {
        adapter ??= fromPglite(client);
        return adapter.executeSql(text, values);
      }),
    listen: async (channel, onNotification, onReconnect) => {
      const stop = await database.listen(channel, onNotification);
      onReconnect();
      return { close: stop };
    },
  };
}

export function createJobs(options: JobsOptions): Jobs {
  const { database, log } = options;
  const specs = new Map<string, QueueSpec<object>>();
  const boss = options.databaseUrl
    ? new PgBoss({
        connectionString: options.databaseUrl,
        max: POOL_MAX,
        schema: JOB_SCHEMA,
        application_name: 'stoked-jobs',
        useListenNotify: true,
      })
    : new PgBoss({ db: embeddedDb(database), backend: 'pglite', schema: JOB_SCHEMA, useListenNotify: true });
  // pg-boss reports its own failures (a lost connection, a maintenance run) as events: to the log.
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  let started = false;

  const names = () => [...specs.keys()];
  const allNames = () => names().flatMap((name) => [name, deadQueueOf(name)]);

  async function run<R>(name: string, work: (data: JobData<object>, job: Job<JobData<object>>) => Promise<R>, job: Job<JobData<object>>) {
    try {
      const result = await work(job.data, job);
      await boss.complete(name, { id: job.id, retryCount: job.retryCount });
      return { ok: true as const, result };
    } catch (error) {
      log.warn({ err: error, queue: name, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed');
      await boss.fail(name, { id: job.id, retryCount: job.retryCount }, { message: messageOf(error) });
      return { ok: false as const };
    }
  }

  const deadJob = async (id: string) => {
    const { rows } = await sql<{ name: string }>`
      select name from ${sql.table(`${JOB_SCHEMA}.job`)}
      where id = ${id} and name = any(${allNames().filter((n) => n.endsWith(DEAD))}) and state in ('created', 'retry')`.execute(database.db);
    return rows[0]?.name;
  };

  return {
    boss,
    queues: names,
    define(name, spec) {
      if (started) throw new Error(`queue ${name} defined after the job queue started`);
      specs.set(name, spec as QueueSpec<object>);
    },

    async start() {
      started = true;
      await boss.start();
      for (const [name, spec] of specs) {
        await boss.createQueue(deadQueueOf(name), { retentionSeconds: DEAD_KEPT_SECONDS });
        const queue = {
          retryLimit: spec.retryLimit,
          retryDelay: spec.retryDelaySeconds,
          retryBackoff: true,
          retryDelayMax: spec.retryDelayMaxSeconds,
          expireInSeconds: spec.expireInSeconds,
          deadLetter: deadQueueOf(name),
          notify: true,
        };
        // createQueue leaves an existing queue as it was: a changed policy is applied by updateQueue.
        await boss.createQueue(name, queue);
        const { deadLetter: _dead, notify: _notify, retryDelayMax: _max, ...changeable } = queue;
        await boss.updateQueue(name, { ...changeable, deadLetter: deadQueueOf(name) });
        // Every run of a schedule has one key: its work is idempotent by itself (the digest marks what it
        // queued in the same transaction, the cleanup deletes what is still there).
        if (spec.cron) await boss.schedule(name, spec.cron, { key: `schedule:${name}` }, { tz: 'UTC' });
        else await boss.unschedule(name).catch(() => {});
        if (options.workers && spec.work && spec.worker !== false) {
          const work = spec.work;
          // One pg-boss worker per job run side by side, each woken again as soon as a job of its own
          // succeeded: otherwise a worker waits a whole look interval after every job, and a backlog
          // (mails queued while SMTP was away, or left by a process that died) went out at
          // concurrency ÷ pollSeconds, 2 mails a second (bench:faults). A failed run does not wake it:
          // its retry is not due yet, and an SMTP server away must not be hammered.
          for (let i = 0; i < (spec.concurrency ?? 1); i++) {
            let workerId = '';
            workerId = await boss.work<JobData<object>>(
              name,
              // The same look interval with notifications as without: a notification wakes a worker at
              // once, but a worker that missed one (several jobs sent at once, each waking one look)
              // would otherwise wait pg-boss's 30 s before its next look.
              { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: options.pollSeconds, notifyPollingIntervalSeconds: options.pollSeconds },
              async ([job]) => {
                try {
                  const result = await work(job!.data, job!);
                  boss.notifyWorker(workerId);
                  return result;
                } catch (error) {
                  log.warn({ err: error, queue: name, jobId: job!.id, attempt: job!.retryCount + 1 }, 'job failed');
                  throw error;
                }
              },
            );
          }
        }
      }
    },

    async stop() {
      if (!started) return;
      started = false;
      // Runs under way get a few seconds; one cut short is retried after its expiry by another process.
      await boss.stop({ graceful: true, timeout: 5000, close: true });
    },

    async send(name, data, { db, key, startAfterSeconds } = {}) {
      if (!specs.has(name)) throw new Error(`no queue ${name}`);
      const id = await boss.send(
        name,
        { ...data, key: key ?? `${name}:${randomUUID()}` },
        {
          // Through Kysely, on the caller's transaction when it has one (on PGlite, pg-boss's own
          // connection would wait for the lock that transaction holds).
          db: fromKysely(db ?? database.db),
          ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        },
      );
      if (!id) throw new Error(`job not queued in ${name}`);
      return id;
    },

    async drain(name, work) {
      const handler = work ?? specs.get(name)?.work;
      if (!handler) throw new Error(`no worker for ${name}`);
      const gate = queueGate(specs.get(name)?.concurrency ?? 1);
      const results: never[] = [];
      for (let round = 0; round < DRAIN_ROUNDS; round++) {
        const batch = await boss.fetch<JobData<object>>(name, { batchSize: DRAIN_BATCH });
        if (batch.length === 0) break;
        const runs = await Promise.all(
          batch.map(async (job) => {
            await gate.enter();
            try {
              return await run(name, handler, job);
            } finally {
              gate.leave();
            }
          }),
        );
        for (const r of runs) if (r.ok) results.push(r.result as never);
      }
      return results;
    },

    async counts() {
      const { rows } = await sql<{ name: string; state: string; n: number }>`
        select name, state::text as state, count(*)::int as n from ${sql.table(`${JOB_SCHEMA}.job`)}
        where name = any(${allNames()}) and state in ('created', 'retry', 'active', 'failed')
        group by name, state`.execute(database.db);
      const count = (name: string, states: string[]) => rows.filter((r) => r.name === name && states.includes(r.state)).reduce((a, r) => a + r.n, 0);
      return names().map((queue) => ({
        queue,
        waiting: count(queue, ['created', 'retry']),
        active: count(queue, ['active']),
        failed: count(queue, ['failed']),
        dead: count(deadQueueOf(queue), ['created', 'retry']),
      }));
    },

    async failures(limit) {
      const { rows } = await sql<FailureRow>`
        select id, name, data->>'key' as key, left(output->>'message', ${ERROR_SHOWN}) as error, completed_on as at, retry_count
        from ${sql.table(`${JOB_SCHEMA}.job`)}
        where name = any(${names()}) and state = 'failed'
        order by completed_on desc limit ${limit}`.execute(database.db);
      return rows.map(failureOf);
    },

    async dead(limit) {
      const { rows } = await sql<FailureRow>`
        select id, source_name as name, data->>'key' as key, left(source_output->>'message', ${ERROR_SHOWN}) as error, created_on as at,
          coalesce(source_retry_count, 0) as retry_count
        from ${sql.table(`${JOB_SCHEMA}.job`)}
        where name = any(${names().map(deadQueueOf)}) and state in ('created', 'retry')
        order by created_on desc, id limit ${limit}`.execute(database.db);
      return rows.map(failureOf);
    },

    async retryDead(id) {
      const dead = await deadJob(id);
      if (!dead) return false;
      return (await boss.redrive(dead, { ids: [id] })) === 1;
    },

    async discardDead(id) {
      const dead = await deadJob(id);
      if (!dead) return false;
      // pg-boss's CommandResponse is typed empty; it carries the count of jobs changed.
      return ((await boss.deleteJob(dead, id)) as { affected?: number }).affected === 1;
    },
  };
}

type FailureRow = { id: string; name: string | null; key: string | null; error: string | null; at: Date; retry_count: number };

const failureOf = (row: FailureRow): JobFailure => ({
  id: row.id,
  queue: row.name ?? '',
  key: row.key,
  error: row.error ?? '',
  at: new Date(row.at).toISOString(),
  attempts: Number(row.retry_count) + 1,
});

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, ERROR_SHOWN);
}

/** A send is taken for cut short (its process died) when its claim is older than this (the mail queue passes its own: twice its expiry). */
const CLAIM_STALE_SECONDS = 10 * 60;

/** Another run holds the key and is sending now: this run fails and its job is retried later. */
export class SendInProgress extends Error {
  constructor(key: string) {
    super(`${key} is being sent by another run`);
  }
}

/**
 * Does `send` once per key. The run claims the key first (a row of sent_jobs, unique), sends, then
 * marks it sent: a key already sent sends nothing; one another run is sending throws SendInProgress
 * (retried later); a claim older than `staleSeconds` is a run that died and is taken over. A
 * process dying between the outside world's acceptance and the mark sends once more on the retry:
 * that is why a mail's Message-ID comes from its key (a receiver sees the repeat). A failed send
 * gives the claim back. Returns whether it sent. No transaction is held while sending.
 */
export async function sentOnce(db: Kysely<DB>, key: string, send: () => Promise<void>, staleSeconds = CLAIM_STALE_SECONDS): Promise<boolean> {
  const { rows } = await sql<{ key: string }>`
    insert into sent_jobs (key) values (${key})
    on conflict (key) do update set claimed_at = now()
      where sent_jobs.sent_at is null and sent_jobs.claimed_at < now() - make_interval(secs => ${staleSeconds})
    returning key`.execute(db);
  if (rows.length === 0) {
    const held = await db.selectFrom('sent_jobs').select('sent_at').where('key', '=', key).executeTakeFirst();
    if (held?.sent_at) return false;
    throw new SendInProgress(key);
  }
  try {
    await send();
  } catch (error) {
    await db.deleteFrom('sent_jobs').where('key', '=', key).where('sent_at', 'is', null).execute();
    throw error;
  }
  await db.updateTable('sent_jobs').set({ sent_at: new Date() }).where('key', '=', key).execute();
  return true;
}
