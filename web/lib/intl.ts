import type { FormatterModule } from 'i18next';

/**
 * Intl formatters whose text is the same on the server and in the browser. Their ICU versions
 * space differently (Node writes thin and narrow no-break spaces where Chromium writes plain ones),
 * and a page the server rendered must hydrate with exactly its own text; plain spaces read the same.
 */
const plainSpaces = (text: string) => text.replace(/[\u00A0\u2009\u202F]/g, ' ');

// Making a formatter costs far more than using one, and every card of a list asks for the same
// few: one per language, kind and options (a handful of each) is kept.
const made = new Map<string, unknown>();
function once<T>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

/** What one formatter wrote for one value: 'number en {} 1234' → '1,234'. */
export type FormattedTexts = Record<string, string>;

// The browser's first Intl formatter starts ICU, which holds a phone's main thread for tens of
// milliseconds: a page the server rendered hands over the texts it formatted, and hydrating it
// makes no formatter. The server notes them per render; the browser is handed them once.
let handedOver: FormattedTexts = {};
let notes: () => FormattedTexts | undefined = () => undefined;

/** Server: where the current render's formatted texts are noted. */
export function noteFormattedTexts(where: () => FormattedTexts | undefined): void {
  notes = where;
}

/** Browser: the texts of the page the server rendered. */
export function handOverFormattedTexts(texts: FormattedTexts): void {
  handedOver = texts;
}

/**
 * Runs `run` noting the texts its formatters write apart, and also in the current render's notes:
 * whoever keeps what `run` returned replays them (replayFormattedTexts) when reusing it.
 */
export function captureFormattedTexts<T>(run: () => T): { value: T; texts: FormattedTexts } {
  const outer = notes;
  const texts: FormattedTexts = {};
  notes = () => texts;
  let value: T;
  try {
    value = run();
  } finally {
    notes = outer;
  }
  replayFormattedTexts(texts);
  return { value, texts };
}

/** Notes texts formatted earlier for the current render, as if written again. */
export function replayFormattedTexts(texts: FormattedTexts): void {
  const noted = notes();
  if (noted) Object.assign(noted, texts);
}

function formatted(key: string, format: () => string): string {
  if (Object.hasOwn(handedOver, key)) return handedOver[key]!;
  const text = plainSpaces(format());
  const noted = notes();
  if (noted) noted[key] = text;
  return text;
}

const instant = (date: Date | number) => (typeof date === 'number' ? date : date.getTime());

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Pick<Intl.DateTimeFormat, 'format' | 'formatRange'> {
  const key = `date ${language} ${JSON.stringify(options)}`;
  const intl = () => once(key, () => new Intl.DateTimeFormat(language, options));
  return once(`${key} texts`, () => ({
    format: (date?: Date | number) => (date === undefined ? plainSpaces(intl().format()) : formatted(`${key} ${instant(date)}`, () => intl().format(date))),
    formatRange: (start: Date | number, end: Date | number) => formatted(`${key} ${instant(start)}-${instant(end)}`, () => intl().formatRange(start, end)),
  }));
}

export function numberFormat(language: string, options?: Intl.NumberFormatOptions): { format: (value: number) => string } {
  const key = `number ${language} ${JSON.stringify(options ?? {})}`;
  const intl = () => once(key, () => new Intl.NumberFormat(language, options));
  return once(`${key} texts`, () => ({ format: (value: number) => formatted(`${key} ${value}`, () => intl().format(value)) }));
}

export function relativeTimeFormat(language: string, options: Intl.RelativeTimeFormatOptions): Pick<Intl.RelativeTimeFormat, 'format'> {
  const key = `relative ${language} ${JSON.stringify(options)}`;
  const intl = () => once(key, () => new Intl.RelativeTimeFormat(language, options));
  return once(`${key} texts`, () => ({
    format: (value: number, unit: Intl.RelativeTimeFormatUnit) => formatted(`${key} ${value} ${unit}`, () => intl().format(value, unit)),
  }));
}

/** A rating out of 5, with one decimal as the language writes it: 4.5, 4,5. */
export const formatRating = (language: string, value: number) => numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** A count, grouped as the language groups it: 1,000, 1.000, 1 000. */
export const formatCount = (language: string, value: number) => numberFormat(language).format(value);

/** Compares names and titles as the language sorts them ('ł' after 'l' in Polish), numbers by value. */
export const textOrder = (language: string): Intl.Collator['compare'] =>
  once(`collator ${language}`, () => new Intl.Collator(language, { sensitivity: 'base', numeric: true })).compare;

// Counts i18next writes into a text ('{{count}} members'), by their variable's name: a year or a
// rank number ('Founded {{year}}') is not grouped.
const COUNTS = new Set(['count', 'total', 'shown', 'limit', 'max', 'min', 'selected']);

/**
 * An i18next formatter module: with `interpolation.alwaysFormat`, each count it writes into a text
 * is grouped as the language groups it (plurals still choose by the number itself).
 */
export const countFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  format: (value, _format, language, options) =>
    typeof value === 'number' && language && COUNTS.has(String(options?.interpolationkey)) ? formatCount(language, value) : value,
  add() {},
  addCached() {},
};
