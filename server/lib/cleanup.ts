import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { BUCKETS } from './storage.ts';

/**
 * What the database keeps past its use, removed by the `cleanup` job on a schedule (issue 39): each
 * step removes at most BATCH rows a run, so that a run after a long pause stays short (the next takes
 * the rest). Each returns how many it removed.
 */

export const CLEANUP_QUEUE = 'cleanup';
// Hourly, at a minute nothing else is scheduled at.
const CLEANUP_CRON = '17 * * * *';
const BATCH = 5000;
// The longest window of a rate limit is a day (server/lib/action-limits.ts): a row older than two
// counts nothing any more.
const RATE_LIMIT_KEPT = '2 days';
// Longer than a job can be retried (a day and a half for a mail) plus the 30 days a dead job waits
// for an admin: a key is remembered as long as its job can run again.
const SENT_KEYS_KEPT = '45 days';
// A file is stored before the row that names it is written (an upload, then the profile or the pending
// revision): younger than this it is never taken for one nobody names.
const FILE_GRACE_MS = 24 * 60 * 60 * 1000;
// Files looked at a run: each costs one look through every table (below).
const FILES_PER_RUN = 50;
// Stored share cards are a cache (docs/decisions/0019-job-queue.md, "Share cards"): one drawn this long
// ago goes, whether or not it is still asked for (neither the local folder nor S3 tells when a file
// was last read, and touching it on each read would cost a write per crawler). A card still in use
// is drawn again once at its next request: one drawing a month per card, no thrash. Cards of items
// renamed or hidden meanwhile go the same way.
export const SHARE_CARDS_KEPT_DAYS = 30;
// Cards looked at a run (one S3 listing page at most): a listing and a date each, no table read.
const CARDS_PER_RUN = 500;

export type CleanupStep = (app: FastifyInstance) => Promise<number>;

export const CLEANUP_STEPS: Record<string, CleanupStep> = {
  /** Sessions past their expiry: the auth library deletes one only when its cookie comes back. Their push devices go with them (on delete cascade). */
  expiredSessions: async (app) => {
    const { numAffectedRows } = await sql`
      delete from sessions where id in (select id from sessions where expires_at <= now() limit ${BATCH})`.execute(app.db);
    return Number(numAffectedRows ?? 0);
  },
  /** Push devices of sessions that ended but are still there (one is deleted with its session). */
  endedSessionDevices: async (app) => {
    const { numAffectedRows } = await sql`
      delete from push_subscriptions where id in (
        select s.id from push_subscriptions s join sessions x on x.id = s.session_id where x.expires_at <= now() limit ${BATCH})`.execute(app.db);
    return Number(numAffectedRows ?? 0);
  },
  rateLimitRows: async (app) => {
    const { numAffectedRows } = await sql`
      delete from rate_limits where key in (
        select key from rate_limits where window_start < now() - ${RATE_LIMIT_KEPT}::interval limit ${BATCH})`.execute(app.db);
    return Number(numAffectedRows ?? 0);
  },
  sentJobKeys: async (app) => {
    const { numAffectedRows } = await sql`
      delete from sent_jobs where key in (
        select key from sent_jobs where claimed_at < now() - ${SENT_KEYS_KEPT}::interval limit ${BATCH})`.execute(app.db);
    return Number(numAffectedRows ?? 0);
  },
  /**
   * Stored files no row points to (an upload whose form was abandoned, a file a crash left behind).
   * A run looks at FILES_PER_RUN files from a random point of the key order (keys are random UUIDs, so
   * runs cover them all in time without a cursor to keep), and keeps every file whose key appears
   * anywhere in any row of any table of ours: no list of URL columns to forget one in (a pending
   * revision holds its files inside JSON). One pass through each table a run.
   */
  unreferencedFiles: async (app) => {
    const startAfter = `${BUCKETS[Math.floor(Math.random() * BUCKETS.length)]}/${randomUUID()}`;
    const files = (await app.storage.list({ startAfter, limit: FILES_PER_RUN })).filter((f) => Date.now() - f.modifiedAt.getTime() > FILE_GRACE_MS);
    if (files.length === 0) return 0;
    const keys = files.map((f) => f.key);
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(app.db);
    const named = new Set<string>();
    for (const { name } of tables) {
      const { rows } = await sql<{ key: string }>`
        select distinct k as key from ${sql.table(name)} as x, unnest(${keys}::text[]) as k where strpos(x::text, k) > 0`.execute(app.db);
      for (const row of rows) named.add(row.key);
    }
    const unnamed = files.filter((f) => !named.has(f.key));
    for (const file of unnamed) await app.storage.remove(file.url);
    return unnamed.length;
  },
  /**
   * Share cards drawn more than SHARE_CARDS_KEPT_DAYS ago, CARDS_PER_RUN looked at a run from a random
   * point of their names (hashes: runs cover them all in time). The rule above never lists them (their
   * names are not uploads'): no row names a card, and a card a day old is no orphan.
   */
  oldShareCards: async (app) => {
    const startAfter = `share-cards/${randomBytes(32).toString('hex')}`;
    const cards = await app.storage.cached.list('share-cards', { startAfter, limit: CARDS_PER_RUN });
    const old = cards.filter((card) => Date.now() - card.modifiedAt.getTime() > SHARE_CARDS_KEPT_DAYS * 24 * 60 * 60 * 1000);
    for (const card of old) await app.storage.cached.remove(card.key);
    return old.length;
  },
  // Data exports (not written yet) add their step here: `expiredExports`, removing an export's file
  // (app.storage.remove) and then its row, once past its expiry.
};

/** Every step in turn; one that fails is logged and the others still run. Returns what each removed. */
export async function runCleanup(app: FastifyInstance, steps: Record<string, CleanupStep> = CLEANUP_STEPS): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  let failed: unknown;
  for (const [name, step] of Object.entries(steps)) {
    try {
      removed[name] = await step(app);
    } catch (error) {
      app.log.error({ err: error, step: name }, 'cleanup step failed');
      failed ??= error;
    }
  }
  app.log.info({ removed }, 'cleanup done');
  // The job fails (and is retried) when a step did, after the others had their turn.
  if (failed) throw failed;
  return removed;
}

/** The `cleanup` queue, scheduled hourly when `scheduled`. */
export function defineCleanup(app: FastifyInstance, scheduled: boolean): void {
  app.jobs.define(CLEANUP_QUEUE, {
    retryLimit: 2,
    retryDelaySeconds: 300,
    retryDelayMaxSeconds: 900,
    expireInSeconds: 15 * 60,
    cron: scheduled ? CLEANUP_CRON : undefined,
    work: () => runCleanup(app),
  });
}
