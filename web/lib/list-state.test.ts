import i18next from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { COUNT_CAP } from '../../common/paging.ts';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { listCountText } from './list-state.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en }, de: { translation: de } }, interpolation: { escapeValue: false } });
});

describe('listCountText', () => {
  test('an exact total reads as the section count', () => {
    expect(listCountText(i18n.t, 'athletes.resultCount', { total: 1, totalCapped: false })).toBe('1 athlete');
    expect(listCountText(i18n.t, 'teams.resultCount', { total: 999, totalCapped: false })).toBe('999 teams');
  });

  test('a capped total reads as "More than" the count, in the reader\'s language', () => {
    expect(listCountText(i18n.t, 'athletes.resultCount', { total: COUNT_CAP, totalCapped: true })).toBe('More than 1000 athletes');
    const t = i18n.getFixedT('de');
    expect(listCountText(t, 'places.resultCount', { total: COUNT_CAP, totalCapped: true })).toMatch(/^Mehr als 1000 /);
  });
});
