import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  categoryWithDisciplinesSchema,
  disciplineHubSchema,
  disciplineSummarySchema,
  followDisciplineWithInput,
  followStateSchema,
  unfollowDisciplineWithInput,
} from '../../../common/schemas.ts';
import { fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import { serveAction } from '../../lib/actions.ts';
import { disciplineExists, getCategory, getDisciplineHub, listCategories, listDisciplines, setFollow } from './disciplines.db.ts';

const idParams = z.object({ id: z.string().max(50) });

export async function disciplinesRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['disciplines'];

  read(app, '/api/categories', { tags, cache: 'public', siteWide: true, response: z.array(categoryWithDisciplinesSchema) }, (ctx) => listCategories(ctx.db));

  read(app, '/api/categories/:id', { tags, cache: 'public', params: idParams, response: categoryWithDisciplinesSchema }, async (ctx, { params }) => {
    const category = await getCategory(ctx.db, params.id);
    if (!category) fail('CATEGORY_NOT_FOUND');
    return category;
  });

  read(app, '/api/disciplines', { tags, cache: 'public', siteWide: true, response: z.array(disciplineSummarySchema) }, (ctx) => listDisciplines(ctx.db));

  read(app, '/api/disciplines/:id', { tags, cache: 'public', params: idParams, response: disciplineHubSchema }, async (ctx, { params }) => {
    const user = await ctx.user();
    const hub = await getDisciplineHub(ctx.db, params.id, user?.id ?? null);
    if (!hub) fail('DISCIPLINE_NOT_FOUND');
    return hub;
  });

  for (const [action, follow] of [
    [followDisciplineWithInput, true],
    [unfollowDisciplineWithInput, false],
  ] as const) {
    serveAction(app, action, { tags, response: followStateSchema }, async (ctx, { id }) => {
      const user = await ctx.requireUser();
      if (!(await disciplineExists(ctx.db, id))) fail('DISCIPLINE_NOT_FOUND');
      return setFollow(ctx.db, user.id, id, follow);
    });
  }
}
