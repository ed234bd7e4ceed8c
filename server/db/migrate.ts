import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any constant: several servers starting at once wait for each other instead of racing.
const MIGRATION_LOCK = 7_301_1977;

export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}-[a-z0-9-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await database.execScript(
    `select pg_advisory_xact_lock(${MIGRATION_LOCK});
     create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now());`,
    async (tx) => {
      const done = new Set((await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
      for (const file of files) {
        if (done.has(file)) continue;
        await tx.exec(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
        await tx.query('insert into schema_migrations (version) values ($1)', [file]);
        applied.push(file);
      }
    },
  );
  return applied;
}
