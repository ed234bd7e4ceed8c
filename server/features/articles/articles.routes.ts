import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleInputSchema, articleListQuerySchema, articleListSchema, articleSchema, articleUpdateSchema } from '../../../common/articles.ts';
import { disciplineParams, findVisible, idParams, requireContributor, requireDiscipline, requireEditor, viewerOf } from '../../lib/content-routes.ts';
import type { Viewer } from '../../lib/content.ts';
import { createArticle, deleteArticle, getArticle, listArticles, updateArticle } from './articles.db.ts';

export async function articlesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['articles'];
  const get = (id: string, viewer: Viewer) => getArticle(app.db, id, viewer);

  r.get(
    '/api/disciplines/:id/articles',
    { schema: { tags, params: disciplineParams, querystring: articleListQuerySchema, response: { 200: articleListSchema } } },
    async (request, reply) => {
      await requireDiscipline(app, request.params.id);
      reply.header('cache-control', 'private, no-cache');
      return listArticles(app.db, request.params.id, request.query, await viewerOf(request));
    },
  );

  r.post(
    '/api/disciplines/:id/articles',
    { schema: { tags, params: disciplineParams, body: articleInputSchema, response: { 201: articleSchema } } },
    async (request, reply) => {
      const user = await requireContributor(app, request, 'articles', request.params.id);
      const id = await createArticle(app.db, request.params.id, request.body, user);
      return reply.status(201).send(await findVisible(get, id, user));
    },
  );

  r.get('/api/articles/:id', { schema: { tags, params: idParams, response: { 200: articleSchema } } }, async (request, reply) => {
    const article = await findVisible(get, request.params.id, await viewerOf(request));
    reply.header('cache-control', 'private, no-cache');
    return article;
  });

  r.patch('/api/articles/:id', { schema: { tags, params: idParams, body: articleUpdateSchema, response: { 200: articleSchema } } }, async (request) => {
    const { user } = await requireEditor(request, get, request.params.id);
    await updateArticle(app.db, request.params.id, request.body);
    return findVisible(get, request.params.id, user);
  });

  r.delete('/api/articles/:id', { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await requireEditor(request, get, request.params.id);
    await deleteArticle(app.db, request.params.id);
    return reply.status(204).send(null);
  });
}
