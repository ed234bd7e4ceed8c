import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildWeb } from './build-web.ts';

/**
 * One production build of the web app for a whole Vitest run. Five test files rendered pages or
 * measured the bundle, each from a build of its own: 40 s of CPU each on a 2-core machine.
 *
 * The global set-up (the default export, in both projects) names a folder; the first test that asks
 * for the build makes it there, under a lock, and the others wait for it. Files that never ask cost
 * nothing, so one API test file still runs in seconds.
 */
const WEB_BUILD_ENV = 'STOKED_TEST_WEB_BUILD';
/** How long a file waits for another's build (one takes about 40 s on a 2-core machine), under the 240 s hooks allow. */
const WAIT_MS = 200_000;

/**
 * Server-only settings with values no bundle may contain, set while the build runs: if a config
 * change ever inlined the server's environment, web/bundle-budget.test.ts would find them.
 */
export const CANARIES: Record<string, string> = {
  ADMIN_PASSWORD: 'canary-admin-password-7d1f0c',
  AUTH_SECRET: 'canary-auth-secret-0b9e4a61c5d2',
  DATABASE_URL: 'postgres://stoked:canary-db-password-5e2a@db.internal:5432/stoked',
  S3_SECRET_ACCESS_KEY: 'canary-s3-secret-8c3b27',
  SMTP_URL: 'smtp://mailer:canary-smtp-password-4f61@smtp.internal:587',
};

export default function setup() {
  // Both projects' set-ups run in the same process: the second finds the folder named.
  if (process.env[WEB_BUILD_ENV]) return;
  const folder = mkdtempSync(path.join(tmpdir(), 'stoked-test-web-'));
  process.env[WEB_BUILD_ENV] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}

/** The run's build (client in the returned folder, with its manifest; page renderer beside it), made on first use. */
export async function testWebBuild(): Promise<string> {
  const folder = process.env[WEB_BUILD_ENV];
  if (!folder) throw new Error(`${WEB_BUILD_ENV} is not set: scripts/test-web-build.ts is the Vitest global set-up that names the build's folder`);
  const outDir = path.join(folder, 'web');
  const done = path.join(folder, 'done');
  const lock = path.join(folder, 'lock');
  const giveUpAt = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(done)) return outDir;
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building it; a lock older than any build is one whose builder died.
      if (Date.now() > giveUpAt) throw new Error(`no web build after ${WAIT_MS / 1000} s: remove ${lock} if its builder died`);
      await sleep(250);
      continue;
    }
    const saved = Object.fromEntries(Object.keys(CANARIES).map((name) => [name, process.env[name]]));
    Object.assign(process.env, CANARIES);
    try {
      await buildWeb(outDir, { logLevel: 'silent' });
      writeFileSync(done, '');
      return outDir;
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      // A failed build lets the next file try again (and fail with its own error).
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
