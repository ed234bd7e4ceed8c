import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactMessageListSchema,
  contactMessageSchema,
  enabledLanguagesSchema,
  markMessageReadSchema,
  messagesQuerySchema,
  SITE_IMAGE_SETTINGS,
} from '../../../common/admin-settings.ts';
import { siteSettingsSchema } from '../../../common/schemas.ts';
import { fail } from '../../lib/errors.ts';
import { storeImageUpload, type ImageKind } from '../../lib/images.ts';
import { read } from '../../lib/reads.ts';
import { getSiteSettings } from '../settings/index.ts';
import { listContactMessages, markContactMessage, replaceSetting, setEnabledLanguages } from './admin-settings.db.ts';

const IMAGE_KINDS: Record<keyof typeof SITE_IMAGE_SETTINGS, ImageKind> = { logo: 'site-asset', background: 'background' };
const messageParams = z.object({ id: z.string().max(100) });
const isUuid = (id: string) => z.uuid().safeParse(id).success;

export async function adminSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const settings = () => {
    return getSiteSettings(app.db, app.config);
  };

  r.put('/api/admin/settings/languages', { schema: { tags, body: enabledLanguagesSchema, response: { 200: siteSettingsSchema } } }, async (request) => {
    await setEnabledLanguages(app.db, request.body.enabledLanguages);
    return settings();
  });

  for (const [segment, key] of Object.entries(SITE_IMAGE_SETTINGS) as [keyof typeof SITE_IMAGE_SETTINGS, string][]) {
    r.post(
      `/api/admin/settings/${segment}`,
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: siteSettingsSchema } } },
      async (request) => {
        const url = await storeImageUpload(app, request, IMAGE_KINDS[segment]);
        let previous: string | null;
        try {
          previous = await replaceSetting(app.db, key, url);
        } catch (error) {
          await app.storage.remove(url);
          throw error;
        }
        await app.storage.remove(previous);
        return settings();
      },
    );
    // Back to the default logo (/logo.png) or the stock background.
    r.delete(`/api/admin/settings/${segment}`, { schema: { tags, response: { 200: siteSettingsSchema } } }, async () => {
      await app.storage.remove(await replaceSetting(app.db, key, ''));
      return settings();
    });
  }

  read(app, '/api/admin/messages', { tags, cache: 'no-store', query: messagesQuerySchema, response: contactMessageListSchema }, (ctx, { query }) =>
    listContactMessages(ctx.db, query),
  );

  r.post(
    '/api/admin/messages/:id/read',
    { schema: { tags, params: messageParams, body: markMessageReadSchema, response: { 200: contactMessageSchema } } },
    async (request) => {
      // A malformed id is as unknown as a missing one.
      const message = isUuid(request.params.id) ? await markContactMessage(app.db, request.params.id, request.body.read) : undefined;
      if (!message) fail('NOT_FOUND');
      return message;
    },
  );
}
