import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeStatsSchema } from '../../../common/schemas.ts';
import { getHomeStats } from './home.db.ts';

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/stats',
    { config: { cache: 'public', maxAge: 60 }, schema: { tags: ['home'], response: { 200: homeStatsSchema } } },
    async () => {
      return getHomeStats(app.db);
    },
  );
}
