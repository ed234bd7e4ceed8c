// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { TranslationProvider } from './i18n-binding.tsx';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SessionUser } from '../../common/schemas.ts';
import { authKeys } from './session.ts';
import { DEFAULT_SITE_SETTINGS, settingsKeys } from './site-settings.ts';
import { useLanguage } from './language.ts';

const ann: SessionUser = { id: 'u1', name: 'Ann', email: 'ann@example.com', role: 'user', avatarUrl: null, preferredLanguage: 'en' };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Switches to German through the hook, as the header's language menu does, for `user`. */
async function switchToGerman(user: SessionUser | null, options?: { save: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(authKeys.me, { user });
  client.setQueryData(settingsKeys.all, DEFAULT_SITE_SETTINGS);
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: {} });
  let set!: ReturnType<typeof useLanguage>['setLanguage'];
  function Probe() {
    set = useLanguage().setLanguage;
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <TranslationProvider i18n={i18n}>
        <Probe />
      </TranslationProvider>
    </QueryClientProvider>,
  );
  act(() => set('de', options));
  await waitFor(() => expect(i18n.language).toBe('de'));
  return client;
}

const profilePatches = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/language' && (init as RequestInit).method === 'PUT');

describe('switching the language', () => {
  test('a signed-in person’s switch is saved as their preferred language (their mails follow it)', async () => {
    const client = await switchToGerman(ann);
    await waitFor(() => expect(profilePatches()).toHaveLength(1));
    expect(JSON.parse(String((profilePatches()[0]![1] as RequestInit).body))).toEqual({ language: 'de' });
    await waitFor(() => expect(client.getQueryData<{ user: SessionUser }>(authKeys.me)?.user.preferredLanguage).toBe('de'));
  });

  test('a visitor’s switch sends nothing; nor does one that was just saved or read from the profile', async () => {
    await switchToGerman(null);
    await switchToGerman(ann, { save: false });
    expect(profilePatches()).toEqual([]);
  });
});
