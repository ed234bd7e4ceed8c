import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategorySchema,
  adminDisciplineSchema,
  BLOCKING_USAGE,
  catalogueIdParamsSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  disciplineCreateSchema,
  disciplineUpdateSchema,
  type DisciplineUsage,
} from '../../../common/admin-catalogue.ts';
import { assertFound, fail } from '../../lib/errors.ts';
import { read } from '../../lib/reads.ts';
import {
  createCategory,
  createDiscipline,
  deleteCategory,
  deleteDiscipline,
  getAdminCategory,
  getAdminDiscipline,
  listAdminCategories,
  listAdminDisciplines,
  updateCategory,
  updateDiscipline,
} from './admin-catalogue.db.ts';

/** The English text of DISCIPLINE_IN_USE with what still uses the discipline, for API clients. */
function inUseMessage(usage: DisciplineUsage): string {
  const uses = BLOCKING_USAGE.filter((key) => usage[key] > 0).map((key) => `${usage[key]} ${key}`);
  return `This discipline still has content or teams: ${uses.join(', ')}.`;
}

/** Admin › Disciplines: the catalogue of disciplines and categories. The public reads are uncached, so they show each change at once. */
export async function adminCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const params = catalogueIdParamsSchema;
  const noContent = { 204: z.null() };

  read(app, '/api/admin/disciplines', { tags, response: z.array(adminDisciplineSchema) }, (ctx) => listAdminDisciplines(ctx.db));

  read(app, '/api/admin/disciplines/:id', { tags, params, response: adminDisciplineSchema }, async (ctx, { params }) =>
    assertFound(await getAdminDiscipline(ctx.db, params.id), 'DISCIPLINE_NOT_FOUND'),
  );

  r.post('/api/admin/disciplines', { schema: { tags, body: disciplineCreateSchema, response: { 201: adminDisciplineSchema } } }, async (request, reply) => {
    const created = await createDiscipline(app.db, request.body);
    if (created === 'exists') fail('DISCIPLINE_EXISTS');
    if (created === 'unknown-category') fail('UNKNOWN_CATEGORY');
    return reply.status(201).send(created);
  });

  r.put('/api/admin/disciplines/:id', { schema: { tags, params, body: disciplineUpdateSchema, response: { 200: adminDisciplineSchema } } }, async (request) => {
    const updated = await updateDiscipline(app.db, request.params.id, request.body);
    if (updated === 'not-found') fail('DISCIPLINE_NOT_FOUND');
    if (updated === 'unknown-category') fail('UNKNOWN_CATEGORY');
    return updated;
  });

  r.delete('/api/admin/disciplines/:id', { schema: { tags, params, response: noContent } }, async (request, reply) => {
    const deleted = await deleteDiscipline(app.db, request.params.id);
    if (deleted === 'not-found') fail('DISCIPLINE_NOT_FOUND');
    if (typeof deleted === 'object') fail('DISCIPLINE_IN_USE', { message: inUseMessage(deleted.inUse) });
    return reply.status(204).send(null);
  });

  read(app, '/api/admin/categories', { tags, response: z.array(adminCategorySchema) }, (ctx) => listAdminCategories(ctx.db));

  read(app, '/api/admin/categories/:id', { tags, params, response: adminCategorySchema }, async (ctx, { params }) =>
    assertFound(await getAdminCategory(ctx.db, params.id), 'CATEGORY_NOT_FOUND'),
  );

  r.post('/api/admin/categories', { schema: { tags, body: categoryCreateSchema, response: { 201: adminCategorySchema } } }, async (request, reply) => {
    const created = await createCategory(app.db, request.body);
    if (created === 'exists') fail('CATEGORY_EXISTS');
    return reply.status(201).send(created);
  });

  r.put('/api/admin/categories/:id', { schema: { tags, params, body: categoryUpdateSchema, response: { 200: adminCategorySchema } } }, async (request) => {
    const updated = await updateCategory(app.db, request.params.id, request.body);
    if (updated === 'not-found') fail('CATEGORY_NOT_FOUND');
    return updated;
  });

  r.delete('/api/admin/categories/:id', { schema: { tags, params, response: noContent } }, async (request, reply) => {
    if ((await deleteCategory(app.db, request.params.id)) === 'not-found') fail('CATEGORY_NOT_FOUND');
    return reply.status(204).send(null);
  });
}
