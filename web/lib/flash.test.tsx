// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import type { Flash } from '../../common/forms.ts';
import en from '../locales/en.json';
import { FlashContext, FlashMessage } from './flash.tsx';
import { TranslationProvider } from './i18n-binding.tsx';

const notify = vi.fn();
// The toasts' own library: what reaches it is what the person sees.
vi.mock('sonner', () => ({
  toast: {
    dismiss: () => {},
    success: (title: string, o: { description?: string }) => notify('success', title, o.description),
    error: (title: string, o: { description?: string }) => notify('error', title, o.description),
  },
}));

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  notify.mockClear();
});

const FOLLOWED: Flash = { kind: 'success', title: 'discipline.toast.followed', params: { discipline: 'Surfing' } };
const page = (flash: Flash | null) => (
  <TranslationProvider i18n={i18next}>
    <FlashContext.Provider value={flash}>
      <FlashMessage />
    </FlashContext.Provider>
  </TranslationProvider>
);

test("a form's message is text in the server's page, readable without scripts", () => {
  const html = renderToString(page(FOLLOWED));
  expect(html).toContain('role="status"');
  expect(html).toContain(i18next.t('discipline.toast.followed', { discipline: 'Surfing' }));
  expect(renderToString(page(null))).toBe('');
});

test('once the app runs, the message becomes the usual toast, shown once', async () => {
  await act(async () => {
    render(page({ kind: 'error', title: 'errors.RATE_LIMITED', params: { seconds: '30' } }));
  });
  await waitFor(() => expect(notify).toHaveBeenCalledWith('error', i18next.t('errors.RATE_LIMITED', { seconds: '30' }), undefined));
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  expect(notify).toHaveBeenCalledTimes(1);
});
