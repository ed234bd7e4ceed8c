import type { FastifyInstance } from 'fastify';
import { MODERATION_KINDS, moderationListSchema, moderationQuerySchema } from '../../../common/admin-moderation.ts';
import { read } from '../../lib/reads.ts';
import { listModeration } from './admin-moderation.db.ts';

/** The moderation lists (behind the admin guard); items are deleted through their own endpoints, which admins may use on anyone's. */
export async function adminModerationRoutes(app: FastifyInstance): Promise<void> {
  for (const kind of MODERATION_KINDS) {
    read(
      app,
      `/api/admin/${kind}`,
      { tags: ['admin'], cache: 'no-store', query: moderationQuerySchema, response: moderationListSchema },
      async (ctx, { query }) => listModeration(ctx.db, kind, await ctx.viewer(), query),
    );
  }
}
