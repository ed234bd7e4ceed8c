import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stoked-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data, embedded database', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({}).dataDir).toBe(path.resolve('./data'));
  });

  it('keeps anonymous public reads 2 seconds by default; HTTP_CACHE_SECONDS=0 turns that off', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).httpCacheSeconds).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, HTTP_CACHE_SECONDS: '0' }).httpCacheSeconds).toBe(0);
  });

  it('keeps condition reports current 6 hours by default; CONDITIONS_TTL_HOURS sets it, fractions too', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).conditionsTtlHours).toBe(6);
    expect(loadConfig({ DATA_DIR: dir, CONDITIONS_TTL_HOURS: '0.5' }).conditionsTtlHours).toBe(0.5);
  });

  it('runs one process with the embedded database; PROCESSES above 1 needs DATABASE_URL', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).processes).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@localhost/db', PROCESSES: '2' }).processes).toBe(2);
    expect(() => loadConfig({ DATA_DIR: dir, PROCESSES: '2' })).toThrow(/PROCESSES above 1 needs DATABASE_URL/);
  });

  it('generates an auth secret once and keeps it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('takes an empty variable as unset, as a compose file or `PORT= npm start` leaves it', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: '', PORT: '', HTTP_CACHE_SECONDS: ' ', PUBLIC_URL: '' });
    expect({ env: config.env, port: config.port, httpCacheSeconds: config.httpCacheSeconds, publicUrl: config.publicUrl }).toEqual({
      env: 'development',
      port: 3000,
      httpCacheSeconds: 2,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('trusts no second origin unless `npm run dev` names its Vite server, and never outside development', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).devWebOrigin).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development', DEV_WEB_ORIGIN: 'http://localhost:5173/' }).devWebOrigin).toBe('http://localhost:5173');
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), DEV_WEB_ORIGIN: 'http://localhost:5173' })).toThrow(
      /DEV_WEB_ORIGIN/,
    );
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/AUTH_SECRET is required/);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ SMTP_URL: 'localhost:25' }, /SMTP_URL/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET/],
    [{ S3_BUCKET: 'media' }, /S3_/],
    [{ HTTP_CACHE_SECONDS: '-1' }, /HTTP_CACHE_SECONDS/],
    [{ HTTP_CACHE_SECONDS: 'soon' }, /HTTP_CACHE_SECONDS/],
    [{ CONDITIONS_TTL_HOURS: '0' }, /CONDITIONS_TTL_HOURS/],
    [{ CONDITIONS_TTL_HOURS: '200' }, /CONDITIONS_TTL_HOURS/],
    [{ CONDITIONS_TTL_HOURS: 'long' }, /CONDITIONS_TTL_HOURS/],
    [{ MAIL_RETRY_LIMIT: '-1' }, /MAIL_RETRY_LIMIT/],
    [{ MAIL_RETRY_LIMIT: '101' }, /MAIL_RETRY_LIMIT/],
    [{ MAIL_RETRY_DELAY_SECONDS: '0' }, /MAIL_RETRY_DELAY_SECONDS/],
    [{ MAIL_RETRY_DELAY_SECONDS: '1.5' }, /MAIL_RETRY_DELAY_SECONDS/],
    [{ MAIL_RETRY_MAX_DELAY_SECONDS: '86401' }, /MAIL_RETRY_MAX_DELAY_SECONDS/],
    [{ MAIL_RETRY_DELAY_SECONDS: '60', MAIL_RETRY_MAX_DELAY_SECONDS: '30' }, /MAIL_RETRY_MAX_DELAY_SECONDS/],
    [{ MAIL_SEND_EXPIRE_SECONDS: '4' }, /MAIL_SEND_EXPIRE_SECONDS/],
    [{ MAIL_SEND_EXPIRE_SECONDS: 'soon' }, /MAIL_SEND_EXPIRE_SECONDS/],
  ])('stops on a bad value %o with a one-line reason', (env, reason) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('the job queue (docs/decisions/0019)', () => {
  const env = { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' } as const;
  it('every process runs jobs; schedules run except under NODE_ENV=test, where a test runs a scheduled job itself', () => {
    const mailRetry = { retryLimit: 40, retryDelaySeconds: 30, retryDelayMaxSeconds: 3600, expireInSeconds: 300 };
    expect(loadConfig({ ...env, NODE_ENV: 'production', DATA_DIR: dataDir() }).jobs).toEqual({ workers: true, schedules: true, pollSeconds: 2, mailRetry });
    expect(loadConfig({ ...env, NODE_ENV: 'development', DATA_DIR: dataDir() }).jobs.schedules).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'test', DATA_DIR: dataDir() }).jobs).toEqual({ workers: true, schedules: false, pollSeconds: 2, mailRetry });
  });
  it('mail retries keep production defaults (about 34 hours) unless MAIL_RETRY_* and MAIL_SEND_EXPIRE_SECONDS say otherwise', () => {
    const given = { MAIL_RETRY_LIMIT: '0', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_MAX_DELAY_SECONDS: '4', MAIL_SEND_EXPIRE_SECONDS: '5' };
    expect(loadConfig({ ...env, ...given, DATA_DIR: dataDir() }).jobs.mailRetry).toEqual({
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 4,
      expireInSeconds: 5,
    });
    // 30 s doubling up to an hour apart, 40 times: the last try comes about 34 hours after the first
    // (before pg-boss's jitter of 0.5–1× on each delay).
    const { retryLimit, retryDelaySeconds, retryDelayMaxSeconds } = loadConfig({ ...env, DATA_DIR: dataDir() }).jobs.mailRetry!;
    const waited = Array.from({ length: retryLimit }, (_, n) => Math.min(retryDelaySeconds * 2 ** n, retryDelayMaxSeconds)).reduce((a, b) => a + b, 0);
    expect(waited / 3600).toBeGreaterThan(33);
  });
});
