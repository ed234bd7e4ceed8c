import i18next from 'i18next';
import { describe, expect, test, vi } from 'vitest';
import { countFormatter, dateTimeFormat, formatCount, formatRating, numberFormat, relativeTimeFormat, textOrder } from './intl.ts';

const SPECIAL_SPACES = /[\u00A0\u2009\u202F]/;

describe('Intl text the same on server and browser', () => {
  test('a time range is written with plain spaces', () => {
    const format = dateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    const text = format.formatRange(new Date('2031-03-10T15:00:00Z'), new Date('2031-03-10T17:00:00Z'));
    expect(text).toBe('Mar 10, 2031, 3:00 – 5:00 PM');
    expect(format.format(new Date('2031-03-10T15:00:00Z'))).not.toMatch(SPECIAL_SPACES);
  });

  test('grouped numbers and prices too, in languages that space them', () => {
    expect(numberFormat('fr').format(1234567)).toBe('1 234 567');
    expect(numberFormat('de', { style: 'currency', currency: 'USD' }).format(5)).toBe('5,00 $');
    expect(numberFormat('en').format(1234)).toBe('1,234');
  });

  test('one formatter per language and options, made once', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
    expect(dateTimeFormat('en', options)).toBe(dateTimeFormat('en', { ...options }));
    expect(dateTimeFormat('en', options)).not.toBe(dateTimeFormat('de', options));
    expect(dateTimeFormat('en', options)).not.toBe(dateTimeFormat('en', { ...options, timeZone: 'Pacific/Kiritimati' }));
    expect(numberFormat('en')).toBe(numberFormat('en', {}));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { style: 'currency', currency: 'USD' }));
    expect(relativeTimeFormat('fr', { numeric: 'auto' })).toBe(relativeTimeFormat('fr', { numeric: 'auto' }));
  });
});

describe('texts the server formatted, handed to the browser', () => {
  test('the server notes what its formatters write, and the browser writes the same without starting Intl', async () => {
    const server = await import('./intl.ts');
    const noted: Record<string, string> = {};
    server.noteFormattedTexts(() => noted);
    try {
      expect(server.numberFormat('de').format(1234567)).toBe('1.234.567');
      expect(server.dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2031-03-10T15:00:00Z'))).toBe('March 10, 2031');
    } finally {
      server.noteFormattedTexts(() => undefined);
    }
    expect(Object.values(noted).sort()).toEqual(['1.234.567', 'March 10, 2031']);

    // A fresh copy of the module stands for the browser, which has made no formatter yet.
    vi.resetModules();
    const browser = await import('./intl.ts');
    const { NumberFormat, DateTimeFormat } = Intl;
    const makeNumbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args) {
      return new NumberFormat(...args);
    });
    const makeDates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      return new DateTimeFormat(...args);
    });
    try {
      browser.handOverFormattedTexts(noted);
      expect(browser.numberFormat('de').format(1234567)).toBe('1.234.567');
      expect(browser.dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2031-03-10T15:00:00Z'))).toBe('March 10, 2031');
      expect(makeNumbers).not.toHaveBeenCalled();
      expect(makeDates).not.toHaveBeenCalled();
      // A value the server did not write is formatted in the browser.
      expect(browser.numberFormat('de').format(42000)).toBe('42.000');
      expect(makeNumbers).toHaveBeenCalledTimes(1);
    } finally {
      makeNumbers.mockRestore();
      makeDates.mockRestore();
    }
  });
});

describe("numbers and order in the reader's language", () => {
  test('a rating has one decimal, with the language’s decimal sign', () => {
    expect(formatRating('en', 4.5)).toBe('4.5');
    expect(formatRating('de', 4.5)).toBe('4,5');
    expect(formatRating('fr', 4.5)).toBe('4,5');
    expect(formatRating('en', 4)).toBe('4.0');
  });

  test('counts are grouped as the language groups them', () => {
    expect(formatCount('en', 1000)).toBe('1,000');
    expect(formatCount('de', 1000)).toBe('1.000');
    expect(formatCount('fr', 1000)).toBe('1 000');
    expect(formatCount('pl', 12345)).toBe('12 345');
  });

  test('texts sort as the language sorts them, one collator per language', () => {
    const names = ['Łaba', 'Lz', 'Lena'];
    expect([...names].sort(textOrder('en'))).toEqual(['Łaba', 'Lena', 'Lz']);
    expect([...names].sort(textOrder('pl'))).toEqual(['Lena', 'Lz', 'Łaba']);
    expect(['rider 10', 'rider 9'].sort(textOrder('en'))).toEqual(['rider 9', 'rider 10']);
    expect(textOrder('pl')).toBe(textOrder('pl'));
  });

  test('i18next writes counts grouped, and chooses plurals by the number; a year stays as it is', async () => {
    const i18n = i18next.createInstance().use(countFormatter);
    await i18n.init({
      lng: 'de',
      resources: { de: { translation: { members_one: '{{count}} Mitglied', members_other: '{{count}} Mitglieder', founded: 'Gegründet {{year}}' } } },
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
    expect(i18n.t('members', { count: 1 })).toBe('1 Mitglied');
    expect(i18n.t('members', { count: 12000 })).toBe('12.000 Mitglieder');
    expect(i18n.t('founded', { year: 2026 })).toBe('Gegründet 2026');
  });
});
