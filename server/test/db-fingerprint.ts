import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A digest of every table the API writes to (rate-limit counters and sessions aside): equal
 * digests before and after a refused request prove that it wrote nothing.
 */
export async function fingerprint(db: Kysely<DB>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not in ('rate_limits', 'sessions')`.execute(db);
  const digest: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number; h: string | null }>`
      select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.table(name)} t`.execute(db);
    digest[name] = `${row.rows[0]!.n}:${row.rows[0]!.h ?? ''}`;
  }
  return digest;
}
