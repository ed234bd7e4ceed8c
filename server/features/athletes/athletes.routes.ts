import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { athleteListQuerySchema, athleteListSchema } from '../../../common/profiles.ts';
import { fail } from '../../lib/errors.ts';
import { listAthletes } from './athletes.db.ts';

const idParams = z.object({ id: z.string().max(50) });

export async function athletesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/disciplines/:id/athletes',
    { config: { cache: 'public' }, schema: { tags: ['athletes'], params: idParams, querystring: athleteListQuerySchema, response: { 200: athleteListSchema } } },
    async (request) => {
      const list = await listAthletes(app.db, request.params.id, request.query);
      if (!list) fail('DISCIPLINE_NOT_FOUND');
      return list;
    },
  );
}
