import 'fastify';
// The plugins' own additions (request.cookies, a route schema's `hide`), for every part that builds on the server's instance.
import type {} from '@fastify/cookie';
import type {} from '@fastify/swagger';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './features/auth/auth.ts';
import type { Jobs } from './lib/jobs.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { Storage } from './lib/storage.ts';
import type { CachePolicy } from './lib/http-cache.ts';
import type { ReadTable } from './lib/reads.ts';
import type { ActionTable } from './lib/actions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Kysely<DB>;
    auth: Auth;
    mailer: Mailer;
    /** The job queue: mails, pushes, digests, cleanup (server/lib/jobs.ts). */
    jobs: Jobs;
    limiter: RateLimiter;
    storage: Storage;
    /** The JSON API's reads by address, for the pages rendered here (server/lib/reads.ts). */
    reads: ReadTable;
    /** The actions defined once and served here, by name (server/lib/actions.ts). */
    actions: ActionTable;
  }

  /** What a route declares about itself, read by the app-wide hooks. */
  interface FastifyContextConfig {
    /** How its answers may be kept (server/lib/http-cache.ts); `private` when not said. */
    cache?: CachePolicy;
    /** Seconds a visitor may keep a `public` answer without asking again; 0 (revalidate every time) when not said. */
    maxAge?: number;
  }
}
