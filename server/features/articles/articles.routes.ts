import type { FastifyInstance } from 'fastify';
import { articleInputSchema, articleListQuerySchema, articleListSchema, articleSchema, articleUpdateSchema } from '../../../common/articles.ts';
import { contentRoutes } from '../../lib/content-routes.ts';
import { createArticle, deleteArticle, getArticle, listArticles, updateArticle } from './articles.db.ts';

export async function articlesRoutes(app: FastifyInstance): Promise<void> {
  contentRoutes(app, {
    section: 'articles',
    schemas: { input: articleInputSchema, update: articleUpdateSchema, listQuery: articleListQuerySchema, item: articleSchema, list: articleListSchema },
    list: listArticles,
    get: getArticle,
    create: createArticle,
    update: updateArticle,
    remove: deleteArticle,
  });
}
