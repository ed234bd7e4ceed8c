import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Overrides = Partial<Config> | (() => Partial<Config> | Promise<Partial<Config>>);

/**
 * The app of a test file, or of the describe block it is called in: built before its tests (with
 * `overrides`, or what a function of them returns once the block starts, e.g. after building the web)
 * and closed after them. What it returns reads the live app, so that tests keep writing
 * `t.app.inject(…)`, `signUpVerified(t)` or `callerOf(() => t)`. Separate from test-app.ts, which
 * the benchmarks import outside vitest.
 */
export function useTestApp(overrides: Overrides = {}, options: { timeout?: number } = {}): TestApp {
  let current: TestApp | undefined;
  const live = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app exists only in the tests and hooks of its block');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(typeof overrides === 'function' ? await overrides() : overrides);
  }, options.timeout);
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get app() {
      return live().app;
    },
    get mails() {
      return live().mails;
    },
    get config() {
      return live().config;
    },
    get database() {
      return live().database;
    },
    // The block's afterAll closes it; a test that closes it sooner leaves nothing for afterAll to do.
    async close() {
      const closing = live();
      current = undefined;
      await closing.close();
    },
  };
}
