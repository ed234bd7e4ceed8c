import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'eslint.config.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/pglite-image.ts'],
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
