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

/**
 * The share-preview picture of an item without a photo of its own (issue 21, item 6), as PNG, or the
 * fallback's address when its text needs a font this machine lacks. A hidden or missing item is
 * NOT_FOUND. Drawing takes a thread of libuv's pool, which uploads use too: a few at a time, and past
 * a short queue the crawler is told to come back (SERVICE_UNAVAILABLE: a card is no page, nobody
 * waits on it). The last cards drawn are kept, the least recently drawn going first.
 */
export function shareCards(app: FastifyInstance) {
  const kept = new Map<string, Buffer>();
  const gate = queueGate(DRAWING_AT_ONCE);
  const draw = async (svg: string): Promise<Buffer> => {
    if (gate.load.waiting >= DRAWING_QUEUE) fail('SERVICE_UNAVAILABLE');
    await gate.enter();
    try {
      return await sharp(Buffer.from(svg)).png().toBuffer();
    } finally {
      gate.leave();
    }
  };

  return async function cardOf(type: ShareCardType, id: string, language: LanguageCode): Promise<{ png: Buffer } | { fallback: string }> {
    const read = await readDirect(app, visitorContext(app, language), sourceOf(type, id));
    if (!read.ok) fail('NOT_FOUND');
    const item = read.data as Item;
    const date = item.startDate ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(item.startDate)) : undefined;
    const subtitle = [item.disciplineId && (await disciplineName(app.db, item.disciplineId, language)), date, item.location ?? undefined]
      .filter(Boolean)
      .join(' · ');
    const card = { title: item.name ?? item.title ?? item.productName ?? '', subtitle, site: translate(language, 'app.name'), dir: languageDir(language) };
    if (needsCjkFont(card.title + card.subtitle) && !(await hasCjkFont())) return { fallback: CARD_FALLBACK };
    const svg = cardSvg(card);
    const key = createHash('sha256').update(svg).digest('base64url');
    let png = kept.get(key);
    if (png) kept.delete(key);
    else png = await draw(svg);
    kept.set(key, png);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return { png };
  };
}
