import 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { Database } from '../db/client.ts';
import type { Auth } from '../features/auth/auth.ts';
import type { CachePolicy } from './http-cache.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Kysely<DB>;
    auth: Auth;
    mailer: Mailer;
    limiter: RateLimiter;
    storage: Storage;
  }

  /** What a route declares about itself, read by the app-wide hooks. */
  interface FastifyContextConfig {
    /** How its answers may be kept (server/lib/http-cache.ts); `private` when not said. */
    cache?: CachePolicy;
    /** Seconds a visitor may keep a `public` answer without asking again; 0 (revalidate every time) when not said. */
    maxAge?: number;
  }
}
