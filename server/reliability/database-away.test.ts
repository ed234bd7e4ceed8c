import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDatabase, postgresUrl, spawnServer, type ServerProcess } from './spawn.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';
import { acknowledged, startWriteLoad, type WriteLoad } from './write-load.ts';

/**
 * The database goes away under a running server (a TCP proxy between them drops every connection,
 * first swallowing new ones, then refusing them) and comes back: the process stays up, answers 503
 * {code,message} quickly meanwhile, recovers by itself within 5 s, and loses no acknowledged write.
 * The shared PostgreSQL itself is never touched (bench:faults restarts a private one).
 */
const pgUrl = await postgresUrl();
if (!pgUrl) console.log('database-away: skipped, no PostgreSQL answers at DATABASE_URL');

const RECOVERY_MS = 5000;

describe.skipIf(!pgUrl)('the database goes away and comes back', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let load: WriteLoad;

  beforeAll(async () => {
    database = await freshDatabase(pgUrl!);
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await spawnServer({ env: { DATABASE_URL: viaProxy.toString(), TRUST_PROXY: 'true' } });
  });

  afterAll(async () => {
    if (server?.child.exitCode !== null) console.log(`database-away: the server exited\n${server?.log()}`);
    await load?.stop();
    await server?.stop(2000);
    await proxy?.close();
    await database?.drop();
  });

  /** One GET, its status, body and time; a connection error or a 10 s wait fails the test. */
  async function probe(path: string) {
    const started = Date.now();
    const res = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as Record<string, unknown>;
    return { status: res.status, body, ms: Date.now() - started };
  }

  async function expectUnavailable(label: string) {
    for (const path of ['/readyz', '/api/teams', '/api/disciplines/surfing/places']) {
      const r = await probe(path);
      expect({ label, path, status: r.status, code: r.body.code, hasMessage: typeof r.body.message === 'string' }).toEqual({
        label,
        path,
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        hasMessage: true,
      });
      // The pool's connect timeout (3 s) bounds it; a hanging request would be a failure too.
      expect(r.ms, `${label} ${path} answered in ${r.ms} ms`).toBeLessThan(4500);
    }
  }

  test('503 while away, 2xx again within 5 s by itself, nothing acknowledged lost', async () => {
    load = startWriteLoad(server.url, { concurrency: 4, pauseMs: 10 });
    const until = Date.now() + 10_000;
    while (acknowledged(load.outcomes).length < 30 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const ackedBeforeCut = acknowledged(load.outcomes).length;
    expect(ackedBeforeCut).toBeGreaterThanOrEqual(30);

    await proxy.set('blackhole');
    await expectUnavailable('network swallowing packets');
    await proxy.set('refuse');
    await expectUnavailable('database refusing connections');
    expect(server.child.exitCode, server.log()).toBeNull();

    await proxy.set('open');
    const restoredAt = Date.now();
    let recoveredMs = -1;
    while (Date.now() - restoredAt < RECOVERY_MS + 5000) {
      const [ready, teams] = await Promise.all([probe('/readyz'), probe('/api/teams')]);
      if (ready.status === 200 && teams.status === 200) {
        recoveredMs = Date.now() - restoredAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const writesAt = load.now();
    while (!load.outcomes.some((o) => o.sentAt > writesAt && o.status === 201) && Date.now() - restoredAt < RECOVERY_MS + 5000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const writesBackMs = Date.now() - restoredAt;
    await load.stop();
    console.log(`database-away: reads back after ${recoveredMs} ms, writes after ${writesBackMs} ms`);
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(recoveredMs).toBeLessThanOrEqual(RECOVERY_MS);
    expect(writesBackMs).toBeLessThanOrEqual(RECOVERY_MS);

    // Whatever was sent meanwhile was answered: 201 or 503, never a 500, a reset or a hang.
    const statuses = [...new Set(load.outcomes.map((o) => o.status ?? o.error))].sort();
    expect(statuses).toEqual([201, 503]);

    const acked = acknowledged(load.outcomes);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>('select id from contact_messages where id = any($1::uuid[])', [acked.map((o) => o.id)]);
    await client.end();
    const stored = new Set(rows.map((r) => r.id));
    expect(
      acked.filter((o) => !stored.has(o.id!)),
      'acknowledged writes missing',
    ).toEqual([]);
    expect(server.child.exitCode, server.log()).toBeNull();
  }, 60_000);
});
