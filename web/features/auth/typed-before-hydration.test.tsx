// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import en from '../../locales/en.json';
import { TranslationProvider } from '../../lib/i18n-binding.tsx';
import ConfirmEmailPage from './confirm-email-page.tsx';
import LoginPage from './login-page.tsx';
import RegisterPage from './register-page.tsx';

/**
 * A person may type into a page the server rendered before its scripts have run: once they run, the
 * form must send what is in its fields, not the state the scripts started with (on /confirm-email,
 * Enter did nothing: the form read a React state that never saw the typing).
 */

// React's act() warns unless told the environment supports it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../lib/toast.ts', () => ({ notify: vi.fn(), errorText: () => 'error' }));

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function tree(path: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The site's settings as every page's frame has them, so that no read waits.
  client.setQueryData(['settings'], { enabledLanguages: 'en' });
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  return (
    <TranslationProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TranslationProvider>
  );
}

/** Renders on the "server", types into the fields, hydrates, submits; returns the JSON bodies posted. */
async function typeThenSubmit(path: string, page: () => ReactNode, typed: Record<string, string>) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (init.method === 'POST' && typeof init.body === 'string') posted.push(JSON.parse(init.body));
      return new Response(JSON.stringify({ user: null }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(tree(path, page()));
  for (const [name, value] of Object.entries(typed)) {
    const input = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    expect(input, name).not.toBeNull();
    input!.value = value;
  }
  await act(async () => {
    hydrateRoot(container, tree(path, page()));
  });
  await act(async () => {
    container.querySelector('form')!.requestSubmit();
    // The form's checks load at its first submit (web/lib/form.ts lazyResolver): wait for the post, up to 5 s.
    for (let waited = 0; posted.length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return posted;
}

test('the confirmation sends the password typed before the scripts ran', async () => {
  const posted = await typeThenSubmit('/confirm-email?token=t0ken', () => <ConfirmEmailPage />, { password: 'typed early 123' });
  expect(posted).toEqual([{ token: 't0ken', password: 'typed early 123' }]);
});

test('the login sends the address and password typed before the scripts ran', async () => {
  const posted = await typeThenSubmit('/login', () => <LoginPage />, { email: 'early@example.com', password: 'typed early 123' });
  expect(posted).toEqual([{ email: 'early@example.com', password: 'typed early 123' }]);
});

test('the sign-up sends what was typed before the scripts ran', async () => {
  const typed = { name: 'Early Rider', email: 'early@example.com', password: 'typed early 123', confirmPassword: 'typed early 123' };
  const posted = await typeThenSubmit('/register', () => <RegisterPage />, typed);
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({ name: 'Early Rider', email: 'early@example.com', password: 'typed early 123' });
});
