import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { languageDir, type LanguageCode } from '../../../common/languages.ts';
import type { ShareCardType } from '../../../common/share-cards.ts';
import { CONTENT_TABLES, disciplineName } from '../../lib/content.ts';
import { fail } from '../../lib/errors.ts';
import { translate } from '../../lib/mail-texts.ts';
import { queueGate } from '../../lib/queue-gate.ts';
import { visitorContext } from '../../lib/context.ts';
import { readDirect } from '../../lib/reads.ts';
import { cardSvg, needsCjkFont } from './share-cards.svg.ts';

// Rendered cards kept by what they show: an item renamed draws a new one.
const KEPT = 300;
const DRAWING_AT_ONCE = 2;
const DRAWING_QUEUE = 20;

/** The public read of an item, asked of its feature as a visitor: the card shows what anyone may see, or nothing. */
const sourceOf = (type: ShareCardType, id: string) => {
  const segment = encodeURIComponent(id);
  return type === 'team' ? `/api/teams/${segment}` : type === 'profile' ? `/api/profiles/${segment}` : `/api/${CONTENT_TABLES[type]}/${segment}`;
};

// Where a title needs a font the machine does not have, the site's logo previews the item instead.
export const CARD_FALLBACK = '/logo.png';
let cjkFont: Promise<boolean> | undefined;
/** Whether fontconfig knows a font for Chinese (asked once; no fontconfig tool counts as none). */
const hasCjkFont = () =>
  (cjkFont ??= new Promise((resolve) =>
    execFile('fc-list', [':lang=zh', 'family'], { timeout: 5000 }, (error, stdout) => resolve(!error && stdout.trim() !== '')),
  ));

type Item = { name?: string; title?: string; productName?: string; location?: string | null; disciplineId?: string; startDate?: string };

/** Cards this process has drawn (by a request or a job): what the store saves, told to the tests that check it. */
export const cardsDrawn = { count: 0 };

// Where drawn cards are stored, named by the SHA-256 of their SVG (storage.ts, CachedFiles): the name
// says nothing of the item, and another text is another file.
export const STORED_CARDS = 'share-cards';
export const storedCardKey = (svg: string) => `${STORED_CARDS}/${createHash('sha256').update(svg).digest('hex')}.png`;

/** A card: its SVG and stored file's name, or the fallback's address when its text needs a font this machine lacks. */
type Drawn = { svg: string; key: string } | { fallback: string };

/**
 * The share-preview picture of an item without a photo of its own (issue 21, item 6), as PNG, or the
 * fallback's address when its text needs a font this machine lacks. A hidden or missing item is
 * NOT_FOUND, answered before any stored card is looked at. Cards are found in this process's memory
 * (the last ones served, the least recently served going first), else in the storage every process
 * shares (drawn ahead by the `share-card` job, or by another process), else drawn here and stored.
 * Drawing takes a thread of libuv's pool, which uploads use too: a few at a time, and past a short
 * queue the crawler is told to come back (SERVICE_UNAVAILABLE: a card is no page, nobody waits on it).
 */
export function shareCards(app: FastifyInstance) {
  const kept = new Map<string, Buffer>();
  const gate = queueGate(DRAWING_AT_ONCE);
  const draw = async (svg: string): Promise<Buffer> => {
    if (gate.load.waiting >= DRAWING_QUEUE) fail('SERVICE_UNAVAILABLE');
    await gate.enter();
    try {
      cardsDrawn.count += 1;
      return await sharp(Buffer.from(svg)).png().toBuffer();
    } finally {
      gate.leave();
    }
  };
  const store = (key: string, png: Buffer) => app.storage.cached.put(key, png, 'image/png');
  // A storage that fails to answer costs a drawing, never the card.
  const stored = (key: string) =>
    app.storage.cached.get(key).catch((error: unknown) => {
      app.log.warn({ err: error, key }, 'stored share card not read');
      return undefined;
    });

  /** What the card of the item shows the public now; undefined when the public may not see it. */
  async function cardText(type: ShareCardType, id: string, language: LanguageCode): Promise<Drawn | undefined> {
    const read = await readDirect(app, visitorContext(app, language), sourceOf(type, id));
    if (!read.ok) return undefined;
    const item = read.data as Item;
    const date = item.startDate ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(item.startDate)) : undefined;
    const subtitle = [item.disciplineId && (await disciplineName(app.db, item.disciplineId, language)), date, item.location ?? undefined]
      .filter(Boolean)
      .join(' · ');
    const card = { title: item.name ?? item.title ?? item.productName ?? '', subtitle, site: translate(language, 'app.name'), dir: languageDir(language) };
    if (needsCjkFont(card.title + card.subtitle) && !(await hasCjkFont())) return { fallback: CARD_FALLBACK };
    const svg = cardSvg(card);
    return { svg, key: storedCardKey(svg) };
  }

  return {
    /** The card a request asks for. */
    async cardOf(type: ShareCardType, id: string, language: LanguageCode): Promise<{ png: Buffer } | { fallback: string }> {
      // The visitor's read first: a card stored for an item hidden since is never looked at.
      const card = await cardText(type, id, language);
      if (!card) fail('NOT_FOUND');
      if ('fallback' in card) return card;
      let png = kept.get(card.key);
      if (png) kept.delete(card.key);
      else {
        png = await stored(card.key);
        if (!png) {
          png = await draw(card.svg);
          // Stored after the answer: the crawler does not wait for the storage.
          store(card.key, png).catch((error: unknown) => app.log.warn({ err: error, key: card.key }, 'share card not stored'));
        }
      }
      kept.set(card.key, png);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      return { png };
    },

    /**
     * The `share-card` job's work: draws and stores the card of the item as the public sees it in
     * `language`, unless its file is there already (the same text, drawn by an earlier job or a
     * request). Says what it did. Not kept in this process's memory: the requests of any process find
     * it in the storage.
     */
    async prerender(type: ShareCardType, id: string, language: LanguageCode): Promise<'hidden' | 'fallback' | 'stored' | 'drawn'> {
      const card = await cardText(type, id, language);
      if (!card) return 'hidden';
      if ('fallback' in card) return 'fallback';
      if (await stored(card.key)) return 'stored';
      await store(card.key, await draw(card.svg));
      return 'drawn';
    },
  };
}
