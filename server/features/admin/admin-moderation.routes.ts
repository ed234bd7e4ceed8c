import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MODERATION_KINDS, moderationListSchema, moderationQuerySchema } from '../../../common/admin-moderation.ts';
import { viewerOf } from '../../lib/content-routes.ts';
import { listModeration } from './admin-moderation.db.ts';

/** The moderation lists (behind the admin guard); items are deleted through their own endpoints, which admins may use on anyone's. */
export async function adminModerationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of MODERATION_KINDS) {
    r.get(
      `/api/admin/${kind}`,
      { config: { cache: 'no-store' }, schema: { tags: ['admin'], querystring: moderationQuerySchema, response: { 200: moderationListSchema } } },
      async (request) => listModeration(app.db, kind, await viewerOf(request), request.query),
    );
  }
}
