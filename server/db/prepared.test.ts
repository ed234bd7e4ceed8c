import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { answeringPostgres, freshDatabase } from '../test/postgres-databases.ts';
import { openDatabase, preparing, statementNames } from './client.ts';

// Statements run often are kept prepared on each PostgreSQL connection: node-postgres prepares a query
// that has a name, once per connection, and the server then stops parsing and planning it anew.

function fakeClient(names: ReturnType<typeof statementNames>, answer: (args: unknown[]) => Promise<unknown> = () => Promise.resolve({ rows: [] })) {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => (calls.push(args), answer(args)) };
  preparing(client as unknown as pg.PoolClient, names);
  return { client: client as unknown as { query: (...args: unknown[]) => Promise<unknown> }, calls };
}

test('a statement is named from its third run on, the same name for the same text; scripts and callbacks run as they are', async () => {
  const { client, calls } = fakeClient(statementNames(3, 10));
  for (const value of [1, 2, 3, 4]) await client.query('select $1 as one', [value]);
  await client.query('select $1 as two', [5]);
  await client.query('create table t (id int); insert into t values (1)');
  const callback = () => {};
  for (let i = 0; i < 3; i++) await client.query('select $1 as three', [6], callback);
  const [first, second, third, fourth, other, script, ...withCallback] = calls;
  expect(first).toEqual(['select $1 as one', [1], undefined]);
  expect(second).toEqual(['select $1 as one', [2], undefined]);
  expect(third).toEqual([{ name: expect.stringMatching(/^stoked_[0-9a-f]{24}$/), text: 'select $1 as one', values: [3] }]);
  expect(fourth).toEqual([{ name: (third![0] as { name: string }).name, text: 'select $1 as one', values: [4] }]);
  expect(other).toEqual(['select $1 as two', [5], undefined]);
  expect(script).toEqual(['create table t (id int); insert into t values (1)', undefined, undefined]);
  expect(withCallback.every((call) => call[0] === 'select $1 as three')).toBe(true);
});

test('no more texts are named than the bound; those named stay named', async () => {
  const names = statementNames(1, 2);
  const a = names.nameOf('select 1');
  const b = names.nameOf('select 2');
  expect(a).toMatch(/^stoked_/);
  expect(b).toMatch(/^stoked_/);
  expect(b).not.toBe(a);
  expect(names.nameOf('select 3')).toBeUndefined();
  expect(names.nameOf('select 1')).toBe(a);
});

test('a prepared statement a migration made stale runs as it is, then is prepared anew under another name; not inside a transaction', async () => {
  const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
  const failing = new Set<string>();
  const { client, calls } = fakeClient(statementNames(1, 10), ([options]) =>
    typeof options === 'object' && failing.has((options as { name: string }).name) ? Promise.reject(stale) : Promise.resolve({ rows: [] }),
  );
  await client.query('select * from t where id = $1', [1]);
  const first = (calls[0]![0] as { name: string }).name;
  failing.add(first);
  await client.query('select * from t where id = $1', [2]);
  // Run as it is this time; prepared anew, under another name, the next time.
  expect(calls.at(-1)).toEqual(['select * from t where id = $1', [2]]);
  await client.query('select * from t where id = $1', [2]);
  const renewed = (calls.at(-1)![0] as { name: string }).name;
  expect(renewed).toMatch(/^stoked_/);
  expect(renewed).not.toBe(first);

  failing.add(renewed);
  await client.query('begin', []);
  await expect(client.query('select * from t where id = $1', [3])).rejects.toBe(stale);
  await client.query('rollback', []);
  expect(calls.filter(([options]) => options === 'begin' || options === 'rollback')).toHaveLength(2);
});

const serverUrl = await answeringPostgres(process.env.DATABASE_URL);

describe.skipIf(!serverUrl)('on PostgreSQL', () => {
  test("a statement kept prepared still runs after another server's migration changed its table's columns", async () => {
    const fresh = await freshDatabase(serverUrl!, 'stoked_prepared');
    const database = await openDatabase({ databaseUrl: fresh.url, dataDir: tmpdir() });
    const other = new pg.Client({ connectionString: fresh.url });
    try {
      await sql`create table riders (id int primary key, name text)`.execute(database.db);
      await sql`insert into riders values (1, 'Kai')`.execute(database.db);
      const read = () => sql<Record<string, unknown>>`select * from riders where id = ${1}`.execute(database.db);
      // Prepared from its third run, on whichever pooled connection runs it.
      for (let i = 0; i < 6; i++) expect((await read()).rows).toEqual([{ id: 1, name: 'Kai' }]);
      await other.connect();
      await other.query('alter table riders add column spot text');
      for (let i = 0; i < 3; i++) expect((await read()).rows).toEqual([{ id: 1, name: 'Kai', spot: null }]);
    } finally {
      await other.end().catch(() => {});
      await database.close();
      await fresh.drop();
    }
  });
});
