// Bidi marks, overrides and isolates (incl. U+061C), zero-width characters, the soft hyphen and
// C0/C1 controls make names spoof or hide text.
const HIDDEN = '\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff';
const INVISIBLE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${HIDDEN}]`, 'g');
const INVISIBLE_IN_TEXT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${HIDDEN}]`, 'g');

/** Cleans a single-line user text: NFC, invisible and control characters removed, spaces collapsed. */
export function cleanLine(value: string): string {
  return value.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** Cleans multi-line user text: keeps line breaks and tabs, removes other invisible characters. */
export function cleanText(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').replace(INVISIBLE_IN_TEXT, '').trim();
}
