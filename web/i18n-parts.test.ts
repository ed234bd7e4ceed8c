import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../common/languages.ts';
import { cataloguePart, CORE_SECTIONS } from './i18n-parts.ts';

const load = (code: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales', `${code}.json`), 'utf8')) as Record<string, unknown>;

describe('catalogue parts', () => {
  it.each(LANGUAGE_CODES)('%s: core and rest split the whole catalogue, and core has every core section', (code) => {
    const whole = load(code);
    const core = cataloguePart(whole, 'core');
    const rest = cataloguePart(whole, 'rest');
    expect(Object.keys(core).sort()).toEqual([...CORE_SECTIONS].sort());
    expect(Object.keys(core).filter((k) => k in rest)).toEqual([]);
    expect({ ...core, ...rest }).toEqual(whole);
  });

  it('keeps the first download small: core is under a fifth of the catalogue', () => {
    const whole = load('en');
    expect(JSON.stringify(cataloguePart(whole, 'core')).length).toBeLessThan(JSON.stringify(whole).length / 5);
  });
});
