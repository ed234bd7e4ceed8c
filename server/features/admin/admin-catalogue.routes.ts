import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategorySchema,
  adminDisciplineSchema,
  catalogueIdParamsSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  disciplineCreateSchema,
  disciplineUpdateSchema,
} from '../../../common/admin-catalogue.ts';
import {
  categoryNotFound,
  createCategory,
  createDiscipline,
  deleteCategory,
  deleteDiscipline,
  disciplineNotFound,
  getAdminCategory,
  getAdminDiscipline,
  listAdminCategories,
  listAdminDisciplines,
  updateCategory,
  updateDiscipline,
} from './admin-catalogue.db.ts';

/** Admin › Disciplines: the catalogue of disciplines and categories. The public reads are uncached, so they show each change at once. */
export async function adminCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const params = catalogueIdParamsSchema;
  const noContent = { 204: z.null() };

  r.get('/api/admin/disciplines', { schema: { tags, response: { 200: z.array(adminDisciplineSchema) } } }, () => listAdminDisciplines(app.db));

  r.get('/api/admin/disciplines/:id', { schema: { tags, params, response: { 200: adminDisciplineSchema } } }, async (request) => {
    const discipline = await getAdminDiscipline(app.db, request.params.id);
    if (!discipline) throw disciplineNotFound();
    return discipline;
  });

  r.post('/api/admin/disciplines', { schema: { tags, body: disciplineCreateSchema, response: { 201: adminDisciplineSchema } } }, async (request, reply) => {
    reply.status(201);
    return createDiscipline(app.db, request.body);
  });

  r.put('/api/admin/disciplines/:id', { schema: { tags, params, body: disciplineUpdateSchema, response: { 200: adminDisciplineSchema } } }, (request) =>
    updateDiscipline(app.db, request.params.id, request.body),
  );

  r.delete('/api/admin/disciplines/:id', { schema: { tags, params, response: noContent } }, async (request, reply) => {
    await deleteDiscipline(app.db, request.params.id);
    return reply.status(204).send(null);
  });

  r.get('/api/admin/categories', { schema: { tags, response: { 200: z.array(adminCategorySchema) } } }, () => listAdminCategories(app.db));

  r.get('/api/admin/categories/:id', { schema: { tags, params, response: { 200: adminCategorySchema } } }, async (request) => {
    const category = await getAdminCategory(app.db, request.params.id);
    if (!category) throw categoryNotFound();
    return category;
  });

  r.post('/api/admin/categories', { schema: { tags, body: categoryCreateSchema, response: { 201: adminCategorySchema } } }, async (request, reply) => {
    reply.status(201);
    return createCategory(app.db, request.body);
  });

  r.put('/api/admin/categories/:id', { schema: { tags, params, body: categoryUpdateSchema, response: { 200: adminCategorySchema } } }, (request) =>
    updateCategory(app.db, request.params.id, request.body),
  );

  r.delete('/api/admin/categories/:id', { schema: { tags, params, response: noContent } }, async (request, reply) => {
    await deleteCategory(app.db, request.params.id);
    return reply.status(204).send(null);
  });
}
