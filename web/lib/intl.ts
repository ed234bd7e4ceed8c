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
