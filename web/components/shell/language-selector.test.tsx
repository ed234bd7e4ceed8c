// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
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
  [...button.querySelectorAll('span')]
    .filter((span) => !span.closest('[aria-hidden="true"]') && !span.className.includes('sr-only'))
    .map((span) => span.textContent)
    .join('');

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
    expect(await within(button).findByText('English', { selector: 'span' })).toBeTruthy();
    // Nothing of the menu is there before the click (its code loads only then).
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('menuitemradio', { name: 'Deutsch' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
  });

  test('before the scripts run, or without them, the header’s button opens a form that posts the choice', async () => {
    renderAt('/teams?tab=2', <Header />);
    const button = (await screen.findAllByTestId('language-selector'))[0]!;
    // A disclosure the browser opens by itself, holding a plain form: one submit button per enabled language.
    const details = button.closest('details');
    expect(button.tagName).toBe('SUMMARY');
    const form = details!.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/actions/language');
    expect((form.querySelector('input[name="back"]') as HTMLInputElement).value).toBe('/teams?tab=2');
    await within(form).findByRole('button', { name: 'Deutsch' });
    const choices = within(form)
      .getAllByRole('button')
      .map((b) => [b.getAttribute('name'), (b as HTMLButtonElement).value, b.getAttribute('aria-current')]);
    expect(choices).toEqual([
      ['language', 'en', 'true'],
      ['language', 'de', null],
    ]);
  });
});
