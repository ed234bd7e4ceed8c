import { describe, expect, it } from 'vitest';
import { DEFAULT_ENABLED_LANGUAGES, flagFor, parseEnabledLanguages, resolveLanguage } from './languages.ts';

describe('parseEnabledLanguages (spec §5)', () => {
  it('keeps known codes in order and drops unknown ones', () => {
    expect(parseEnabledLanguages('["ar","xx","en","ar"]')).toEqual(['ar', 'en']);
    expect(parseEnabledLanguages(['de', 'pt', 'zh'])).toEqual(['de', 'zh']);
  });
  it('turns an empty result into en', () => {
    expect(parseEnabledLanguages('[]')).toEqual(['en']);
    expect(parseEnabledLanguages('["klingon"]')).toEqual(['en']);
  });
  it('uses the default list when the value cannot be read', () => {
    expect(parseEnabledLanguages('not json')).toEqual(DEFAULT_ENABLED_LANGUAGES);
    expect(parseEnabledLanguages('{"en":true}')).toEqual(DEFAULT_ENABLED_LANGUAGES);
    expect(parseEnabledLanguages(undefined)).toEqual(DEFAULT_ENABLED_LANGUAGES);
  });
});

describe('resolveLanguage (spec §4)', () => {
  it('restores the stored language when it is enabled', () => {
    expect(resolveLanguage('fr', ['en', 'fr'])).toBe('fr');
  });
  it('falls back to the first enabled language when the stored one is disabled or absent', () => {
    expect(resolveLanguage('ar', ['es', 'en'])).toBe('es');
    expect(resolveLanguage(null, ['de', 'en'])).toBe('de');
    expect(resolveLanguage('garbage', ['en'])).toBe('en');
  });
  it('starts in English with the default settings', () => {
    expect(resolveLanguage(null, DEFAULT_ENABLED_LANGUAGES)).toBe('en');
  });
});

describe('flagFor (spec §9)', () => {
  it('uses hand-set flags and derives the others from the code', () => {
    expect(flagFor('en')).toBe('🇬🇧');
    expect(flagFor('ar')).toBe('🇸🇦');
    expect(flagFor('nl')).toBe('🇳🇱');
  });
});
