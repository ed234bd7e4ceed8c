import { describe, expect, it } from 'vitest';
import { acceptedLanguages, DEFAULT_ENABLED_LANGUAGES, flagFor, parseEnabledLanguages, resolveLanguage } from './languages.ts';

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
  it("takes a first visitor's browser languages among the enabled ones, before the first enabled language", () => {
    expect(resolveLanguage(null, DEFAULT_ENABLED_LANGUAGES, acceptedLanguages('de-CH,de;q=0.9,en;q=0.8'))).toBe('de');
    expect(resolveLanguage(null, DEFAULT_ENABLED_LANGUAGES, acceptedLanguages('pt-BR,pt;q=0.9,fr;q=0.5'))).toBe('fr');
    expect(resolveLanguage(null, ['en', 'ar'], ['ar-EG'])).toBe('ar');
    expect(resolveLanguage(null, DEFAULT_ENABLED_LANGUAGES, acceptedLanguages('ja,ko'))).toBe('en');
    // A stored choice still wins over the browser's.
    expect(resolveLanguage('it', DEFAULT_ENABLED_LANGUAGES, ['de'])).toBe('it');
  });
});

describe('acceptedLanguages', () => {
  it('orders by quality, keeps the header order on ties and drops q=0 and *', () => {
    expect(acceptedLanguages('en;q=0.5, fr, de;q=0.8, es;q=0, *;q=0.1')).toEqual(['fr', 'de', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});

describe('flagFor (spec §9)', () => {
  it('uses hand-set flags and derives the others from the code', () => {
    expect(flagFor('en')).toBe('🇬🇧');
    expect(flagFor('ar')).toBe('🇸🇦');
    expect(flagFor('nl')).toBe('🇳🇱');
  });
});
