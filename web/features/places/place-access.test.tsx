// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { PlaceAccess } from '../../../common/place-access.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { AccessBanner, PlaceAccessSection } from './place-access.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const PLACE = 'p1';
const STEWARD = { id: 's1', name: 'Sam Steward', avatarUrl: null };
const ACCESS: PlaceAccess = {
  summary: { status: 'closed', set: 'restricted', closure: { reason: 'Nesting falcons', startsOn: '2026-03-01', endsOn: '2026-07-31' } },
  closures: [{ id: 'c1', startsOn: '2025-03-01', endsOn: '2025-07-31', reason: 'Nesting falcons', yearly: true }],
  stewards: [STEWARD],
  history: [
    {
      id: 'h1',
      kind: 'closure-added',
      at: '2026-02-01T10:00:00.000Z',
      by: STEWARD,
      status: null,
      closure: { startsOn: '2025-03-01', endsOn: '2025-07-31', reason: 'Nesting falcons', yearly: true },
      steward: null,
    },
  ],
};

const { writes } = stubAdminApi({ fallback: { status: 200, body: ACCESS } });

test('the banner says the place is closed, why and until when; an open place has none', () => {
  const { unmount } = renderAt('/', <AccessBanner access={ACCESS.summary} />);
  const banner = screen.getByTestId('place-access-banner');
  expect(banner.textContent).toContain('Closed');
  expect(banner.textContent).toContain('Nesting falcons');
  expect(banner.textContent).toContain('Closed from March 1, 2026 until July 31, 2026.');
  unmount();
  renderAt('/', <AccessBanner access={{ status: 'open', set: 'open', closure: null }} />);
  expect(screen.queryByTestId('place-access-banner')).toBeNull();
});

test('a rider reads the closures and the history, without forms', async () => {
  renderAt('/', <PlaceAccessSection placeId={PLACE} viewer={{ id: 'someone', role: 'user' }} />);
  expect(await screen.findByTestId('place-access-history')).toBeTruthy();
  expect(screen.getByTestId('place-access-history').textContent).toContain(
    'Sam Steward: closure added, March 1, 2025 – July 31, 2025 (every year): Nesting falcons',
  );
  expect(screen.getByTestId('place-closures').textContent).toContain('Nesting falcons');
  expect(screen.queryByTestId('place-closure-form')).toBeNull();
  expect(screen.queryByTestId('place-access-status-form')).toBeNull();
});

test('a steward gets the forms, as plain HTML forms that the app sends itself', async () => {
  renderAt('/', <PlaceAccessSection placeId={PLACE} viewer={{ id: STEWARD.id, role: 'user' }} />);
  const form = await screen.findByTestId('place-closure-form');
  expect(form.getAttribute('action')).toBe('/actions/place-closure-add');
  expect(form.getAttribute('method')).toBe('post');
  // Naming stewards is for admins.
  expect(screen.queryByTestId('steward-search-search')).toBeNull();
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-01-02' } });
  fireEvent.change(screen.getByLabelText('Until (included)'), { target: { value: '2027-01-05' } });
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Rockfall' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Every year on these days (a season)' }));
  fireEvent.submit(form);
  await waitFor(() =>
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/places/p1/closures', body: { startsOn: '2027-01-02', endsOn: '2027-01-05', reason: 'Rockfall', yearly: true } },
    ]),
  );
});
