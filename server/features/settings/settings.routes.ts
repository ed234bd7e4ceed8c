import type { FastifyInstance } from 'fastify';
import { siteSettingsSchema } from '../../../common/schemas.ts';
import { read } from '../../lib/reads.ts';
import { getSiteSettings } from './settings.db.ts';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  read(app, '/api/settings', { tags: ['settings'], cache: 'public', siteWide: true, response: siteSettingsSchema }, async (ctx) =>
    getSiteSettings(ctx.db, ctx.app.config),
  );
}
