import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryWithDisciplinesSchema,
  disciplineHubSchema,
  disciplineSummarySchema,
  followStateSchema,
} from '../../../common/schemas.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { requireUser } from '../../lib/session.ts';
import { disciplineExists, getCategory, getDisciplineHub, listCategories, listDisciplines, setFollow } from './disciplines.db.ts';

const idParams = z.object({ id: z.string().max(50) });

export async function disciplinesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['disciplines'];

  read(app, '/api/categories', { tags, cache: 'public', response: z.array(categoryWithDisciplinesSchema) }, (ctx) => listCategories(ctx.db));

  read(app, '/api/categories/:id', { tags, cache: 'public', params: idParams, response: categoryWithDisciplinesSchema }, async (ctx, { params }) => {
    const category = await getCategory(ctx.db, params.id);
    if (!category) fail('CATEGORY_NOT_FOUND');
    return category;
  });

  read(app, '/api/disciplines', { tags, cache: 'public', response: z.array(disciplineSummarySchema) }, (ctx) => listDisciplines(ctx.db));

  read(app, '/api/disciplines/:id', { tags, cache: 'public', params: idParams, response: disciplineHubSchema }, async (ctx, { params }) => {
    const user = await ctx.user();
    const hub = await getDisciplineHub(ctx.db, params.id, user?.id ?? null);
    if (!hub) fail('DISCIPLINE_NOT_FOUND');
    return hub;
  });

  for (const [method, follow] of [['PUT', true], ['DELETE', false]] as const) {
    r.route({
      method,
      url: '/api/disciplines/:id/follow',
      schema: { tags, params: idParams, response: { 200: followStateSchema } },
      handler: async (request) => {
        const user = await requireUser(request);
        if (!(await disciplineExists(app.db, request.params.id))) fail('DISCIPLINE_NOT_FOUND');
        return setFollow(app.db, user.id, request.params.id, follow);
      },
    });
  }
}
