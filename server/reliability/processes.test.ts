import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDatabase, postgresUrl, spawnServer, tempDir, type ServerProcess } from './spawn.ts';

/**
 * PROCESSES (decision 0017) on the real server: with PostgreSQL, two processes share the port under
 * one supervisor, a process that dies is replaced, and a SIGTERM stops them all with exit 0.
 * PostgreSQL only: the embedded database belongs to one process.
 */
const pgUrl = await postgresUrl();

/** The server processes under `pid` (/proc/<pid>/task/<tid>/children), not the TypeScript loader's helper. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (listed) out.push(...listed.split(/\s+/).map(Number));
  }
  return out.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('server/main.ts');
    } catch {
      return false;
    }
  });
}

const until = async (check: () => boolean | Promise<boolean>, ms = 60_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

describe.skipIf(!pgUrl)('two server processes on one port', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let data: { dir: string; remove(): void };
  let server: ServerProcess;

  beforeAll(async () => {
    database = await freshDatabase(pgUrl!);
    data = tempDir();
    server = await spawnServer({ env: { DATABASE_URL: database.url, DATA_DIR: data.dir, PROCESSES: '2' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop(2000);
    await database?.drop();
    data?.remove();
  });

  test('both answer, one that dies is replaced, and SIGTERM ends them all with exit 0', async () => {
    const supervisor = server.child.pid!;
    const two = await until(() => childrenOf(supervisor).length === 2);
    expect(two, `two processes under the supervisor: ${childrenOf(supervisor).join(' ')}\n${server.log()}`).toBe(true);
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/api/settings`)).status).toBe(200);

    const [first] = childrenOf(supervisor);
    process.kill(first!, 'SIGKILL');
    expect(await until(() => childrenOf(supervisor).length === 2 && !childrenOf(supervisor).includes(first!)), 'a new process takes its place').toBe(true);
    expect(await until(async () => (await fetch(`${server.url}/readyz`).catch(() => undefined))?.status === 200)).toBe(true);

    expect(await server.stop(10_000)).toBe(0);
  }, 150_000);
});
