import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    try {
      await ping(app.db);
    } catch {
      fail('SERVICE_UNAVAILABLE', { message: 'The database is not reachable.' });
    }
    return { status: 'ready', database: app.database.kind };
  });
}
