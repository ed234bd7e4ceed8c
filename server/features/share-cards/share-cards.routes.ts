import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { LANGUAGE_CODES, languageDir, type LanguageCode } from '../../../common/languages.ts';
import { SHARE_CARD_TYPES, type ShareCardType } from '../../../common/share-cards.ts';
import { CONTENT_TABLES, disciplineName } from '../../lib/content.ts';
import { fail } from '../../lib/errors.ts';
import { translate } from '../../lib/mail-texts.ts';
import { readerLanguage } from '../../lib/reader-language.ts';
import { cardSvg, needsCjkFont } from './share-cards.svg.ts';

const params = z.object({ type: z.enum(SHARE_CARD_TYPES), id: z.string().max(100).regex(/^[\w-]+$/) });
const query = z.object({ lang: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]).optional() });
// Rendered cards kept by what they show: an item renamed draws a new one.
const KEPT = 300;
const DRAWING_AT_ONCE = 2;
const DRAWING_QUEUE = 20;

/** The public read of an item, asked in-process as a visitor: the card shows what anyone may see, or nothing. */
const sourceOf = (type: ShareCardType, id: string) =>
  type === 'team' ? `/api/teams/${id}` : type === 'profile' ? `/api/profiles/${id}` : `/api/${CONTENT_TABLES[type]}/${id}`;

// Where a title needs a font the machine does not have, the site's logo previews the item instead.
const FALLBACK = '/logo.png';
let cjkFont: Promise<boolean> | undefined;
/** Whether fontconfig knows a font for Chinese (asked once; no fontconfig tool counts as none). */
const hasCjkFont = () =>
  (cjkFont ??= new Promise((resolve) => execFile('fc-list', [':lang=zh', 'family'], { timeout: 5000 }, (error, stdout) => resolve(!error && stdout.trim() !== ''))));

type Item = { name?: string; title?: string; productName?: string; location?: string | null; disciplineId?: string; startDate?: string };

/** The share-preview picture of an item without a photo of its own (issue 21, item 6). */
export async function shareCardsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const kept = new Map<string, Buffer>();
  // Drawing takes a thread of libuv's pool, which uploads use too: a few at a time, and past a short
  // queue the crawler is told to come back (a card is no page: nobody waits on it).
  let drawing = 0;
  const waiting: (() => void)[] = [];
  const render = async (svg: string): Promise<Buffer> => {
    if (drawing >= DRAWING_AT_ONCE) {
      if (waiting.length >= DRAWING_QUEUE) fail('SERVICE_UNAVAILABLE');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    drawing += 1;
    try {
      return await sharp(Buffer.from(svg)).png().toBuffer();
    } finally {
      drawing -= 1;
      waiting.shift()?.();
    }
  };


  r.get(
    '/api/share-cards/:type/:id.png',
    { config: { cache: 'public', maxAge: 3600 }, schema: { tags: ['share'], params, querystring: query, produces: ['image/png'] } },
    async (request, reply) => {
      const { type, id } = request.params;
      const language = request.query.lang ?? (await readerLanguage(request));
      const res = await app.inject({ method: 'GET', url: sourceOf(type, id), headers: { accept: 'application/json' } });
      if (res.statusCode !== 200) fail('NOT_FOUND');
      const item = res.json() as Item;
      const date = item.startDate ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(item.startDate)) : undefined;
      const subtitle = [item.disciplineId && (await disciplineName(app.db, item.disciplineId, language)), date, item.location ?? undefined].filter(Boolean).join(' · ');
      const card = { title: item.name ?? item.title ?? item.productName ?? '', subtitle, site: translate(language, 'app.name'), dir: languageDir(language) };
      if (needsCjkFont(card.title + card.subtitle) && !(await hasCjkFont())) return reply.redirect(FALLBACK);
      const svg = cardSvg(card);
      const key = createHash('sha256').update(svg).digest('base64url');
      let png = kept.get(key);
      if (png) kept.delete(key);
      else png = await render(svg);
      // The least recently drawn goes first.
      kept.set(key, png);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      reply.header('content-type', 'image/png');
      return reply.send(png);
    },
  );
}
