import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { appError } from './errors.ts';

export type Limit = { max: number; windowSeconds: number };

type Window = { count: number; retryAfter: number };

/**
 * Fixed-window counters in the database, so that every server process shares them.
 */
export function createRateLimiter(db: Kysely<DB>) {
  async function hit(key: string, limit: Limit): Promise<Window> {
    const { rows } = await sql<{ count: number; retry_after: number }>`
      insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        window_start = case when r.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) then now() else r.window_start end,
        count = case when r.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) then 1 else r.count + 1 end
      returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after`.execute(db);
    const row = rows[0]!;
    return { count: row.count, retryAfter: Math.max(1, row.retry_after) };
  }

  /** Takes back one count of the current window (an attempt counted up front that turned out fine). */
  async function undo(key: string, limit: Limit): Promise<void> {
    await sql`update rate_limits set count = greatest(count - 1, 0)
      where key = ${key} and window_start > now() - make_interval(secs => ${limit.windowSeconds})`.execute(db);
  }

  return {
    hit,
    undo,
    /**
     * Counts one more and tells whether it is still within the limit, for a cap that must answer as
     * if nothing had been capped (a 429 would tell a stranger something about someone else).
     */
    async allows(key: string, limit: Limit): Promise<boolean> {
      return (await hit(key, limit)).count <= limit.max;
    },
    /** Counts one more and throws 429 (with Retry-After) past the limit. */
    async consume(key: string, limit: Limit): Promise<void> {
      const w = await hit(key, limit);
      if (w.count > limit.max) throw tooMany(w.retryAfter);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

function tooMany(retryAfter: number) {
  return appError('RATE_LIMITED', { headers: { 'retry-after': String(retryAfter) } });
}
