import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLanguageCode, LANGUAGE_PARAM } from '../../../common/languages.ts';
import { languageSchema } from '../../../common/schemas.ts';
import { SHARE_CARD_TYPES } from '../../../common/share-cards.ts';
import { readerLanguage } from '../../lib/reader-language.ts';
import { shareCards } from './share-cards.card.ts';

const params = z.object({ type: z.enum(SHARE_CARD_TYPES), id: z.string().max(100).regex(/^[\w-]+$/) });
const query = z.object({ [LANGUAGE_PARAM]: languageSchema.optional() });

/** The share-preview picture of an item without a photo of its own (issue 21, item 6). */
export async function shareCardsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cardOf = shareCards(app);

  r.get(
    '/api/share-cards/:type/:id.png',
    { config: { cache: 'public', maxAge: 3600 }, schema: { tags: ['share'], params, querystring: query, produces: ['image/png'] } },
    async (request, reply) => {
      const asked = request.query[LANGUAGE_PARAM];
      const card = await cardOf(request.params.type, request.params.id, isLanguageCode(asked) ? asked : await readerLanguage(request));
      if ('fallback' in card) return reply.redirect(card.fallback);
      return reply.header('content-type', 'image/png').send(card.png);
    },
  );
}
