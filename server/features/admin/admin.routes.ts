import type { FastifyInstance } from 'fastify';
import { adminOverviewSchema } from '../../../common/admin.ts';
import { read } from '../../lib/reads.ts';
import { adminOverview } from './admin.db.ts';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  read(app, '/api/admin/overview', { tags: ['admin'], response: adminOverviewSchema }, (ctx) => adminOverview(ctx.db));
}
