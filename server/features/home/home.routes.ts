import type { FastifyInstance } from 'fastify';
import { homeStatsSchema } from '../../../common/schemas.ts';
import { read } from '../../lib/reads.ts';
import { getHomeStats } from './home.db.ts';

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  read(app, '/api/stats', { tags: ['home'], cache: 'public', maxAge: 60, response: homeStatsSchema }, async (ctx) => getHomeStats(ctx.db));
}
