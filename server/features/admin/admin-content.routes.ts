import type { FastifyInstance } from 'fastify';
import { adminContentListSchema, adminContentParamsSchema, adminContentQuerySchema } from '../../../common/admin-content.ts';
import { read } from '../../lib/reads.ts';
import { listAdminContent } from './admin-content.db.ts';

export async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  read(
    app,
    '/api/admin/content/:kind',
    { tags: ['admin'], cache: 'no-store', params: adminContentParamsSchema, query: adminContentQuerySchema, response: adminContentListSchema },
    async (ctx, { params, query }) => {
      return listAdminContent(ctx.db, params.kind, query);
    },
  );
}
