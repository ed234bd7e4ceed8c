import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../../../common/error-codes.ts';
import {
  profileTrickListSchema,
  trickInputSchema,
  trickListQuerySchema,
  trickListSchema,
  trickProgressInputSchema,
  trickProgressSchema,
  trickSchema,
  trickUpdateSchema,
} from '../../../common/tricks.ts';
import { disciplineParams, findVisible, idParams, requireContributor, requireDiscipline, requireEditor, viewerOf } from '../../lib/content-routes.ts';
import type { Viewer } from '../../lib/content.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/session.ts';
import { profileIsVisible } from '../profiles/profiles.db.ts';
import {
  clearTrickProgress,
  createTrick,
  deleteTrick,
  getTrick,
  listProgression,
  listTricks,
  setTrickProgress,
  updateTrick,
} from './tricks.db.ts';

export async function tricksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tricks'];
  const get = (id: string, viewer: Viewer) => getTrick(app.db, id, viewer);

  r.get(
    '/api/disciplines/:id/tricks',
    { schema: { tags, params: disciplineParams, querystring: trickListQuerySchema, response: { 200: trickListSchema } } },
    async (request, reply) => {
      await requireDiscipline(app, request.params.id);
      reply.header('cache-control', 'private, no-cache');
      return listTricks(app.db, request.params.id, request.query, await viewerOf(request));
    },
  );

  r.post(
    '/api/disciplines/:id/tricks',
    { schema: { tags, params: disciplineParams, body: trickInputSchema, response: { 201: trickSchema } } },
    async (request, reply) => {
      const user = await requireContributor(app, request, 'tricks', request.params.id);
      const id = await createTrick(app.db, request.params.id, request.body, user);
      return reply.status(201).send(await findVisible(get, id, user));
    },
  );

  r.get('/api/tricks/:id', { schema: { tags, params: idParams, response: { 200: trickSchema } } }, async (request, reply) => {
    const trick = await findVisible(get, request.params.id, await viewerOf(request));
    reply.header('cache-control', 'private, no-cache');
    return trick;
  });

  r.patch('/api/tricks/:id', { schema: { tags, params: idParams, body: trickUpdateSchema, response: { 200: trickSchema } } }, async (request) => {
    const { user } = await requireEditor(request, get, request.params.id);
    await updateTrick(app.db, request.params.id, request.body);
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/tricks/:id', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await requireEditor(request, get, request.params.id);
    await deleteTrick(app.db, request.params.id);
    return reply.status(204).send(null);
  });

  r.put(
    '/api/tricks/:id/progress',
    { schema: { tags, params: idParams, body: trickProgressInputSchema, response: { 200: trickProgressSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await findVisible(get, request.params.id, user);
      await setTrickProgress(app.db, request.params.id, user.id, request.body.state);
      return { state: request.body.state };
    },
  );

  r.delete('/api/tricks/:id/progress', { schema: { tags, params: idParams, response: { 200: trickProgressSchema } } }, async (request) => {
    const user = await requireUser(request);
    await findVisible(get, request.params.id, user);
    await clearTrickProgress(app.db, request.params.id, user.id);
    return { state: null };
  });

  // `:id` like the other /api/profiles/:id/… routes: the router wants one parameter name per position.
  r.get(
    '/api/profiles/:id/tricks',
    { schema: { tags, params: z.object({ id: z.string().min(1).max(100) }), response: { 200: profileTrickListSchema } } },
    async (request, reply) => {
      if (!(await profileIsVisible(app.db, request.params.id))) throw notFound('USER_NOT_FOUND', ERROR_MESSAGES.USER_NOT_FOUND);
      reply.header('cache-control', 'private, no-cache');
      return listProgression(app.db, request.params.id);
    },
  );
}
