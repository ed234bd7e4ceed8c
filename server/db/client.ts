import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  close(): Promise<void>;
};

export type ScriptTx = { query<R>(text: string, params?: unknown[]): Promise<R[]>; exec(text: string): Promise<void> };

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; inMemory?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      async execScript(script, after) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
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
      close: () => db.destroy(),
    };
  }

  let dataDir = 'memory://';
  if (!opts.inMemory) {
    dataDir = path.join(opts.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir);
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
    close: () => db.destroy(),
  };
}

export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
