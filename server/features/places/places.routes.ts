import type { FastifyInstance } from 'fastify';
import { placeInputSchema, placeListQuerySchema, placeListSchema, placeSchema, placeUpdateSchema } from '../../../common/places.ts';
import { contentRoutes } from '../../lib/content-routes.ts';
import { placesStore } from './places.db.ts';

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  contentRoutes(app, {
    section: 'places',
    schemas: { input: placeInputSchema, update: placeUpdateSchema, listQuery: placeListQuerySchema, item: placeSchema, list: placeListSchema },
    ...placesStore,
  });
}
