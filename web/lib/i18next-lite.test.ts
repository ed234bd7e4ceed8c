import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../../common/languages.ts';
import lite, { I18nLite } from './i18next-lite.ts';
import { countFormatter } from './intl.ts';

/**
 * The browser's i18next (./i18next-lite.ts) against i18next itself, which renders the page on the
 * server: the same text for every string of every catalogue, with the values and counts the app
 * passes, or a page would not hydrate as the server drew it.
 */

type Catalogue = Record<string, unknown>;
const catalogues = import.meta.glob<Catalogue>('../locales/*.json', { eager: true, import: 'default' });
const catalogueOf = (language: string) => catalogues[`../locales/${language}.json`]!;

/** i18next as web/entry-server.tsx makes it. */
async function server(language: LanguageCode, resources = catalogueOf(language)): Promise<I18n> {
  const instance = i18next.createInstance().use(countFormatter);
  await instance.init({
    lng: language,
    resources: { [language]: { translation: resources } },
    fallbackLng: false,
    supportedLngs: LANGUAGE_CODES,
    initAsync: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return instance;
}

/** The lite one as web/i18n.ts makes it. */
async function browser(language: LanguageCode, resources = catalogueOf(language)): Promise<I18nLite> {
  const instance = lite.createInstance().use(countFormatter);
  await instance.init({
    lng: language,
    resources: { [language]: { translation: resources } },
    partialBundledLanguages: true,
    fallbackLng: false,
    supportedLngs: LANGUAGE_CODES,
    load: 'currentOnly',
    interpolation: { escapeValue: false, alwaysFormat: true },
  } as Parameters<I18nLite['init']>[0]);
  return instance;
}

function leaves(object: unknown, prefix = ''): [string, string][] {
  if (typeof object === 'string') return [[prefix, object]];
  if (typeof object !== 'object' || object === null) return [];
  return Object.entries(object).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 4, 5, 7, 11, 12, 14, 21, 22, 25, 100, 101, 102, 111, 1000, 1001, 1234567, 1.5, -1];

/** Values for the variables a text names: nested objects for dotted names. */
function valuesFor(texts: string[], value: (name: string, i: number) => unknown): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const names = [...new Set(texts.flatMap((text) => [...text.matchAll(/\{\{-?\s*([^},]+?)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!)))];
  names.forEach((name, i) => {
    const path = name.split('.');
    let target = data;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path.at(-1)!] = value(name, i);
  });
  return data;
}

describe('the same texts as i18next', () => {
  test.each(LANGUAGE_CODES)(
    'every string of the %s catalogue, with values, counts, defaults and missing keys',
    async (language) => {
      const catalogue = catalogueOf(language);
      const [real, mine] = await Promise.all([server(language), browser(language)]);
      const strings = leaves(catalogue);
      // The features the lite one leaves out: a catalogue using one must fail here first.
      for (const [key, text] of strings) {
        expect(text, key).not.toContain('$t(');
        expect(text, key).not.toMatch(/\{\{[^}]*,[^}]*\}\}/);
      }
      const bases = new Map<string, string[]>();
      for (const [key, text] of strings) {
        const base = key.replace(PLURAL, '');
        bases.set(base, [...(bases.get(base) ?? []), text]);
      }
      const realT = real.getFixedT(language) as unknown as (...args: unknown[]) => unknown;
      const mineT = mine.getFixedT(language);
      const calls: unknown[][] = [];
      for (const [key, texts] of bases) {
        calls.push([key], [key, {}], [key, 'a default'], [key, { defaultValue: 'D' }]);
        calls.push([key, valuesFor(texts, (name) => `«${name}»`)]);
        calls.push([key, valuesFor(texts, (_, i) => 1234 + i)]);
        calls.push([key, valuesFor(texts, () => undefined)], [key, valuesFor(texts, () => null)]);
        for (const count of COUNTS) calls.push([key, { ...valuesFor(texts, (name) => `«${name}»`), count }]);
        calls.push([key, { count: '3' }], [`${key}.missing`, { defaultValue: 'D {{count}}', count: 3 }]);
        calls.push([[`${key}.missing`, key], { count: 2 }]);
      }
      for (const section of Object.keys(catalogue)) calls.push([section], [`${section}.`], [`${section}..x`], [`${section}.nope`, { defaultValue: '' }]);
      const odd = [
        '',
        'a:b',
        'translation:app.name',
        'some text: with a colon',
        'x.y:z',
        'toString',
        'app.toString',
        '__proto__',
        'constructor.name',
        'app.name.more',
      ];
      for (const key of odd) calls.push([key], [key, { defaultValue: 'D' }], [key, { count: 1 }]);
      calls.push(
        [['missing.one', 'app.name']],
        [null],
        [undefined],
        ['app.name', { lng: 'xx' }],
        ['missing.{{count}}', { count: 5 }],
        ['{{-count}}', { count: 1000 }],
      );
      calls.push(
        ['missing', { defaultValue_one: 'one', defaultValue_other: 'other', count: 1 }],
        ['missing', { defaultValue_zero: 'zero', defaultValue: 'd', count: 0 }],
      );
      calls.push(
        ['missing', { defaultValue: '{{a}} {{-b}} {{c}}', a: '{{b}}', b: '{{c}}', c: 'C' }],
        ['missing', { defaultValue: '{{v}}', replace: { v: 'R' } }],
      );

      const differ: string[] = [];
      for (const args of calls) {
        const expected = realT(...args);
        const actual = mineT(args[0], ...args.slice(1));
        if (actual !== expected) differ.push(`${JSON.stringify(args)}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
        const options = typeof args[1] === 'object' ? (args[1] as object) : {};
        const exists = [real.exists(args[0] as string, { ...options, lng: language }), mine.exists(args[0], { ...options, lng: language })];
        if (exists[0] !== exists[1]) differ.push(`exists ${JSON.stringify(args)}: ${exists[1]} ≠ ${exists[0]}`);
      }
      expect(differ.slice(0, 20)).toEqual([]);
      expect(calls.length).toBeGreaterThan(1000);
    },
    60_000,
  );
});

describe('the rest of what the app asks of it', () => {
  test('language, direction and events as i18next gives them; a language switched to comes from the backend', async () => {
    const reads: string[] = [];
    const backend: BackendModule = {
      type: 'backend',
      init() {},
      read(language, namespace, callback) {
        reads.push(`${language}/${namespace}`);
        setTimeout(() => (language === 'pl' ? callback(new Error('offline'), null) : callback(null, catalogueOf(language) as never)), 1);
      },
    };
    const make = async (instance: I18n | I18nLite) => {
      const events: string[] = [];
      (instance as I18n).use(backend).use(countFormatter);
      await (instance as I18n).init({
        lng: 'en',
        resources: { en: { translation: { app: catalogueOf('en').app } } },
        partialBundledLanguages: true,
        fallbackLng: false,
        supportedLngs: LANGUAGE_CODES,
        load: 'currentOnly',
        interpolation: { escapeValue: false, alwaysFormat: true },
      });
      instance.on('languageChanged', (l: string) => events.push(`changed ${l}`));
      instance.store.on('added', (l: string) => events.push(`added ${l}`));
      const seen = () => [instance.language, instance.resolvedLanguage, instance.dir(), instance.t('app.name'), instance.t('nav.login')];
      const steps: unknown[] = [seen(), instance.dir('ar'), instance.dir('he-IL'), instance.dir('en')];
      instance.addResourceBundle('en', 'translation', { nav: catalogueOf('en').nav }, true, true);
      steps.push(seen());
      await instance.changeLanguage('ar');
      steps.push(seen());
      await instance.changeLanguage('pl');
      steps.push(seen());
      await instance.changeLanguage('en');
      steps.push(
        seen(),
        instance.exists('nav.login'),
        instance.exists('nav'),
        instance.exists('nav', { returnObjects: false }),
        instance.hasResourceBundle('ar', 'translation'),
      );
      return { steps, events };
    };
    reads.length = 0;
    const expected = await make(i18next.createInstance());
    const realReads = [...reads];
    reads.length = 0;
    const actual = await make(lite.createInstance());
    expect(actual).toEqual(expected);
    expect(reads).toEqual(realReads);
    expect(reads).toEqual(['ar/translation', 'pl/translation']);
  });

  test('a count is written as the language groups it, and chooses the plural form', async () => {
    const mine = await browser('de');
    expect(mine.t('teams.membersTitle', { count: 1234 })).toBe('Mitglieder (1.234)');
    const plural = leaves(catalogueOf('de'))
      .find(([key]) => key.endsWith('_one'))![0]
      .replace(PLURAL, '');
    expect(mine.t(plural, { count: 1 })).not.toBe(mine.t(plural, { count: 2 }));
  });
});
