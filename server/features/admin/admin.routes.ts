import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewSchema } from '../../../common/admin.ts';
import { adminOverview } from './admin.db.ts';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/overview', { schema: { tags: ['admin'], response: { 200: adminOverviewSchema } } }, () => adminOverview(app.db));
}
