import { readFileSync } from 'node:fs';
import path from 'node:path';
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
    value && typeof value === 'object' ? values(value as Record<string, unknown>, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

const en = load('en');
const enKeys = keys(en);

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
        expect(value, `${code} ${key}`).toContain(placeholder);
      }
    }
  });

  it('translates every API error code', () => {
    for (const code of ERROR_CODES) expect(enKeys.has(`errors.${code}`), code).toBe(true);
  });
});
