import pg from 'pg';

/** Databases of their own on a PostgreSQL server, for tests, benchmarks and the load and fault scripts. */

export type FreshDatabase = { url: string; name: string; drop(): Promise<void> };

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `url` when a PostgreSQL server answers there within 2 s, else undefined. */
export async function answeringPostgres(url: string | undefined): Promise<string | undefined> {
  if (!url) return undefined;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A new database `<prefix>_<pid>_<random>` on the server of `serverUrl`, empty or a copy of the
 * database `template`; drop() removes it, forcing out whoever is left.
 */
export async function freshDatabase(serverUrl: string, prefix: string, template?: string): Promise<FreshDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
