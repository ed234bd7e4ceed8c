// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { Header } from './header.tsx';
import { LanguageSelector } from './language-selector.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({ 'GET /api/settings': { status: 200, body: { enabledLanguages: ['en', 'de'] } } }),
});

/** The text a sighted user sees on the button (the flag is hidden from assistive technology too). */
const visibleText = (button: HTMLElement) =>
  [...button.querySelectorAll('span')].filter((span) => !span.closest('[aria-hidden="true"]') && !span.className.includes('sr-only')).map((span) => span.textContent).join('');

describe('language menu', () => {
  test('the button’s accessible name starts with the language it shows (WCAG 2.5.3)', async () => {
    renderAt('/', <LanguageSelector />);
    const button = await screen.findByTestId('language-selector');
    expect(visibleText(button)).toBe('English');
    const named = screen.getByRole('button', { name: /^English\b/ });
    expect(named).toBe(button);
    expect(named.textContent).toContain('Language');
  });

  test('the header’s button opens the menu with the click that loads its code', async () => {
    renderAt('/', <Header />);
    const button = (await screen.findAllByTestId('language-selector'))[0]!;
    expect(await screen.findByText('English', { selector: 'span' })).toBeTruthy();
    // Nothing of the menu is there before the click (its code loads only then).
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('menuitemradio', { name: 'Deutsch' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
  });

});
