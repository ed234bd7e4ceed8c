import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../common/languages.ts';
import { ERROR_CODES } from '../../common/error-codes.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function load(code: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, `${code}.json`), 'utf8'));
}

/** Flattened keys, with plural variants folded onto their base key. */
function keys(catalogue: Record<string, unknown>, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') keys(value as Record<string, unknown>, full).forEach((k) => out.add(k));
    else out.add(full.replace(PLURAL, ''));
  }
  return out;
}

function values(catalogue: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? values(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

const en = load('en');
const enKeys = keys(en);
const pluralBases = [
  ...new Set(
    values(en)
      .filter(([k]) => /_(one|other)$/.test(k))
      .map(([k]) => k.replace(PLURAL, '')),
  ),
];

describe('catalogues', () => {
  it.each(LANGUAGE_CODES)('%s has every key of en and no other', (code) => {
    const own = keys(load(code));
    expect([...enKeys].filter((k) => !own.has(k))).toEqual([]);
    expect([...own].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it.each(LANGUAGE_CODES.filter((c) => c !== 'en'))('%s is translated (few values identical to English)', (code) => {
    const enValues = new Map(values(en));
    const same = values(load(code)).filter(([k, v]) => enValues.get(k) === v && /[a-z]{4,}/i.test(v) && !/Stoked|@|BMX/.test(v));
    // Cognates (e.g. 'Parkour', 'Rafting') may legitimately match; whole untranslated sections may not.
    expect(same.length, same.map(([k]) => k).join(', ')).toBeLessThanOrEqual(6);
  });

  it.each(LANGUAGE_CODES)('%s keeps the interpolation placeholders of en', (code) => {
    const enValues = new Map(values(en).map(([k, v]) => [k.replace(PLURAL, ''), v]));
    for (const [key, value] of values(load(code))) {
      const expected = (enValues.get(key.replace(PLURAL, '')) ?? '').match(/{{\w+}}/g) ?? [];
      for (const placeholder of expected) {
        if (placeholder === '{{count}}') continue;
        // {{formatted}} is the count written out: forms for an exact number (Arabic «متابِعان») may spell it in words.
        if (placeholder === '{{formatted}}' && /_(zero|one|two)$/.test(key)) continue;
        expect(value, `${code} ${key}`).toContain(placeholder);
      }
    }
  });

  // The folded key test above would pass with a Polish _few missing: each plural must have exactly its language's forms.
  it.each(LANGUAGE_CODES)('%s has exactly the plural forms of its language for every plural key', (code) => {
    const own = new Set(values(load(code)).map(([k]) => k));
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const base of pluralBases) {
      const forms = ['zero', 'one', 'two', 'few', 'many', 'other'].filter((c) => own.has(`${base}_${c}`));
      expect(forms.sort(), `${code} ${base}`).toEqual([...categories].sort());
    }
  });

  it.each(LANGUAGE_CODES)('%s: i18next finds a string for every plural key at every count', async (code) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: code, resources: { [code]: { translation: load(code) } }, fallbackLng: false, interpolation: { escapeValue: false } });
    const rules = new Intl.PluralRules(code);
    for (const base of pluralBases) {
      for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000, 1.5]) {
        const options = { count, formatted: String(count) };
        const shown = i18n.t(base, options);
        expect(shown, `${code} ${base} ${count}`).not.toBe(base);
        // The form shown is the one Intl.PluralRules names (fr 1,000,000 → _many), not a fallback.
        expect(shown, `${code} ${base} ${count}`).toBe(i18n.t(`${base}_${rules.select(count)}`, options));
      }
    }
  });

  it('ar writes the dual without the numeral («تعليقان», not «2 تعليق»)', () => {
    // A count in parentheses, «التعليقات (2)», is a tally, not a number before its noun.
    const duals = values(load('ar')).filter(([k, v]) => k.endsWith('_two') && /\{\{(count|formatted)\}\}[\s/+]*\p{Script=Arabic}/u.test(v));
    expect(duals.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });

  it('ar says adventure sports, never «متطرف» (extremist)', () => {
    expect(
      values(load('ar'))
        .filter(([, v]) => v.includes('متطرف'))
        .map(([k]) => k),
    ).toEqual([]);
  });

  it('fr addresses the user as «vous» only', () => {
    const tu = /(?<![\p{L}'’])(tu|te|toi|ton|ta|tes|tien|tienne|tiens|t['’](?=\p{L}))(?![\p{L}'’])/iu;
    expect(
      values(load('fr'))
        .filter(([, v]) => tu.test(v))
        .map(([k, v]) => `${k}: ${v}`),
    ).toEqual([]);
  });

  it.each(LANGUAGE_CODES.filter((c) => c !== 'en'))('%s names the Tricktionary as its tab does', (code) => {
    expect(
      values(load(code))
        .filter(([, v]) => /tricktionary/i.test(v))
        .map(([k]) => k),
    ).toEqual([]);
  });

  // Wordings that assume the user is a man where a neutral phrasing exists («Opanowałeś» → «Trik … opanowany»).
  const GENDERED: Record<string, RegExp> = {
    pl: /\p{L}+(łeś|łaś)(?!\p{L})|jesteś (absolutnie )?pewien|być zalogowany|bądź pierwszy/iu,
    ru: /будьте первым|станьте первым|\(а\)/iu,
    it: /sii il primo|sei (assolutamente )?sicuro|(?<!(il|di) )benvenuto|ti sei unito|sei uscito/iu,
    es: /sé el primero|estás (completamente )?seguro|bienvenido|eres el (líder|n\.º)/iu,
    fr: /soyez le premier|(es|êtes)[- ](tu|vous) (vraiment |absolument )?sûr|devez être connecté|prêt à/iu,
    de: /sei der erste/iu,
  };
  it.each(Object.keys(GENDERED))('%s addresses the user without assuming a gender', (code) => {
    expect(
      values(load(code))
        .filter(([, v]) => GENDERED[code]!.test(v))
        .map(([k, v]) => `${k}: ${v}`),
    ).toEqual([]);
  });

  it('translates every API error code', () => {
    for (const code of ERROR_CODES) expect(enKeys.has(`errors.${code}`), code).toBe(true);
  });
});
