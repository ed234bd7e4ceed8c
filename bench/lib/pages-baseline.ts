import type { PageKey } from './page-routes.ts';

/**
 * The figures before the redesign of the page renderer, which the 5× target of issue 17 is measured against: each
 * figure the median of the first three full runs of this script, 2026-11-25 22:53–23:00 UTC, on branch
 * bench-pages (application code as at be6579e, before the redesign), PostgreSQL on 127.0.0.1, 64
 * connections, 5 s per page after a 2 s warm-up, the load generator in its own process, on the shared
 * 2-core machine of bench/results/*.md (runs differed by up to 2.4×: one event gave 54, 53 and 22 req/s).
 * Hello-world gave 15,822, 23,330 and 20,053 req/s. No answer to a visitor was a bare shell (0 of 108–502
 * per page and run); every signed-in answer was (e.g. 26,872 of 26,872).
 */
export const BASELINE_DATE = '2026-11-25';
export const BASELINE_HELLO = 20_053;
export const BASELINE: Record<PageKey, { rps: number; p50: number; p99: number }> = {
  home: { rps: 77, p50: 656, p99: 2627 },
  hub: { rps: 65, p50: 810, p99: 2571 },
  events: { rps: 45, p50: 1155, p99: 2702 },
  event: { rps: 53, p50: 1003, p99: 2383 },
  team: { rps: 99, p50: 565, p99: 1721 },
  profile: { rps: 51, p50: 986, p99: 1929 },
};
/** The same runs at one connection (mean latency, ms) and signed in at 64 connections (bare shells, not pages). */
export const BASELINE_ONE_CONNECTION_MEAN = { hub: 9.53, home: 11.28 };
export const BASELINE_SIGNED_IN = { home: { rps: 6571, p50: 9, p99: 20 }, hub: { rps: 6488, p50: 9, p99: 23 } };

/** Issue 17's targets, and issue 38's for CPU: a page ≤ 4× its data's JSON, a signed-in page ≤ 1.3× a visitor's. */
export const TARGETS = { speedup: 5, p99: 250, hubMeanOneConnection: 4, signedInRps: 200, signedInP99: 300, pageOverJson: 4, signedInOverVisitor: 1.3 };
