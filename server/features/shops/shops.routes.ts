import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopInputSchema, shopListQuerySchema, shopListSchema, shopSchema, shopUpdateSchema } from '../../../common/shops.ts';
import { disciplineParams, findVisible, idParams, requireContributor, requireDiscipline, requireEditor, viewerOf } from '../../lib/content-routes.ts';
import type { Viewer } from '../../lib/content.ts';
import { createShop, deleteShop, getShop, listShops, updateShop } from './shops.db.ts';

export async function shopsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shops'];
  const get = (id: string, viewer: Viewer) => getShop(app.db, id, viewer);

  r.get(
    '/api/disciplines/:id/shops',
    { schema: { tags, params: disciplineParams, querystring: shopListQuerySchema, response: { 200: shopListSchema } } },
    async (request, reply) => {
      await requireDiscipline(app, request.params.id);
      reply.header('cache-control', 'private, no-cache');
      return listShops(app.db, request.params.id, request.query, await viewerOf(request));
    },
  );

  r.post(
    '/api/disciplines/:id/shops',
    { schema: { tags, params: disciplineParams, body: shopInputSchema, response: { 201: shopSchema } } },
    async (request, reply) => {
      const user = await requireContributor(app, request, 'shops', request.params.id);
      const id = await createShop(app.db, request.params.id, request.body, user);
      return reply.status(201).send(await findVisible(get, id, user));
    },
  );

  r.get('/api/shops/:id', { schema: { tags, params: idParams, response: { 200: shopSchema } } }, async (request, reply) => {
    const shop = await findVisible(get, request.params.id, await viewerOf(request));
    reply.header('cache-control', 'private, no-cache');
    return shop;
  });

  r.patch('/api/shops/:id', { schema: { tags, params: idParams, body: shopUpdateSchema, response: { 200: shopSchema } } }, async (request) => {
    const { user } = await requireEditor(request, get, request.params.id);
    await updateShop(app.db, request.params.id, request.body);
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/shops/:id', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await requireEditor(request, get, request.params.id);
    await deleteShop(app.db, request.params.id);
    return reply.status(204).send(null);
  });
}
