// @vitest-environment jsdom
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { LanguageDirection } from './app.tsx';
import { TranslationProvider } from './lib/i18n-binding.tsx';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: {} }, ar: { translation: {} } } });
});

afterEach(cleanup);

function Menu() {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>menu</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content>
          <DropdownMenu.Item>item</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

describe('Radix menus follow the language’s direction', () => {
  for (const [language, dir] of [
    ['ar', 'rtl'],
    ['en', 'ltr'],
  ] as const) {
    test(`${language}: the menu opens ${dir}`, async () => {
      await i18next.changeLanguage(language);
      render(
        <TranslationProvider i18n={i18next}>
          <LanguageDirection>
            <Menu />
          </LanguageDirection>
        </TranslationProvider>,
      );
      fireEvent.keyDown(screen.getByRole('button', { name: 'menu' }), { key: 'Enter' });
      expect((await screen.findByRole('menu')).getAttribute('dir')).toBe(dir);
    });
  }
});
