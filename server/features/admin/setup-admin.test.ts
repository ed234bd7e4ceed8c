import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_EMAIL, loadConfig, type Config } from '../../config.ts';
import { ORIGIN, expectError } from '../../test/content-kit.ts';
import { cookieOf, createTestApp, signUpVerified, type TestApp } from '../../test/test-app.ts';

const apps: TestApp[] = [];
async function freshApp(admin?: Config['admin']): Promise<TestApp> {
  const t = await createTestApp(admin ? { admin } : {});
  apps.push(t);
  return t;
}
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

const setup = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/setup-admin', headers: { origin: ORIGIN } });

const admins = (t: TestApp) => t.app.db.selectFrom('profiles').select(['id', 'email', 'email_verified', 'role', 'name']).where('role', '=', 'admin').execute();

async function credentialHash(t: TestApp, userId: string): Promise<string> {
  const { rows } = await sql<{ password: string }>`select password from accounts where user_id = ${userId} and provider_id = 'credential'`.execute(t.app.db);
  expect(rows).toHaveLength(1);
  return rows[0]!.password;
}

function signIn(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } });
}

/** The text of every line the app logs at warn and info level from now on (request logs included). */
function captureLog(t: TestApp) {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.filter((a) => typeof a === 'string').join(' '));
  vi.spyOn(t.app.log, 'warn').mockImplementation(keep);
  vi.spyOn(t.app.log, 'info').mockImplementation(keep);
  return lines;
}

describe('POST /api/setup-admin', () => {
  test('without configured credentials: creates one verified admin once, logs the generated password once, never answers it', async () => {
    const t = await freshApp();
    expect(t.config.admin).toEqual({ email: DEFAULT_ADMIN_EMAIL, password: undefined });
    expect(await admins(t)).toEqual([]);
    const log = captureLog(t);

    const first = await setup(t);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'created' });
    expect(first.headers['cache-control']).toBe('no-store');

    const created = await admins(t);
    expect(created).toEqual([{ id: expect.any(String), email: DEFAULT_ADMIN_EMAIL, email_verified: true, role: 'admin', name: 'Admin' }]);
    // better-auth's configured argon2id hash, never the password itself.
    const hash = await credentialHash(t, created[0]!.id);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=3,p=1\$/);

    const passwordLine = log.find((line) => line.includes('generated password'));
    expect(passwordLine).toBeDefined();
    const password = /generated password (\S+)/.exec(passwordLine!)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(log.some((line) => /change it/i.test(line))).toBe(true);
    expect(first.body).not.toContain(password);
    expect(hash).not.toContain(password);

    const second = await setup(t);
    expect(second.json()).toEqual({ status: 'exists' });
    expect(second.body).not.toContain(password);
    expect(await admins(t)).toEqual(created);
    // Printed once: the second call logged no password.
    expect(log.filter((line) => line.includes(password))).toHaveLength(1);

    const login = await signIn(t, DEFAULT_ADMIN_EMAIL, password);
    expect(login.statusCode, login.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(login) } });
    expect(me.json()).toMatchObject({ user: { email: DEFAULT_ADMIN_EMAIL, role: 'admin' } });
    // The new admin passes the admin guard.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: cookieOf(login) } })).statusCode).toBe(200);
  });

  test('concurrent calls create exactly one admin', async () => {
    const t = await freshApp();
    captureLog(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => setup(t)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const statuses = results.map((r) => (r.json() as { status: string }).status).sort();
    expect(statuses).toEqual(['created', 'exists', 'exists', 'exists', 'exists', 'exists']);
    expect(await admins(t)).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from profiles`.execute(t.app.db);
    expect(rows[0]!.n).toBe(1);
  });

  test('ADMIN_EMAIL and ADMIN_PASSWORD are honoured and the password is never logged', async () => {
    const t = await freshApp({ email: 'boss@example.com', password: 'Wipeout-Pipeline-42' });
    const log = captureLog(t);
    const res = await setup(t);
    expect(res.json()).toEqual({ status: 'created' });
    expect(res.body).not.toContain('Wipeout-Pipeline-42');
    expect(await admins(t)).toMatchObject([{ email: 'boss@example.com', email_verified: true }]);
    expect(log.some((line) => line.includes('boss@example.com'))).toBe(true);
    expect(log.some((line) => line.includes('Wipeout-Pipeline-42'))).toBe(false);
    expect((await signIn(t, 'boss@example.com', 'Wipeout-Pipeline-42')).statusCode).toBe(200);
    expect((await signIn(t, 'boss@example.com', 'wrong-password-1')).statusCode).toBe(401);
  });

  test('an existing admin: nothing is created, whatever the configuration says', async () => {
    const t = await freshApp({ email: 'second@example.com', password: 'Another-Strong-Pass' });
    const rider = await signUpVerified(t, { name: 'Promoted' });
    await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', rider.id).execute();
    expect((await setup(t)).json()).toEqual({ status: 'exists' });
    expect(await admins(t)).toMatchObject([{ id: rider.id }]);
    expect(await t.app.db.selectFrom('profiles').select('id').where('email', '=', 'second@example.com').executeTakeFirst()).toBeUndefined();
  });

  test('ADMIN_EMAIL of an existing non-admin account: refused with 409, nobody is promoted', async () => {
    const t = await freshApp({ email: 'squatter@example.com', password: 'Strong-Admin-Pass-1' });
    const squatter = await signUpVerified(t, { email: 'squatter@example.com', name: 'Squatter' });
    captureLog(t);
    expectError(await setup(t), 409, 'ADMIN_EMAIL_TAKEN');
    expect(await admins(t)).toEqual([]);
    expect(await t.app.db.selectFrom('profiles').select('role').where('id', '=', squatter.id).executeTakeFirstOrThrow()).toEqual({ role: 'user' });
    // Their own password still works; the configured one does not.
    expect((await signIn(t, 'squatter@example.com', 'Strong-Admin-Pass-1')).statusCode).toBe(401);
    expect((await signIn(t, 'squatter@example.com', squatter.password)).statusCode).toBe(200);
  });

  test('is rate-limited per address', async () => {
    const t = await freshApp();
    captureLog(t);
    for (let i = 0; i < 10; i += 1) expect((await setup(t)).statusCode).toBe(200);
    const limited = await setup(t);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD configuration', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stoked-admin-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

  test('defaults: admin@stoked.local and a generated password; an empty password counts as unset', () => {
    expect(load({}).admin).toEqual({ email: 'admin@stoked.local', password: undefined });
    expect(load({ ADMIN_PASSWORD: '' }).admin.password).toBeUndefined();
    expect(load({ ADMIN_EMAIL: ' Boss@Example.COM ', ADMIN_PASSWORD: 'long enough pass' }).admin).toEqual({
      email: 'boss@example.com',
      password: 'long enough pass',
    });
  });

  test.each([
    [{ ADMIN_PASSWORD: 'abc12' }, /^Invalid configuration: ADMIN_PASSWORD must be at least 6 characters$/],
    [{ ADMIN_PASSWORD: 'x'.repeat(129) }, /ADMIN_PASSWORD must be at most 128/],
    [{ ADMIN_PASSWORD: 'password123' }, /ADMIN_PASSWORD is too common/],
    [{ ADMIN_EMAIL: 'not-an-email' }, /ADMIN_EMAIL must be an e-mail address/],
  ])('refuses to start on %o', (env, reason) => {
    let error: unknown;
    try {
      load(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(reason);
    // The configured password never appears in the reason.
    const password = (env as { ADMIN_PASSWORD?: string }).ADMIN_PASSWORD;
    if (password) expect((error as Error).message).not.toContain(password);
  });
});
