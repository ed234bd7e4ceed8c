// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, test, vi } from 'vitest';
import de from '../../locales/de.json';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { CommentCount, LikeButton } from './like-button.tsx';
import { RatingInput } from './rating-stars.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

stubAdminApi({ fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } } });

afterEach(async () => {
  await i18next.changeLanguage('en');
});

const RATING = { average: 4.5, count: 1200, mine: null };
const REACTIONS = { likes: 1000, comments: 2500, liked: false };

function renderReactions() {
  renderAt(
    '/',
    <>
      <RatingInput type="place" id="p1" rating={RATING} />
      <LikeButton type="place" id="p1" reactions={REACTIONS} name="Hossegor" />
      <CommentCount count={REACTIONS.comments} />
    </>,
  );
}

describe('ratings and counts in the reader’s language', () => {
  test('English: 4.5; 1,000 likes and 2,500 comments', async () => {
    renderReactions();
    expect((await screen.findByTestId('rating-summary')).textContent).toBe('4.5 / 5 (1200 ratings)');
    expect(screen.getByTestId('like-count').textContent).toBe('1,000');
    expect(screen.getByText('2,500')).toBeTruthy();
  });

  test('German: 4,5; 1.000 likes and 2.500 comments (texts’ counts: lib/intl.test.ts)', async () => {
    i18next.addResourceBundle('de', 'translation', de);
    await i18next.changeLanguage('de');
    renderReactions();
    expect((await screen.findByTestId('rating-summary')).textContent).toMatch(/^4,5 \/ 5 /);
    expect(screen.getByTestId('like-count').textContent).toBe('1.000');
    expect(screen.getByText('2.500')).toBeTruthy();
  });
});

describe('before the scripts: plain forms the server answers (issue 17)', () => {
  test('the heart posts `like` (or `unlike` once liked) with the item; each star posts `rate` with its score, the chosen one `unrate`', async () => {
    renderAt(
      '/discipline/surfing/places?sort=newest',
      <>
        <RatingInput type="place" id="p1" rating={{ ...RATING, mine: 4 }} />
        <LikeButton type="place" id="p1" reactions={REACTIONS} name="Hossegor" />
        <LikeButton type="place" id="p2" reactions={{ ...REACTIONS, liked: true }} name="Seignosse" />
      </>,
    );
    const [like, unlike] = await screen.findAllByTestId('like-button');
    const fields = (button: HTMLElement) => Object.fromEntries(new FormData(button.closest('form')!));
    expect(like!.closest('form')!.getAttribute('action')).toBe('/actions/like');
    expect(like!.getAttribute('type')).toBe('submit');
    expect(fields(like!)).toEqual({ back: '/discipline/surfing/places?sort=newest', type: 'place', id: 'p1' });
    expect(unlike!.closest('form')!.getAttribute('action')).toBe('/actions/unlike');

    const four = screen.getByRole('button', { name: 'Rate 4 stars' });
    const five = screen.getByRole('button', { name: 'Rate 5 stars' });
    expect(five.closest('form')!.getAttribute('action')).toBe('/actions/rate');
    expect([five.getAttribute('type'), five.getAttribute('name'), five.getAttribute('value'), five.getAttribute('formaction')]).toEqual([
      'submit',
      'score',
      '5',
      null,
    ]);
    expect(four.getAttribute('formaction')).toBe('/actions/unrate');
    expect(fields(five)).toMatchObject({ type: 'place', id: 'p1' });
  });
});
