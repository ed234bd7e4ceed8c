import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { athleteListQuerySchema, athleteListSchema } from '../../../common/profiles.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { listAthletes } from './athletes.db.ts';

const idParams = z.object({ id: z.string().max(50) });

export async function athletesRoutes(app: FastifyInstance): Promise<void> {
  read(
    app,
    '/api/disciplines/:id/athletes',
    { tags: ['athletes'], cache: 'public', params: idParams, query: athleteListQuerySchema, response: athleteListSchema },
    async (ctx, { params, query }) => {
      const list = await listAthletes(ctx.db, params.id, query);
      if (!list) fail('DISCIPLINE_NOT_FOUND');
      return list;
    },
  );
}
