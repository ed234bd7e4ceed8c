import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLanguageCode, LANGUAGE_PARAM, parseEnabledLanguages, type LanguageCode } from '../../../common/languages.ts';
import { languageSchema } from '../../../common/schemas.ts';
import { SHARE_CARD_TYPES, SHARE_CARD_VERSION } from '../../../common/share-cards.ts';
import { readerLanguage } from '../../lib/reader-language.ts';
import { SHARE_CARD_QUEUE, type ShareCardJob } from '../../lib/share-card-jobs.ts';
import { shareCards } from './share-cards.card.ts';

const params = z.object({
  type: z.enum(SHARE_CARD_TYPES),
  id: z
    .string()
    .max(100)
    .regex(/^[\w-]+$/),
});
// The version names what the page saw the card show (common/share-cards.ts): only caches tell them apart.
const query = z.object({
  [LANGUAGE_PARAM]: languageSchema.optional(),
  [SHARE_CARD_VERSION]: z
    .string()
    .max(16)
    .regex(/^[0-9a-z]+$/)
    .optional(),
});

/**
 * How long shared caches may keep a card. A spot made secret, or an item withdrawn, must stop showing
 * soon: its card kept for an hour was its name and place shown an hour after (issue 37). A changed
 * item needs no wait at all: its pages name a new address.
 */
export const SHARE_CARD_MAX_AGE = 60;

/**
 * The language a crawler's page is in, and so its card's: the first the site has enabled (a request
 * without a language cookie or Accept-Language gets it: common/languages.ts resolveLanguage).
 */
async function siteLanguage(app: FastifyInstance): Promise<LanguageCode> {
  const row = await app.db.selectFrom('site_settings').select('setting_value').where('setting_key', '=', 'enabled_languages').executeTakeFirst();
  return parseEnabledLanguages(row?.setting_value ?? 'unset')[0]!;
}

/** The share-preview picture of an item without a photo of its own (issue 21, item 6). */
export async function shareCardsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cards = shareCards(app);

  // Cards drawn ahead (issue 39): queued when an item becomes public or its card's text changes
  // (server/lib/share-card-jobs.ts). A drawing is cheap to redo: a few tries, close together.
  app.jobs.define<ShareCardJob>(SHARE_CARD_QUEUE, {
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 300,
    expireInSeconds: 120,
    work: async ({ type, id }) => cards.prerender(type, id, await siteLanguage(app)),
  });

  r.get(
    '/api/share-cards/:type/:id.png',
    { config: { cache: 'public', maxAge: SHARE_CARD_MAX_AGE }, schema: { tags: ['share'], params, querystring: query, produces: ['image/png'] } },
    async (request, reply) => {
      const asked = request.query[LANGUAGE_PARAM];
      const card = await cards.cardOf(request.params.type, request.params.id, isLanguageCode(asked) ? asked : await readerLanguage(request));
      if ('fallback' in card) return reply.redirect(card.fallback);
      return reply.header('content-type', 'image/png').send(card.png);
    },
  );
}
