import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedPageSchema, feedQuerySchema } from '../../../common/feed.ts';
import { requireUser } from '../../lib/session.ts';
import { loadFeed } from './feed.db.ts';

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/feed', { schema: { tags: ['feed'], querystring: feedQuerySchema, response: { 200: feedPageSchema } } }, async (request) => {
    const user = await requireUser(request);
    return loadFeed(app.db, user.id, request.query);
  });
}
