import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteSettingsSchema } from '../../../common/schemas.ts';
import { getSiteSettings } from './settings.db.ts';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/settings',
    { config: { cache: 'public' }, schema: { tags: ['settings'], response: { 200: siteSettingsSchema } } },
    async () => {
      return getSiteSettings(app.db, app.config);
    },
  );
}
