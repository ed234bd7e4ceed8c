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

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Pick<Intl.DateTimeFormat, 'format' | 'formatRange'> {
  return once(`date ${language} ${JSON.stringify(options)}`, () => {
    const format = new Intl.DateTimeFormat(language, options);
    return {
      format: (date?: Date | number) => plainSpaces(format.format(date)),
      formatRange: (start: Date | number, end: Date | number) => plainSpaces(format.formatRange(start, end)),
    };
  });
}

export function numberFormat(language: string, options?: Intl.NumberFormatOptions): { format: (value: number) => string } {
  return once(`number ${language} ${JSON.stringify(options ?? {})}`, () => {
    const format = new Intl.NumberFormat(language, options);
    return { format: (value: number) => plainSpaces(format.format(value)) };
  });
}

export function relativeTimeFormat(language: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return once(`relative ${language} ${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(language, options));
}
