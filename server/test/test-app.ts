import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import type { Mail } from '../lib/mailer.ts';
import { PG_TEMPLATE_ENV, PGLITE_IMAGE_ENV } from './migrated-database.ts';
import { freshDatabase } from './postgres-databases.ts';
import { sql } from 'kysely';

/** For files that sign many users up from one address; the rate-limit tests keep the real limits. */
export const RELAXED_LIMITS: Partial<Config> = { rateLimits: { loginPerMinute: 1000, signupPer30Min: 1000, loginFailuresPerHour: 1000 } };

export type TestApp = {
  app: FastifyInstance;
  mails: Mail[];
  config: Config;
  database: Database;
  close(): Promise<void>;
};

let migratedImage: Blob | undefined;
function readMigratedImage(): Blob | undefined {
  const file = process.env[PGLITE_IMAGE_ENV];
  if (file) migratedImage ??= new Blob([readFileSync(file)]);
  return migratedImage;
}

/**
 * A fresh app on its own database: in-memory PGlite by default (opened from the run's migrated
 * image), or a new database on the server of DATABASE_URL when that is set (dropped again on close).
 * With `shareWith`, a second server on the first one's database instead (its own pool on PostgreSQL,
 * the same instance on PGlite), as several processes behind a load balancer; close it first.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    shareWith?: TestApp;
    /** Routes of the test's own, added before the app is ready. */
    prepare?: (app: FastifyInstance) => void;
    /**
     * The app sends mail as its config says (over SMTP to `smtpUrl`, else into DATA_DIR/mail) instead
     * of handing it to `mails`: for the tests of delivery itself (server/test/smtp.ts receives it).
     */
    configuredMailer?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stoked-test-'));
  const serverUrl = process.env.DATABASE_URL;
  const shared = options.shareWith;
  let databaseUrl: string | undefined = shared?.config.databaseUrl;
  let dropDatabase = async () => {};
  if (serverUrl && !shared) {
    const fresh = await freshDatabase(serverUrl, 'stoked_test', process.env[PG_TEMPLATE_ENV]);
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent' },
    { databaseUrl, publicUrl: 'http://localhost:3000', httpCacheSeconds: 0, ...overrides },
  );
  const sharesInstance = shared !== undefined && shared.database.kind === 'pglite';
  const database = sharesInstance
    ? shared.database
    : await openDatabase({ databaseUrl, dataDir, inMemory: true, startFrom: databaseUrl ? undefined : readMigratedImage() });
  const mails: Mail[] = [];
  const app = await buildApp(config, {
    database,
    logger: false,
    ...(options.configuredMailer ? {} : { mailer: { send: async (m: Mail) => void mails.push(m) } }),
  });
  options.prepare?.(app);
  await app.ready();
  return {
    app,
    mails,
    config,
    database,
    async close() {
      await app.close();
      if (!sharesInstance) await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Caller = { cookie: string } | null | undefined;

/** API calls to the app `app()` gives, from its own origin, as `who` (a visitor without one). */
export function callerOf(app: () => TestApp) {
  return (method: InjectOptions['method'], url: string, who?: Caller, payload?: unknown) =>
    app().app.inject({
      method,
      url,
      headers: { origin: app().config.publicUrl, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

export function cookieOf(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let counter = 0;
export function uniqueEmail(prefix = 'rider'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs a user up, confirms with the mailed link's token and the password, and returns the session cookie. */
export async function signUpVerified(t: TestApp, user: { name?: string; email?: string; password?: string } = {}) {
  const email = user.email ?? uniqueEmail();
  const password = user.password ?? 'correct horse battery';
  const name = user.name ?? 'Test Rider';
  const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name, email, password } });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const mail = t.mails.findLast((m) => m.to === email.toLowerCase());
  if (!mail?.link) throw new Error('no verification mail');
  const token = new URL(mail.link).searchParams.get('token');
  const verify = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token, password } });
  const cookie = cookieOf(verify);
  if (!cookie) throw new Error(`verification gave no session: ${verify.statusCode} ${verify.body}`);
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return { email: email.toLowerCase(), password, name, cookie, id: (me.json() as { user: { id: string } }).user.id };
}

/**
 * Waits (5 s at most) until the job queue runs nothing and has nothing due: a job (a share card drawn
 * after an admin's new item, say) reads the database as a request does, and would be counted with it.
 */
async function quietJobs(t: TestApp): Promise<void> {
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job
      where state = 'active' or (state in ('created', 'retry') and start_after <= now())`
      .execute(t.app.db)
      .catch(() => ({ rows: [{ n: 0 }] }));
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The SQL of every statement the app's database runs during `during()` (through Kysely's executor), once the job queue is quiet. */
export async function statementsDuring(t: TestApp, during: () => Promise<void>): Promise<string[]> {
  await quietJobs(t);
  const executor = t.app.db.getExecutor();
  const executeQuery = executor.executeQuery.bind(executor);
  const statements: string[] = [];
  executor.executeQuery = ((query: { sql: string }, ...rest: unknown[]) => {
    statements.push(query.sql);
    return executeQuery(query as never, ...(rest as []));
  }) as typeof executor.executeQuery;
  try {
    await during();
  } finally {
    executor.executeQuery = executeQuery;
  }
  return statements;
}
