import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { answeringPostgres, freshDatabase as createDatabase } from '../test/postgres-databases.ts';

/** Real server processes for the reliability tests and the load/fault benchmarks. */

const ROOT = path.resolve(import.meta.dirname, '../..');
export const AUTH_SECRET = 'reliability-secret-reliability-secret-0123';
export const PASSWORD = 'correct horse battery';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  log(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after `graceMs` if it is still there. */
  stop(graceMs?: number): Promise<number | string>;
};

export type SpawnOptions = {
  /** Environment on top of the defaults below (PORT, HOST, NODE_ENV=test, AUTH_SECRET, LOG_LEVEL=warn, DATA_DIR). */
  env?: Record<string, string>;
  port?: number;
  /** How long to wait for /readyz (first PGlite create and tsx compile take a few seconds). */
  readyTimeoutMs?: number;
  /** Do not wait for /readyz. */
  noWait?: boolean;
};

/**
 * Starts `server/main.ts` in a process of its own (node --import tsx: signals reach the server
 * itself, not a wrapper) and waits for /readyz.
 */
export async function spawnServer(options: SpawnOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    NOTIFICATION_DIGEST_MINUTES: '0',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    log: () => output,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
      return exited;
    },
  };
  if (options.noWait) return server;
  try {
    await waitReady(url, options.readyTimeoutMs ?? 60_000, exited);
  } catch (error) {
    await server.stop(2000);
    throw new Error(`${(error as Error).message}\n--- server log ---\n${output}`);
  }
  return server;
}

/** Polls /readyz until it answers 200. */
export async function waitReady(url: string, timeoutMs: number, exited?: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited?.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server at ${url} exited before it was ready`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} not ready within ${timeoutMs} ms`);
}

export function tempDir(prefix = 'stoked-rel-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The shared PostgreSQL of the tests (DATABASE_URL), when it answers. */
export const postgresUrl = () => answeringPostgres(process.env.DATABASE_URL);

export const freshDatabase = (serverUrl: string, prefix = 'stoked_rel') => createDatabase(serverUrl, prefix);

/**
 * Verified users written straight to the tables (no sign-up mail, no sign-up limit), all with
 * PASSWORD: one argon2id hash serves them all (it carries its own salt).
 */
export async function insertVerifiedUsers(db: Kysely<DB>, count: number, prefix = 'load'): Promise<{ id: string; email: string }[]> {
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 3, parallelism: 1 });
  const tag = Math.random().toString(36).slice(2, 8);
  const users = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), email: `${prefix}-${tag}-${i}@example.com`, name: `${prefix} rider ${i}` }));
  for (let i = 0; i < users.length; i += 500) {
    const chunk = users.slice(i, i + 500);
    await db
      .insertInto('profiles')
      .values(chunk.map((u) => ({ id: u.id, name: u.name, email: u.email, email_verified: true, role: 'user' as const })))
      .execute();
    for (const u of chunk) {
      await sql`insert into accounts (id, account_id, provider_id, user_id, password) values (${randomUUID()}, ${u.id}, 'credential', ${u.id}, ${passwordHash})`.execute(
        db,
      );
    }
  }
  return users.map(({ id, email }) => ({ id, email }));
}

/** Signs in over HTTP and returns the session cookie. */
export async function signIn(url: string, email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
