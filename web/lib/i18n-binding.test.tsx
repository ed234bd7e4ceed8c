// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, expect, test, vi } from 'vitest';
import { TranslationProvider, useTranslation } from './i18n-binding.tsx';

afterEach(cleanup);

function Labels() {
  const { t } = useTranslation();
  return (
    <p data-testid="labels">
      {t('nav.teams')} | {t('nav.teams')} | {t('nav.count', { count: 2 })} | {t('nav.later')}
    </p>
  );
}

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: { nav: { teams: 'Teams', count_one: '{{count}} team', count_other: '{{count}} teams' } } } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

test('a text without options is looked up once for every use and render; texts with options each time', async () => {
  const i18n = await instance();
  const view = render(
    <TranslationProvider i18n={i18n}>
      <Labels />
    </TranslationProvider>,
  );
  expect(screen.getByTestId('labels').textContent).toBe('Teams | Teams | 2 teams | nav.later');
  view.rerender(
    <TranslationProvider i18n={i18n}>
      <Labels />
    </TranslationProvider>,
  );
  // The same instance in another tree (the server renders each page in its own) reuses the texts.
  // i18next's own translator, which every lookup goes through (not in its public types).
  const { translator } = i18n as unknown as { translator: { translate: (key: string, options?: object) => string } };
  const translate = vi.spyOn(translator, 'translate');
  render(
    <TranslationProvider i18n={i18n}>
      <Labels />
    </TranslationProvider>,
  );
  const keys: string[] = translate.mock.calls.map((call: unknown[]) => String(call[0]));
  expect(keys.filter((k) => k === 'nav.teams')).toEqual([]);
  expect(keys.filter((k) => k === 'nav.count')).toHaveLength(1);
});

test('strings that arrive later replace what was kept', async () => {
  const i18n = await instance();
  render(
    <TranslationProvider i18n={i18n}>
      <Labels />
    </TranslationProvider>,
  );
  expect(screen.getByTestId('labels').textContent).toContain('nav.later');
  act(() => {
    i18n.addResourceBundle('en', 'translation', { nav: { later: 'Arrived', teams: 'Crews' } }, true, true);
  });
  expect(screen.getByTestId('labels').textContent).toBe('Crews | Crews | 2 teams | Arrived');
});
