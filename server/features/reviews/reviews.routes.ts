import type { FastifyInstance } from 'fastify';
import { reviewInputSchema, reviewListQuerySchema, reviewListSchema, reviewSchema, reviewUpdateSchema } from '../../../common/reviews.ts';
import { contentRoutes } from '../../lib/content-routes.ts';
import { reviewsStore } from './reviews.db.ts';

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  contentRoutes(app, {
    section: 'reviews',
    schemas: { input: reviewInputSchema, update: reviewUpdateSchema, listQuery: reviewListQuerySchema, item: reviewSchema, list: reviewListSchema },
    ...reviewsStore,
  });
}
