import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

// int8 (count(*), bigserial) as JS numbers on pg, as PGlite already does; our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  execScript(script: string, after?: (tx: ScriptTx) => Promise<void>): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY payload on `channel` (delivered on commit, never on rollback);
   * the returned function stops listening. On PostgreSQL a dedicated connection keeps listening and
   * comes back by itself after a failure, calling `onReconnect` as signals may have been missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /** PGlite only: the whole database as an image that `openDatabase({ startFrom })` opens again. */
  image?(): Promise<Blob>;
  /**
   * PGlite only: runs `work` on the one connection with no request's statement in between (Kysely's
   * connection lock): the job queue (server/lib/jobs.ts) sends texts of several statements, which
   * only PGlite's own `exec` runs, and must never land inside another request's transaction.
   */
  exclusive?<T>(work: (client: PGlite) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const CONNECT_TIMEOUT_MS = 3000;
const STATEMENT_TIMEOUT_MS = 30_000;

// SQLSTATEs of a database that is shutting down or starting, a connection that broke, a statement
// cancelled by the timeout.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
// node-postgres reports a lost or never-made connection with these messages and no code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** Whether `error` means the database is away (the request may be retried), not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  // AggregateError (several addresses refused) and wrappers such as better-auth's.
  const inner = (error as { errors?: unknown[] }).errors;
  if (Array.isArray(inner) && inner.some(isDatabaseUnavailable)) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

export type ListenOptions = {
  log?: { warn(obj: object, msg: string): void };
  onReconnect?: () => void;
};

/**
 * Statements run often are kept prepared by PostgreSQL on each connection: node-postgres prepares a
 * query that has a name once per connection, and then only sends its values; after a few runs the
 * server also stops planning it anew (its generic plan). Planning and parsing were half of the
 * database's CPU for a page: a profile page (six statements) cost it 8.6–11.2 ms unprepared and 4.5
 * prepared; the events list 5.8–6.7 against 2.9 (2-core machine, 64 connections, two rounds each).
 *
 * A text is named once it has run PREPARE_AFTER_RUNS times, and at most MAX_PREPARED texts are, so
 * that rare statements (an admin's, a list of an unusual length) take no memory on every
 * connection. Texts carry their values as parameters ($1…): a text that varied with the data would
 * only ever be counted. Scripts (no parameter list) run as they are.
 */
const PREPARE_AFTER_RUNS = 3;
const MAX_PREPARED = 500;
// Runs of the texts not yet named; forgotten wholesale past this many, so that it stays small.
const MAX_COUNTED = 5000;

export type StatementNames = {
  /** The name `text` runs under, if it is run often enough to be kept prepared. */
  nameOf(text: string): string | undefined;
  /** Its prepared form went stale (a migration changed a table it reads): from now on it is prepared anew, under another name. */
  renew(text: string): void;
};

export function statementNames(prepareAfterRuns = PREPARE_AFTER_RUNS, maxPrepared = MAX_PREPARED): StatementNames {
  const names = new Map<string, string>();
  const runs = new Map<string, number>();
  let renewals = 0;
  const named = (text: string, suffix = '') => {
    const name = `stoked_${createHash('sha256').update(text).digest('hex').slice(0, 24)}${suffix}`;
    names.set(text, name);
    return name;
  };
  return {
    nameOf(text) {
      const name = names.get(text);
      if (name || names.size >= maxPrepared) return name;
      const count = (runs.get(text) ?? 0) + 1;
      if (count < prepareAfterRuns) {
        if (runs.size >= MAX_COUNTED) runs.clear();
        runs.set(text, count);
        return undefined;
      }
      runs.delete(text);
      return named(text);
    },
    renew: (text) => void named(text, `_${++renewals}`),
  };
}

// PostgreSQL refuses to run a prepared statement whose columns a migration changed since it was
// prepared (another server of a rolling deploy migrated): "cached plan must not change result type".
const STALE_PLAN = '0A000';

// Only statements worth preparing; never the transaction's own (begin, commit, savepoints).
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;
const TRANSACTION_STARTS = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_ENDS = /^\s*(commit|rollback|end|abort)\b/i;

/** A pool client whose statements run often run as named prepared statements (`names`). */
export function preparing(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let inTransaction = false;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string') {
      if (TRANSACTION_STARTS.test(text)) inTransaction = true;
      else if (TRANSACTION_ENDS.test(text)) inTransaction = false;
    }
    const name = typeof text === 'string' && Array.isArray(values) && typeof callback !== 'function' && PREPARABLE.test(text) ? names.nameOf(text) : undefined;
    if (!name) return query(text, values, callback);
    const inOne = inTransaction;
    return query({ name, text, values }).catch((error: unknown) => {
      // Inside a transaction the failed statement has aborted it: the error goes to its caller.
      if ((error as { code?: string }).code !== STALE_PLAN || inOne) throw error;
      // Run as it is this time; the next run prepares it anew, on every connection.
      names.renew(text as string);
      return query(text, values);
    });
  };
}

export type ScriptTx = { query<R>(text: string, params?: unknown[]): Promise<R[]>; exec(text: string): Promise<void> };

/**
 * PostgreSQL through `databaseUrl`, else PGlite in `dataDir` (or in memory). `startFrom`: a PGlite
 * image (Database.image) to start from instead of a new cluster; tests open a migrated one in ~0.65 s
 * where creating and migrating takes ~6.5 s.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; inMemory?: boolean; startFrom?: Blob }): Promise<Database> {
  const databaseUrl = opts.databaseUrl;
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      // A database that is away must fail requests quickly (503), not hold them: a refused connection
      // fails at once, a silent network after this (it also bounds the wait for a free connection).
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // No request should hold a connection longer; migrations lift it for their transaction.
      statement_timeout: STATEMENT_TIMEOUT_MS,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor one dropped while checked out between two queries (inside a transaction, or just before
    // its query): the pool listens only to idle ones. Its next query fails (→ 503) and the pool
    // discards it on release.
    const names = statementNames();
    pool.on('connect', (client) => {
      client.on('error', () => {});
      preparing(client, names);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      async execScript(script, after) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('SET LOCAL statement_timeout = 0');
          await client.query(script);
          if (after) {
            await after({
              query: async (text, params) => (await client.query(text, params)).rows,
              exec: async (text) => void (await client.query(text)),
            });
          }
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      listen: (channel, onPayload, options) => listenPostgres(databaseUrl, channel, onPayload, options),
      close: () => db.destroy(),
    };
  }

  let dataDir = 'memory://';
  if (!opts.inMemory) {
    dataDir = path.join(opts.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm: substring searches through trigram indexes (migration 0007). An in-memory database (the
  // tests') holds a few hundred rows: PostgreSQL's default 128 MB of shared buffers, which its start
  // clears, made up half of the 1.5 s each test app took to open (4 MB: 0.65 s).
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: opts.startFrom,
    ...(opts.inMemory ? { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=4MB'] } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    async execScript(script, after) {
      // Through Kysely's connection lock, so no request interleaves with the script.
      await db.connection().execute(async () => {
        await client.transaction(async (tx) => {
          await tx.exec(script);
          if (after) {
            await after({
              query: async (text, params) => (await tx.query(text, params)).rows as never[],
              exec: async (text) => void (await tx.exec(text)),
            });
          }
        });
      });
    },
    async listen(channel, onPayload) {
      // Through the connection lock: LISTEN must not land inside another request's transaction.
      const unlisten = await db.connection().execute(() => client.listen(channel, onPayload));
      return () => db.connection().execute(() => unlisten());
    },
    exclusive: (work) => db.connection().execute(() => work(client)),
    // After a checkpoint, so that a database opened from the image has no log to replay first.
    image: () =>
      db.connection().execute(async () => {
        await client.exec('checkpoint');
        return client.dumpDataDir('none');
      }),
    close: () => db.destroy(),
  };
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 5000;

/** LISTEN needs a connection of its own: pooled connections come and go, and a listener must stay. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  let closed = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  const connect = async () => {
    const client = new pg.Client({ connectionString, keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      lost(client, error);
      throw error;
    }
  };

  const lost = (client: pg.Client, error?: unknown) => {
    if (closed || client !== current) return;
    current = null;
    options.log?.warn({ err: error, channel }, `database listener lost, reconnecting in ${delay} ms`);
    client.end().catch(() => {});
    timer = setTimeout(reconnect, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const reconnect = () => {
    timer = undefined;
    if (closed) return;
    connect().then(
      () => {
        delay = RECONNECT_MIN_MS;
        if (!closed) options.onReconnect?.();
      },
      () => {}, // lost() already scheduled the next attempt
    );
  };

  try {
    await connect();
  } catch (error) {
    closed = true;
    clearTimeout(timer);
    throw error;
  }
  return async () => {
    closed = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

/**
 * Runs `work` in the caller's transaction when there is one, else in a new one: an update that a
 * larger change (an approved revision) applies inside its own transaction.
 */
export function inTransaction<T>(db: Kysely<DB>, work: (tx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
