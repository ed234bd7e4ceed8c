// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, expect, test, vi } from 'vitest';
import { TranslationProvider, useTranslation } from './i18n-binding.tsx';
import { countFormatter, noteFormattedTexts, type FormattedTexts } from './intl.ts';

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

test('a text is looked up once for every use and render, with plain options once per set of values', async () => {
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
  expect(keys.filter((k) => k === 'nav.count')).toEqual([]);
});

function TeamCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return <p data-testid="count">{t('nav.count', { count })}</p>;
}

test('a kept text still notes, for each render, the counts its formatter wrote', async () => {
  const i18n = i18next.createInstance().use(countFormatter);
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: { nav: { count_one: '{{count}} team', count_other: '{{count}} teams' } } } },
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  let noted: FormattedTexts = {};
  noteFormattedTexts(() => noted);
  try {
    const { translator } = i18n as unknown as { translator: { translate: (key: string, options?: object) => string } };
    const translate = vi.spyOn(translator, 'translate');
    for (const render_ of [1, 2]) {
      noted = {};
      render(
        <TranslationProvider i18n={i18n}>
          <TeamCount count={1234} />
        </TranslationProvider>,
      );
      expect(screen.getByTestId('count').textContent, `render ${render_}`).toBe('1,234 teams');
      // The browser hydrates the page with the texts the server noted: a reused text must note them again.
      expect(Object.values(noted), `render ${render_}`).toContain('1,234');
      cleanup();
    }
    expect(translate).toHaveBeenCalledTimes(1);
    render(
      <TranslationProvider i18n={i18n}>
        <TeamCount count={5} />
      </TranslationProvider>,
    );
    expect(screen.getByTestId('count').textContent).toBe('5 teams');
  } finally {
    noteFormattedTexts(() => undefined);
  }
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

test('strings arriving that the tree did not ask for leave it as it is drawn', async () => {
  const i18n = await instance();
  let renders = 0;
  function Counted() {
    renders += 1;
    const { t } = useTranslation();
    return (
      <p data-testid="counted">
        {t('nav.teams')} {t('nav.count', { count: 3 })}
      </p>
    );
  }
  render(
    <TranslationProvider i18n={i18n}>
      <Counted />
    </TranslationProvider>,
  );
  const before = renders;
  // The rest of a catalogue arriving after the start: nothing the page shows is in it.
  act(() => {
    i18n.addResourceBundle('en', 'translation', { admin: { title: 'Admin' } }, true, true);
  });
  expect(renders).toBe(before);
  expect(screen.getByTestId('counted').textContent).toBe('Teams 3 teams');
  // A text drawn before its string arrived (kept nowhere) is drawn again once it does.
  render(
    <TranslationProvider i18n={i18n}>
      <Labels />
    </TranslationProvider>,
  );
  act(() => {
    i18n.addResourceBundle('en', 'translation', { nav: { later: 'Arrived' } }, true, true);
  });
  expect(screen.getByTestId('labels').textContent).toBe('Teams | Teams | 2 teams | Arrived');
});

test("the server notes the sections of every text a render asks for, cached or not, into that render's notes only", async () => {
  const { noteTextSections } = await import('./i18n-binding.tsx');
  const i18n = await instance();
  const sections = new Set<string>();
  let notes: Set<string> | undefined = sections;
  noteTextSections(() => notes);
  try {
    function Page() {
      const { t } = useTranslation();
      return (
        <p>
          {t('nav.teams')} {t('events.when')} {t(['places.none', 'teams.none'])} {t('errors.X', { defaultValue: t('content.fallback') })}
        </p>
      );
    }
    const tree = (
      <TranslationProvider i18n={i18n}>
        <Page />
      </TranslationProvider>
    );
    render(tree);
    expect([...sections].sort()).toEqual(['content', 'errors', 'events', 'nav', 'places', 'teams']);
    // Another render with its own notes: a text the first one kept (nav.teams) is noted again.
    const second = new Set<string>();
    notes = second;
    render(tree);
    expect(second.has('nav')).toBe(true);
    // Outside a render (the browser) nothing is noted.
    notes = undefined;
    render(tree);
  } finally {
    noteTextSections(() => undefined);
  }
});
