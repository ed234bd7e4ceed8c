import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { TranslationProvider } from '../lib/i18n-binding.tsx';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import en from '../locales/en.json';
import { notify } from '../lib/toast.ts';

export type Call = { method: string; url: string; body: unknown };
export type Answer = { status: number; body: unknown };

/**
 * The set-up shared by the web's jsdom tests: English texts, and a fake `fetch` that answers by
 * 'METHOD url' from `answers` (anything else gets `fallback`) and records each request in `calls`.
 * The test file itself mocks `notify` (vi.mock is hoisted only in the file that calls it); it is cleared here.
 */
export function stubAdminApi({ fallback, initial = () => ({}) }: { fallback: Answer; initial?: () => Record<string, Answer> }) {
  const calls: Call[] = [];
  const answers: Record<string, Answer> = {};

  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  });

  beforeEach(() => {
    calls.length = 0;
    for (const key of Object.keys(answers)) delete answers[key];
    Object.assign(answers, initial());
    vi.mocked(notify).mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
        const answer = answers[`${method} ${url}`] ?? fallback;
        return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  return { calls, answers, writes: () => calls.filter((c) => c.method !== 'GET') };
}

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * Renders `node` at `path` with a fresh query client. A form's return to the admin panel shows up as
 * the `location` test id; a path already in the panel ('/admin?…') renders `node` there instead.
 * `routes` adds other destinations, by path.
 */
export function renderAt(
  path: string,
  node: ReactNode,
  { strict = false, routes = {} }: { strict?: boolean; routes?: Record<string, ReactNode> } = {},
): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin', element: path.startsWith('/admin?') ? node : <Location /> },
      ...Object.entries(routes).map(([routePath, element]) => ({ path: routePath, element })),
      { path: '*', element: node },
    ],
    { initialEntries: [path] },
  );
  const page = (
    <TranslationProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TranslationProvider>
  );
  return render(strict ? <StrictMode>{page}</StrictMode> : page);
}
