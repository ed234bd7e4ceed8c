import type { FastifyInstance } from 'fastify';
import { nearbyPlacesSchema, placeInputSchema, placeListQuerySchema, placeListSchema, placeSchema, placeUpdateSchema } from '../../../common/places.ts';
import { contentRoutes, findVisible, idParams } from '../../lib/content-routes.ts';
import { read } from '../../lib/reads.ts';
import { placeAccessRoutes } from './place-access.routes.ts';
import { nearbyPlaces, placesStore } from './places.db.ts';

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  const get = contentRoutes(app, {
    section: 'places',
    schemas: { input: placeInputSchema, update: placeUpdateSchema, listQuery: placeListQuerySchema, item: placeSchema, list: placeListSchema },
    ...placesStore,
  });

  // Only approved places are listed, the same for everyone who may see the place itself.
  read(app, '/api/places/:id/nearby', { tags: ['places'], cache: 'public', params: idParams, response: nearbyPlacesSchema }, async (ctx, { params }) =>
    findVisible((id, viewer) => nearbyPlaces(ctx.db, id, viewer), params.id, await ctx.viewer()),
  );

  await placeAccessRoutes(app, get);
}
