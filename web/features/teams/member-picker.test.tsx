// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { MEMBER_SEARCH_MIN } from '../../../common/teams-basics.ts';
import type { Person } from '../../../common/teams.ts';
import { TranslationProvider } from '../../lib/i18n-binding.tsx';
import { notify } from '../../lib/toast.ts';
import en from '../../locales/en.json';
import { MemberPicker, type PickBy } from './index.ts';
import { memberSearchQuery } from './teams.api.ts';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const TEAM_ID = '11111111-1111-4111-8111-111111111111';
const RIO: Person = { id: 'u-rio', name: 'Rio Rider', avatarUrl: null };
let answers: Record<string, { status: number; body: unknown }>;
let asked: string[];

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

beforeEach(() => {
  answers = {};
  asked = [];
  vi.mocked(notify).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const answer = answers[url] ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const searchUrl = (q: string) => `/api/teams/${TEAM_ID}/member-search?q=${q}`;

/** The picker as Manage Team uses it: a button per person found, which invites them at once. */
function renderManagePicker(onPick: (person: Person) => void) {
  const pickBy: PickBy = { kind: 'button', text: en.teams.manage.add, labelOf: (p) => `Add ${p.name}`, onPick, busy: false };
  render(
    <TranslationProvider i18n={i18next}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemberPicker
          label="Find people by name"
          hint={`Type at least ${MEMBER_SEARCH_MIN} characters.`}
          minLength={MEMBER_SEARCH_MIN}
          search={(q) => memberSearchQuery(TEAM_ID, q)}
          emptyText={en.teams.manage.noResults}
          pickBy={pickBy}
          testId="member-search"
        />
      </QueryClientProvider>
    </TranslationProvider>,
  );
  return screen.getByLabelText('Find people by name');
}

// Debounced searches and role queries in jsdom: on a busy machine, more than the default 5 s.
describe('member picker', { timeout: 15_000 }, () => {
  test('asks nothing below the minimum length and shows no earlier results there; lists the people found, and Add picks one', async () => {
    answers[searchUrl('Rio')] = { status: 200, body: [RIO] };
    const onPick = vi.fn();
    const input = renderManagePicker(onPick);
    expect(input.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Ri' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);
    expect(screen.queryByTestId('member-search-results')).toBeNull();

    fireEvent.change(input, { target: { value: ' Rio ' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Rio Rider' }));
    expect(onPick).toHaveBeenCalledWith(RIO);
    expect(asked).toEqual([searchUrl('Rio')]);

    // Back under the minimum: the earlier results go, rather than stand for a search not made.
    fireEvent.change(input, { target: { value: 'Ri' } });
    await waitFor(() => expect(screen.queryByTestId('member-search-results')).toBeNull());
    expect(asked).toEqual([searchUrl('Rio')]);
  });

  test('nobody found says so; a failed search says so in a toast', async () => {
    answers[searchUrl('Nobody')] = { status: 200, body: [] };
    answers[searchUrl('Broken')] = { status: 403, body: { code: 'FORBIDDEN', message: 'No' } };
    const input = renderManagePicker(vi.fn());

    fireEvent.change(input, { target: { value: 'Nobody' } });
    expect(await screen.findByText(en.teams.manage.noResults)).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Broken' } });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', en.teams.toast.searchError, en.errors.FORBIDDEN));
  });
});
