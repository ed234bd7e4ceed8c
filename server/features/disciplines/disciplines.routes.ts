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
import { currentUser, requireUser } from '../../lib/session.ts';
import { disciplineExists, getCategory, getDisciplineHub, listCategories, listDisciplines, setFollow } from './disciplines.db.ts';

const idParams = z.object({ id: z.string().max(50) });

export async function disciplinesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['disciplines'];

  r.get('/api/categories', { config: { cache: 'public' }, schema: { tags, response: { 200: z.array(categoryWithDisciplinesSchema) } } }, () => listCategories(app.db));

  r.get('/api/categories/:id', { config: { cache: 'public' }, schema: { tags, params: idParams, response: { 200: categoryWithDisciplinesSchema } } }, async (request) => {
    const category = await getCategory(app.db, request.params.id);
    if (!category) fail('CATEGORY_NOT_FOUND');
    return category;
  });

  r.get('/api/disciplines', { config: { cache: 'public' }, schema: { tags, response: { 200: z.array(disciplineSummarySchema) } } }, () => listDisciplines(app.db));

  r.get('/api/disciplines/:id', { config: { cache: 'public' }, schema: { tags, params: idParams, response: { 200: disciplineHubSchema } } }, async (request) => {
    const user = await currentUser(request);
    const hub = await getDisciplineHub(app.db, request.params.id, user?.id ?? null);
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
