import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLanguageCode, LANGUAGE_PARAM } from '../../../common/languages.ts';
import { languageSchema } from '../../../common/schemas.ts';
import { SHARE_CARD_TYPES, SHARE_CARD_VERSION } from '../../../common/share-cards.ts';
import { readerLanguage } from '../../lib/reader-language.ts';
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

/** The share-preview picture of an item without a photo of its own (issue 21, item 6). */
export async function shareCardsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cardOf = shareCards(app);

  r.get(
    '/api/share-cards/:type/:id.png',
    { config: { cache: 'public', maxAge: SHARE_CARD_MAX_AGE }, schema: { tags: ['share'], params, querystring: query, produces: ['image/png'] } },
    async (request, reply) => {
      const asked = request.query[LANGUAGE_PARAM];
      const card = await cardOf(request.params.type, request.params.id, isLanguageCode(asked) ? asked : await readerLanguage(request));
      if ('fallback' in card) return reply.redirect(card.fallback);
      return reply.header('content-type', 'image/png').send(card.png);
    },
  );
}
