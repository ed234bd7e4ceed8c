import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { securityHeaderOptions } from '../../server/lib/security-headers.ts';
import type { Mail } from '../../server/lib/mailer.ts';
import { answeringPostgres, freshDatabase } from '../../server/test/postgres-databases.ts';
import { cookieOf } from '../../server/test/test-app.ts';

export const HELLO_PATH = '/bench/hello';
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const ORIGIN_HEADER = 'origin';

// Far above what a benchmark sends, so that the login route measures logins, not 429s.
const BENCH_LIMITS: Config['rateLimits'] = { loginPerMinute: 1_000_000, signupPer30Min: 1_000_000, loginFailuresPerHour: 1_000_000 };

export type BenchServer = {
  app: FastifyInstance;
  url: string;
  config: Config;
  kind: 'postgres' | 'pglite';
  /** The server database's own URL (PostgreSQL only). */
  databaseUrl?: string;
  mails: Mail[];
  close(): Promise<void>;
};

export type BenchServerOptions = {
  /** `HTTP_CACHE_SECONDS` of the server; the benchmarks of queries turn it off with 0. */
  httpCacheSeconds: number;
  sampleContent: boolean;
  /** Fail instead of falling back to PGlite when no PostgreSQL answers. */
  requirePostgres?: boolean;
  /** PGlite even when PostgreSQL answers (also `--pglite` on the command line). */
  pglite?: boolean;
  /** Runs after the app is built and before it listens (fill the database, add routes…). */
  prepare?: (app: FastifyInstance) => Promise<void>;
  /** A web build to serve (bench:web); none by default, the API benchmarks need none. */
  webDist?: string;
};

/** The PostgreSQL server to create the benchmark database on: DATABASE_URL, else the local one if it answers. */
export const findPostgres = () => answeringPostgres(process.env.DATABASE_URL || LOCAL_POSTGRES);

/**
 * The real server (buildApp, production settings) on a free port of 127.0.0.1: on a fresh database
 * `stoked_bench_<pid>_<random>` of the PostgreSQL server when one answers (dropped on close), or else on
 * PGlite in a temporary folder. A trivial JSON route at HELLO_PATH gives the baseline.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stoked-bench-'));
  const serverUrl = options.pglite || process.argv.includes('--pglite') ? undefined : await findPostgres();
  if (!serverUrl && options.requirePostgres) throw new Error('no PostgreSQL server answers');
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (serverUrl) {
    const fresh = await freshDatabase(serverUrl, 'stoked_bench');
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }

  const mails: Mail[] = [];
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        LOG_LEVEL: 'warn',
        NOTIFICATION_DIGEST_MINUTES: '0',
        HTTP_CACHE_SECONDS: String(options.httpCacheSeconds),
        SAMPLE_CONTENT: String(options.sampleContent),
      },
      { databaseUrl, rateLimits: BENCH_LIMITS, port: 0, publicUrl: 'http://127.0.0.1', ...(options.webDist ? { webDist: options.webDist } : {}) },
    );
    app = await buildApp(config, { mailer: { send: async (m) => void mails.push(m) } });
    // The reference of every ratio keeps the work each request did when the baselines of bench/*.ts were
    // measured: helmet's middleware built anew for the request, as @fastify/helmet did before decision
    // 0013 (that work was a fifth of this trivial answer's CPU, a few per cent of a page's), so that
    // shares of it stay comparable with those baselines. (The headers worked out once are set too.)
    const securityHeaders = securityHeaderOptions(config);
    app.get(
      HELLO_PATH,
      {
        schema: { hide: true },
        onRequest: (request, reply, done) => helmet(securityHeaders)(request.raw, reply.raw, (error) => done(error as Error | undefined)),
      },
      async () => ({ hello: 'world' }),
    );
    // Requests the load generator gave up on at the end of a run still finish before the database closes.
    // (A request answered by an earlier onRequest hook, the HTTP cache, never reaches this one's count.)
    const counted = new WeakSet<object>();
    let inFlight = 0;
    app.addHook('onRequest', async (request) => {
      counted.add(request);
      inFlight += 1;
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (counted.delete(request)) inFlight -= 1;
      return payload;
    });
    const settled = async () => {
      for (const until = Date.now() + 15_000; inFlight > 0 && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
    };
    await options.prepare?.(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const started = app;
    return {
      app: started,
      url: `http://127.0.0.1:${port}`,
      config,
      kind: databaseUrl ? 'postgres' : 'pglite',
      databaseUrl,
      mails,
      async close() {
        await settled();
        await started.close();
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A verified account made through the API (sign-up, then the mailed link's token and the password), with its session cookie. */
export async function createAccount(server: BenchServer, name: string, email: string, password: string) {
  const { app } = server;
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name, email, password } });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const link = server.mails.findLast((m) => m.to === email)?.link;
  if (!link) throw new Error('no verification mail');
  const token = new URL(link).searchParams.get('token');
  // The link opens a page that asks for the password and confirms with it.
  const verify = await app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token, password } });
  const cookie = cookieOf(verify);
  if (!cookie) throw new Error(`verification gave no session: ${verify.statusCode} ${verify.body}`);
  return { email, password, cookie };
}

/** An approved public team led by the given account: the 'team page' of the benchmarks. */
export async function createApprovedTeam(server: BenchServer, cookie: string, input: { name: string; description?: string; location?: string }) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie, [ORIGIN_HEADER]: server.config.publicUrl },
    payload: { disciplineIds: ['surfing'], ...input },
  });
  if (res.statusCode !== 201) throw new Error(`team creation failed: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { id: string }).id;
  // New teams wait for an admin's approval; the benchmark stands in for that admin.
  await server.app.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', id).execute();
  return id;
}
