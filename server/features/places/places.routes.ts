import type { FastifyInstance } from 'fastify';
import { placeInputSchema, placeListQuerySchema, placeListSchema, placeSchema, placeUpdateSchema } from '../../../common/places.ts';
import { contentRoutes } from '../../lib/content-routes.ts';
import { placeAccessRoutes } from './place-access.routes.ts';
import { placesStore } from './places.db.ts';

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  const get = contentRoutes(app, {
    section: 'places',
    schemas: { input: placeInputSchema, update: placeUpdateSchema, listQuery: placeListQuerySchema, item: placeSchema, list: placeListSchema },
    ...placesStore,
  });
  await placeAccessRoutes(app, get);
}
