import 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './features/auth/auth.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { Storage } from './lib/storage.ts';

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
}
