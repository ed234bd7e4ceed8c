import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { expect, test } from 'vitest';
import { prepared, preparing } from './client.ts';

// A long statement run often (the feed) is kept prepared on each PostgreSQL connection: node-postgres
// prepares a query that has a name, once per connection, and the server then stops planning it anew.

function fakeClient() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => (calls.push(args), Promise.resolve({ rows: [] })) };
  preparing(client as unknown as pg.PoolClient);
  return { client: client as unknown as { query: (...args: unknown[]) => Promise<unknown> }, calls };
}

test('a marked statement runs as a named prepared statement, the same name for the same text; others as they are', async () => {
  const { client, calls } = fakeClient();
  const compiler = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: {} as never }) });
  const text = prepared(sql`select ${1} as one`).compile(compiler).sql;
  expect(text).toBe('/* prepared */ select $1 as one');
  await client.query(text, [1]);
  await client.query(text, [2]);
  await client.query('/* prepared */ select $1 as two', [3]);
  await client.query('select $1', [4]);
  const [a, b, c, d] = calls;
  expect(a).toEqual([{ name: expect.stringMatching(/^stoked_[0-9a-f]{24}$/), text, values: [1] }]);
  expect((b![0] as { name: string }).name).toBe((a![0] as { name: string }).name);
  expect((c![0] as { name: string }).name).not.toBe((a![0] as { name: string }).name);
  expect(d).toEqual(['select $1', [4], undefined]);
});
