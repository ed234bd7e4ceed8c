import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { openSse } from '../test/sse.ts';
import { freshDatabase, insertVerifiedUsers, postgresUrl, signIn, spawnServer, tempDir, type ServerProcess } from './spawn.ts';
import { acknowledged, startWriteLoad } from './write-load.ts';

/**
 * SIGTERM under load, on the real server process: it stops taking connections, answers what it
 * had already received, exits 0 within 10 s, and every write it acknowledged is in the database.
 * On PostgreSQL when DATABASE_URL answers, on PGlite (a data folder) otherwise.
 */

// A request sent this close to the signal may meet a keep-alive connection the server is closing
// as idle (it has not read the request yet): the client sees a reset and knows it was not served.
const RACE_MARGIN_MS = 100;

let data: { dir: string; remove(): void };
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let server: ServerProcess | undefined;
let listener: { id: string; email: string };

beforeAll(async () => {
  data = tempDir();
  const pgUrl = await postgresUrl();
  if (pgUrl) database = await freshDatabase(pgUrl);
  // A user for the live stream, written before the server starts (PGlite's folder has one user at a time).
  const db = await openDatabase({ databaseUrl: database?.url, dataDir: data.dir });
  await migrate(db);
  listener = (await insertVerifiedUsers(db.db, 1, 'shutdown'))[0]!;
  await db.close();
  server = await spawnServer({ env: { TRUST_PROXY: 'true', DATA_DIR: data.dir, ...(database ? { DATABASE_URL: database.url } : {}) } });
});

afterAll(async () => {
  await server?.stop(1000);
  await database?.drop();
  data?.remove();
});

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function storedIds(ids: string[]): Promise<Set<string>> {
  const db = await openDatabase({ databaseUrl: database?.url, dataDir: data.dir });
  try {
    const rows = ids.length ? await db.db.selectFrom('contact_messages').select('id').where('id', 'in', ids).execute() : [];
    return new Set(rows.map((r) => r.id));
  } finally {
    await db.close();
  }
}

test('SIGTERM under load: no new connections, in-flight answered, live streams ended, exit 0 within 10 s, nothing acknowledged lost', async () => {
  const s = server!;
  // An open live stream never ends by itself: the server must end it, or close() would wait for it.
  const stream = await openSse(`${s.url}/api/live`, { cookie: await signIn(s.url, listener.email) });
  expect(stream.status).toBe(200);
  const load = startWriteLoad(s.url, { concurrency: 16 });
  const warmUntil = Date.now() + 10_000;
  while (acknowledged(load.outcomes).length < 100 && Date.now() < warmUntil) await new Promise((r) => setTimeout(r, 50));
  expect(acknowledged(load.outcomes).length, 'the load got going before the signal').toBeGreaterThanOrEqual(50);

  const signalAt = load.now();
  const t0 = Date.now();
  s.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  const acceptsAfterSignal = await connects(s.port);
  const code = await Promise.race([s.exited, new Promise((r) => setTimeout(() => r('still running after 12 s'), 12_000))]);
  const exitMs = Date.now() - t0;
  await load.stop();

  expect(acceptsAfterSignal, 'a new connection 300 ms after SIGTERM').toBe(false);
  await expect(Promise.race([stream.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 1000))])).resolves.toBe('ended');
  expect(code, s.log()).toBe(0);
  expect(exitMs).toBeLessThan(10_000);

  const inFlight = load.outcomes.filter((o) => o.sentAt < signalAt - RACE_MARGIN_MS);
  const unanswered = inFlight.filter((o) => o.status === null);
  expect(unanswered, 'requests sent before SIGTERM all got an answer').toEqual([]);
  const failed = inFlight.filter((o) => o.status! >= 500 && o.status !== 503);
  expect(failed).toEqual([]);

  const acked = acknowledged(load.outcomes);
  const stored = await storedIds(acked.map((o) => o.id!));
  const lost = acked.filter((o) => !stored.has(o.id!));
  expect(lost, 'acknowledged writes missing from the database').toEqual([]);
  console.log(
    `shutdown: ${acked.length} writes acknowledged, ${load.outcomes.length - acked.length} refused or cut after the signal, exit ${code} after ${exitMs} ms`,
  );
}, 60_000);
