/**
 * The picture of a shared link to an item with no photo (issue 21, item 6): its name large, one line
 * about it, and the site's name, 1200×630 as OpenGraph and Twitter's large cards want. Drawn as SVG
 * (rendered by sharp's librsvg with the machine's fonts), right to left in Arabic.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const MARGIN = 80;
const TITLE_SIZE = 68;
const TITLE_LINES = 3;
// Roughly how many average Latin letters of the title's size fit on a line; wide (CJK) ones count twice.
const TITLE_UNITS = 28;
const SUBTITLE_UNITS = 56;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
/** Whether text has letters drawn only by a CJK font, which a machine may lack (they would show as boxes). */
export const needsCjkFont = (text: string) => WIDE.test(text);
const width = (text: string) => [...text].reduce((sum, c) => sum + (WIDE.test(c) ? 2 : 1), 0);

/** Cuts text to at most `units` wide, with an ellipsis when cut. */
function clip(text: string, units: number): string {
  if (width(text) <= units) return text;
  let out = '';
  for (const c of text) {
    if (width(out + c) > units - 1) break;
    out += c;
  }
  return `${out.trimEnd()}…`;
}

/** Cuts a word wider than a line into pieces that fit. */
function pieces(word: string, units: number): string[] {
  if (width(word) <= units) return [word];
  const out: string[] = [''];
  for (const c of word) {
    if (width(out.at(-1)! + c) > units) out.push('');
    out[out.length - 1] += c;
  }
  return out;
}

/** Breaks the title into lines at spaces (anywhere in scripts without them), the last one clipped. */
export function wrap(text: string, units = TITLE_UNITS, lines = TITLE_LINES): string[] {
  const words = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => (WIDE.test(word) ? [...word] : pieces(word, units)));
  const out: string[] = [];
  let line = '';
  let used = 0;
  for (const word of words) {
    // Wide letters (CJK) follow each other without a space.
    const joined = !line ? word : WIDE.test(word) && WIDE.test(line.slice(-1)) ? line + word : `${line} ${word}`;
    if (width(joined) <= units) {
      line = joined;
      used += 1;
      continue;
    }
    out.push(line);
    if (out.length === lines) break;
    line = word;
    used += 1;
  }
  if (out.length < lines && line) out.push(line);
  if (used < words.length) out[lines - 1] = clip(`${out[lines - 1]} …`, units);
  return out;
}

export function cardSvg(card: { title: string; subtitle: string; site: string; dir: 'ltr' | 'rtl' }): string {
  const rtl = card.dir === 'rtl';
  // Right to left, a line starts at the right margin (text-anchor start follows the direction).
  const x = rtl ? CARD_WIDTH - MARGIN : MARGIN;
  const lines = wrap(card.title);
  const top = 250 - ((lines.length - 1) * TITLE_SIZE * 1.15) / 2;
  const text = (y: number, size: number, fill: string, weight: string, value: string) =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="start" direction="${card.dir}">${escapeXml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="#0f172a"/>`,
    `<rect x="0" y="${CARD_HEIGHT - 24}" width="100%" height="24" fill="#f97316"/>`,
    `<g font-family="DejaVu Sans, Liberation Sans, Noto Sans, Arial, sans-serif">`,
    ...lines.map((line, i) => text(Math.round(top + i * TITLE_SIZE * 1.15), TITLE_SIZE, '#ffffff', '700', line)),
    card.subtitle ? text(Math.round(top + lines.length * TITLE_SIZE * 1.15 + 20), 36, '#cbd5e1', '400', clip(card.subtitle, SUBTITLE_UNITS)) : '',
    text(CARD_HEIGHT - 70, 44, '#f97316', '700', card.site),
    `</g></svg>`,
  ].join('');
}
