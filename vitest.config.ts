import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest runs one file at a time on a 2-core machine (CPUs - 1); the API files spend much of their
    // time waiting (argon2 on libuv's threads, timers), so two at once took 290 s against 508 s here.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'eslint.config.test.ts'],
          environment: 'node',
          // One build of the web app for the run, made by the first file that asks (both projects).
          globalSetup: ['scripts/test-web-build.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/migrated-database.ts', 'scripts/test-web-build.ts'],
          // Files share the modules they import (and PGlite's compiled engine) instead of loading the
          // server again for each: every file builds its own app on its own database anyway.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
