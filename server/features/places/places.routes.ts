import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placeInputSchema, placeListQuerySchema, placeListSchema, placeSchema, placeUpdateSchema } from '../../../common/places.ts';
import { disciplineParams, findVisible, idParams, requireContributor, requireDiscipline, requireEditor, viewerOf } from '../../lib/content-routes.ts';
import type { Viewer } from '../../lib/content.ts';
import { createPlace, deletePlace, getPlace, listPlaces, updatePlace } from './places.db.ts';

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];
  const get = (id: string, viewer: Viewer) => getPlace(app.db, id, viewer);

  r.get(
    '/api/disciplines/:id/places',
    { schema: { tags, params: disciplineParams, querystring: placeListQuerySchema, response: { 200: placeListSchema } } },
    async (request, reply) => {
      await requireDiscipline(app, request.params.id);
      reply.header('cache-control', 'private, no-cache');
      return listPlaces(app.db, request.params.id, request.query, await viewerOf(request));
    },
  );

  r.post(
    '/api/disciplines/:id/places',
    { schema: { tags, params: disciplineParams, body: placeInputSchema, response: { 201: placeSchema } } },
    async (request, reply) => {
      const user = await requireContributor(app, request, 'places', request.params.id);
      const id = await createPlace(app.db, request.params.id, request.body, user);
      return reply.status(201).send(await findVisible(get, id, user));
    },
  );

  r.get('/api/places/:id', { schema: { tags, params: idParams, response: { 200: placeSchema } } }, async (request, reply) => {
    const place = await findVisible(get, request.params.id, await viewerOf(request));
    reply.header('cache-control', 'private, no-cache');
    return place;
  });

  r.patch('/api/places/:id', { schema: { tags, params: idParams, body: placeUpdateSchema, response: { 200: placeSchema } } }, async (request) => {
    const { user } = await requireEditor(request, get, request.params.id);
    await updatePlace(app.db, request.params.id, request.body);
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/places/:id', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await requireEditor(request, get, request.params.id);
    await deletePlace(app.db, request.params.id);
    return reply.status(204).send(null);
  });
}
