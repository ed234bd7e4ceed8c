/**
 * Intl formatters whose text is the same on the server and in the browser. Their ICU versions
 * space differently (Node writes thin and narrow no-break spaces where Chromium writes plain ones),
 * and a page the server rendered must hydrate with exactly its own text; plain spaces read the same.
 */
const plainSpaces = (text: string) => text.replace(/[\u00A0\u2009\u202F]/g, ' ');

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Pick<Intl.DateTimeFormat, 'format' | 'formatRange'> {
  const format = new Intl.DateTimeFormat(language, options);
  return {
    format: (date) => plainSpaces(format.format(date)),
    formatRange: (start, end) => plainSpaces(format.formatRange(start, end)),
  };
}

export function numberFormat(language: string, options?: Intl.NumberFormatOptions): { format: (value: number) => string } {
  const format = new Intl.NumberFormat(language, options);
  return { format: (value) => plainSpaces(format.format(value)) };
}
