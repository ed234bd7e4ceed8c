import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    try {
      await ping(app.db);
    } catch {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ready', database: app.database.kind };
  });
}
