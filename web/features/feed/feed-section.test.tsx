// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { TranslationProvider } from '../../lib/i18n-binding.tsx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { FeedItem, FeedPage } from '../../../common/feed.ts';
import en from '../../locales/en.json';
import FeedSection from './feed-section.tsx';

const ANA = { id: 'u-ana', name: 'Ana Rider', avatarUrl: null };
const SURFING = { type: 'discipline' as const, disciplineId: 'surfing', name: 'Surfing', names: { es: 'Surf' } };
const ARTICLE: FeedItem = {
  kind: 'content',
  type: 'article',
  id: 'a1',
  disciplineId: 'surfing',
  title: 'Big swell ahead',
  excerpt: 'The forecast says…',
  imageUrl: null,
  author: ANA,
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  reason: SURFING,
};
const TRICK: FeedItem = {
  ...ARTICLE,
  type: 'trick',
  id: 't1',
  disciplineId: 'skateboarding',
  title: 'Kickflip',
  reason: { type: 'person', userId: ANA.id, name: ANA.name },
};
const MEMBER: FeedItem = {
  kind: 'member',
  team: { id: 'team-1', name: 'Wave Riders', logoUrl: null },
  member: { id: 'u-nina', name: 'Nina', avatarUrl: null },
  createdAt: new Date().toISOString(),
  reason: { type: 'team', teamId: 'team-1', name: 'Wave Riders' },
};

function stubFeed(pages: Record<string, { status: number; body: FeedPage | object }>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const answer = pages[url] ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

function renderFeed() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <FeedSection /> }], { initialEntries: ['/'] });
  return render(
    <TranslationProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TranslationProvider>,
  );
}

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('feed section', () => {
  test('shows each item with its badge, link, author, time and reason; Load More reads the next page', async () => {
    const urls = stubFeed({
      '/api/feed?limit=20': { status: 200, body: { items: [ARTICLE, MEMBER], nextCursor: 'next1' } },
      '/api/feed?limit=20&cursor=next1': { status: 200, body: { items: [TRICK], nextCursor: null } },
    });
    renderFeed();
    const feed = screen.getByTestId('feed');
    expect(within(feed).getByRole('heading', { name: 'Your feed' })).toBeTruthy();
    expect(screen.getByTestId('feed-loading')).toBeTruthy();
    const [article, member] = await screen.findAllByTestId('feed-item');
    expect(within(article!).getByRole('link', { name: 'Big swell ahead' }).getAttribute('href')).toBe('/discipline/surfing/articles/a1');
    expect(within(article!).getByText('Because you follow Surfing')).toBeTruthy();
    expect(within(article!).getByText('Article')).toBeTruthy();
    expect(within(article!).getByText('Ana Rider')).toBeTruthy();
    expect(within(article!).getByText('3 hours ago')).toBeTruthy();
    expect(within(member!).getByRole('link', { name: 'Nina joined Wave Riders' }).getAttribute('href')).toBe('/team/team-1');
    expect(within(member!).getByText('New in your team Wave Riders')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(3));
    const trick = screen.getAllByTestId('feed-item')[2]!;
    expect(within(trick).getByText('Because you follow Ana Rider')).toBeTruthy();
    expect(within(trick).getByRole('link', { name: 'Kickflip' }).getAttribute('href')).toBe('/discipline/skateboarding/tricktionary/t1');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(urls).toEqual(['/api/feed?limit=20', '/api/feed?limit=20&cursor=next1']);
  });

  test('a followed rider’s session: where, how long, the tricks landed, the note, because the reader follows them', async () => {
    const session: FeedItem = {
      kind: 'session',
      id: 's1',
      place: { id: 'p1', name: 'La Gravière' },
      disciplineId: 'surfing',
      durationMinutes: 90,
      excerpt: 'Glassy at dawn',
      tricks: [{ id: 't1', name: 'Cutback' }],
      imageUrl: '/uploads/photos/s1-400.webp',
      author: ANA,
      createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      reason: { type: 'person', userId: ANA.id, name: ANA.name },
    };
    stubFeed({ '/api/feed?limit=20': { status: 200, body: { items: [session], nextCursor: null } } });
    renderFeed();
    const [card] = await screen.findAllByTestId('feed-item');
    expect(within(card!).getByRole('link', { name: 'Ana Rider rode at La Gravière' }).getAttribute('href')).toBe('/discipline/surfing/places/p1');
    expect(within(card!).getByText('Because you follow Ana Rider')).toBeTruthy();
    expect(within(card!).getByText('Session')).toBeTruthy();
    expect(within(card!).getByText('Landed: Cutback')).toBeTruthy();
    expect(within(card!).getByText('Glassy at dawn')).toBeTruthy();
    expect(within(card!).getByText(/1 h 30 min ·/)).toBeTruthy();
    // Its first photo, as a content card's cover.
    expect(card!.querySelector('img[src="/uploads/photos/s1-400.webp"]')).toBeTruthy();
  });

  test('the discipline in the reason is named in the reader’s language', async () => {
    stubFeed({ '/api/feed?limit=20': { status: 200, body: { items: [ARTICLE], nextCursor: null } } });
    i18next.addResourceBundle('es', 'translation', { feed: { reason: { discipline: 'Porque sigues {{name}}' } } });
    await i18next.changeLanguage('es');
    try {
      renderFeed();
      expect(await screen.findByText('Porque sigues Surf')).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  test('an empty feed invites to follow disciplines and people', async () => {
    stubFeed({ '/api/feed?limit=20': { status: 200, body: { items: [], nextCursor: null } } });
    renderFeed();
    const empty = await screen.findByTestId('feed-empty');
    expect(within(empty).getByText('Your feed is empty')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Explore disciplines' }).getAttribute('href')).toBe('#categories');
  });

  test('a failed load says so and can be retried', async () => {
    const urls = stubFeed({ '/api/feed?limit=20': { status: 500, body: { code: 'INTERNAL_ERROR', message: '…' } } });
    renderFeed();
    expect(await screen.findByText('Your feed could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(urls).toHaveLength(2));
  });
});
