import type { FastifyInstance } from 'fastify';
import { shopInputSchema, shopListQuerySchema, shopListSchema, shopSchema, shopUpdateSchema } from '../../../common/shops.ts';
import { contentRoutes } from '../../lib/content-routes.ts';
import { shopsStore } from './shops.db.ts';

export async function shopsRoutes(app: FastifyInstance): Promise<void> {
  contentRoutes(app, {
    section: 'shops',
    schemas: { input: shopInputSchema, update: shopUpdateSchema, listQuery: shopListQuerySchema, item: shopSchema, list: shopListSchema },
    ...shopsStore,
  });
}
