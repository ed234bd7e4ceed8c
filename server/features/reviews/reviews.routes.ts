import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewInputSchema, reviewListQuerySchema, reviewListSchema, reviewSchema, reviewUpdateSchema } from '../../../common/reviews.ts';
import { disciplineParams, findVisible, idParams, requireContributor, requireDiscipline, requireEditor, viewerOf } from '../../lib/content-routes.ts';
import type { Viewer } from '../../lib/content.ts';
import { createReview, deleteReview, getReview, listReviews, updateReview } from './reviews.db.ts';

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  const get = (id: string, viewer: Viewer) => getReview(app.db, id, viewer);

  r.get(
    '/api/disciplines/:id/reviews',
    { schema: { tags, params: disciplineParams, querystring: reviewListQuerySchema, response: { 200: reviewListSchema } } },
    async (request, reply) => {
      await requireDiscipline(app, request.params.id);
      reply.header('cache-control', 'private, no-cache');
      return listReviews(app.db, request.params.id, request.query, await viewerOf(request));
    },
  );

  r.post(
    '/api/disciplines/:id/reviews',
    { schema: { tags, params: disciplineParams, body: reviewInputSchema, response: { 201: reviewSchema } } },
    async (request, reply) => {
      const user = await requireContributor(app, request, 'reviews', request.params.id);
      const id = await createReview(app.db, request.params.id, request.body, user);
      return reply.status(201).send(await findVisible(get, id, user));
    },
  );

  r.get('/api/reviews/:id', { schema: { tags, params: idParams, response: { 200: reviewSchema } } }, async (request, reply) => {
    const review = await findVisible(get, request.params.id, await viewerOf(request));
    reply.header('cache-control', 'private, no-cache');
    return review;
  });

  r.patch('/api/reviews/:id', { schema: { tags, params: idParams, body: reviewUpdateSchema, response: { 200: reviewSchema } } }, async (request) => {
    const { user } = await requireEditor(request, get, request.params.id);
    await updateReview(app.db, request.params.id, request.body);
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/reviews/:id', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await requireEditor(request, get, request.params.id);
    await deleteReview(app.db, request.params.id);
    return reply.status(204).send(null);
  });
}
