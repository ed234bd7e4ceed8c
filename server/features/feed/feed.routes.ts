import type { FastifyInstance } from 'fastify';
import { feedPageSchema, feedQuerySchema } from '../../../common/feed.ts';
import { read } from '../../lib/reads.ts';
import { loadFeed } from './feed.db.ts';

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  read(app, '/api/feed', { tags: ['feed'], query: feedQuerySchema, response: feedPageSchema }, async (ctx, { query }) => {
    const user = await ctx.requireUser();
    return loadFeed(ctx.db, user.id, query);
  });
}
