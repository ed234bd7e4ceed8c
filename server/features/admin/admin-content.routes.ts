import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminContentListSchema, adminContentParamsSchema, adminContentQuerySchema } from '../../../common/admin-content.ts';
import { listAdminContent } from './admin-content.db.ts';

export async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/content/:kind',
    {
      config: { cache: 'no-store' },
      schema: { tags: ['admin'], params: adminContentParamsSchema, querystring: adminContentQuerySchema, response: { 200: adminContentListSchema } },
    },
    async (request) => {
      return listAdminContent(app.db, request.params.kind, request.query);
    },
  );
}
