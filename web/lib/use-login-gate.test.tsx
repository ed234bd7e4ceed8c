// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { authKeys } from './session.ts';
import { TranslationProvider } from './i18n-binding.tsx';
import { useLoginGate } from './use-login-gate.ts';

afterEach(cleanup);

function Liker({ action }: { action: () => void }) {
  const gate = useLoginGate();
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="at">{pathname}</p>
      <button type="button" onClick={() => gate('to like', action)}>
        Like
      </button>
    </>
  );
}

async function setUp(me: { user: { id: string } | null } | 'loading') {
  const client = new QueryClient();
  if (me === 'loading') void client.prefetchQuery({ queryKey: authKeys.me, queryFn: () => new Promise(() => {}) });
  else client.setQueryData(authKeys.me, me);
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { translation: {} } } });
  const action = vi.fn();
  const router = createMemoryRouter([{ path: '*', element: <Liker action={action} /> }], { initialEntries: ['/discipline/surfing'] });
  render(
    <QueryClientProvider client={client}>
      <TranslationProvider i18n={i18n}>
        <RouterProvider router={router} />
      </TranslationProvider>
    </QueryClientProvider>,
  );
  return { client, action };
}

test('a signed-in person acts; who is signed in is read at the click, also after the page was drawn', async () => {
  const { client, action } = await setUp({ user: null });
  client.setQueryData(authKeys.me, { user: { id: 'rider' } });
  fireEvent.click(screen.getByText('Like'));
  expect(action).toHaveBeenCalledTimes(1);
});

test('a visitor is sent to log in; nothing happens while the session loads', async () => {
  const loading = await setUp('loading');
  fireEvent.click(screen.getByText('Like'));
  expect(loading.action).not.toHaveBeenCalled();
  expect(screen.getByTestId('at').textContent).toBe('/discipline/surfing');
  cleanup();
  const visitor = await setUp({ user: null });
  fireEvent.click(screen.getByText('Like'));
  expect(visitor.action).not.toHaveBeenCalled();
  expect(await screen.findByText('/login')).toBeDefined();
});
