import { defineConfig } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e/fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // On CI the two shards share the 2-core machine with their browsers and servers: a test taking 25 s
  // alone took 60 s there under a load average of 10–16, and steps timed out. Waits are doubled there.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [['list']],
  // Each shard of e2e/run-e2e.ts its own: Playwright empties this folder when it starts and names its
  // files by worker number, which two shards share.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace cost a third of the browser tests' CPU (screenshots of every frame, snapshots of
    // every step) for the rare test that fails: on CI it is recorded when a failed test runs again.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The service worker (web/sw) would answer requests that tests route or count themselves: it runs
    // only in e2e/offline.spec.ts, whose contexts allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The server with its mail going over SMTP to a real SMTP server beside it (e2e/start-server.ts).
    command: 'npx tsx e2e/prepare-data.ts && npx tsx e2e/start-server.ts',
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: 'test',
      // Map tiles from this server (any tile is the app's icon): the browser tests have no internet.
      MAP_TILE_URL: `http://localhost:${port}/icons/icon-192.png?tile={z}/{x}/{y}`,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      // Every journey signs in from 127.0.0.1 within a minute or two; the limits themselves are API-tested.
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_SIGNUP_PER_30_MIN: '1000',
    },
    stdout: 'pipe',
  },
});
