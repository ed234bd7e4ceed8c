import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nearbyPlacesSchema, placeInputSchema, placeListQuerySchema, placeListSchema, placeSchema, placeUpdateSchema } from '../../../common/places.ts';
import { contentRoutes, findVisible, idParams, viewerOf } from '../../lib/content-routes.ts';
import { nearbyPlaces, placesStore } from './places.db.ts';

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  contentRoutes(app, {
    section: 'places',
    schemas: { input: placeInputSchema, update: placeUpdateSchema, listQuery: placeListQuerySchema, item: placeSchema, list: placeListSchema },
    ...placesStore,
  });

  // Only approved places are listed, the same for everyone who may see the place itself.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/places/:id/nearby',
    { config: { cache: 'public' }, schema: { tags: ['places'], params: idParams, response: { 200: nearbyPlacesSchema } } },
    async (request) => findVisible((id, viewer) => nearbyPlaces(app.db, id, viewer), request.params.id, await viewerOf(request)),
  );
}
