import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../../../common/error-codes.ts';
import { placeInputSchema, placeListQuerySchema, placeListSchema, placeSchema, placeUpdateSchema } from '../../../common/places.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../lib/session.ts';
import { createPlace, deletePlace, disciplineExists, getPlace, listPlaces, updatePlace, type Viewer } from './places.db.ts';

const CREATIONS_PER_HOUR = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const disciplineParams = z.object({ id: z.string().max(50) });
const idParams = z.object({ id: z.string().max(100) });

const disciplineNotFound = () => notFound('DISCIPLINE_NOT_FOUND', ERROR_MESSAGES.DISCIPLINE_NOT_FOUND);

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];

  const viewerOf = async (request: FastifyRequest): Promise<Viewer> => {
    const user = await currentUser(request);
    return user && { id: user.id, role: user.role };
  };

  /** A place the viewer may see; a malformed id, a missing place and a hidden one all answer the same 404. */
  async function findPlace(id: string, viewer: Viewer) {
    const place = UUID.test(id) ? await getPlace(app.db, id, viewer) : undefined;
    if (!place) throw notFound();
    return place;
  }

  /** The signed-in author of this place, or an admin. */
  async function requireEditor(request: FastifyRequest, id: string) {
    const user = await requireUser(request);
    const place = await findPlace(id, user);
    if (user.role !== 'admin' && !place.mine) throw forbidden();
    return user;
  }

  r.get(
    '/api/disciplines/:id/places',
    { schema: { tags, params: disciplineParams, querystring: placeListQuerySchema, response: { 200: placeListSchema } } },
    async (request, reply) => {
      if (!(await disciplineExists(app.db, request.params.id))) throw disciplineNotFound();
      reply.header('cache-control', 'private, no-cache');
      return listPlaces(app.db, request.params.id, request.query, await viewerOf(request));
    },
  );

  r.post(
    '/api/disciplines/:id/places',
    { schema: { tags, params: disciplineParams, body: placeInputSchema, response: { 201: placeSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!(await disciplineExists(app.db, request.params.id))) throw disciplineNotFound();
      await app.limiter.consume(`places:create:user:${user.id}`, { max: CREATIONS_PER_HOUR, windowSeconds: 3600 });
      const id = await createPlace(app.db, request.params.id, request.body, user);
      return reply.status(201).send(await findPlace(id, user));
    },
  );

  r.get('/api/places/:id', { schema: { tags, params: idParams, response: { 200: placeSchema } } }, async (request, reply) => {
    const place = await findPlace(request.params.id, await viewerOf(request));
    reply.header('cache-control', 'private, no-cache');
    return place;
  });

  r.patch('/api/places/:id', { schema: { tags, params: idParams, body: placeUpdateSchema, response: { 200: placeSchema } } }, async (request) => {
    const user = await requireEditor(request, request.params.id);
    await updatePlace(app.db, request.params.id, request.body);
    return findPlace(request.params.id, user);
  });

  r.delete('/api/places/:id', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await requireEditor(request, request.params.id);
    await deletePlace(app.db, request.params.id);
    return reply.status(204).send(null);
  });
}
