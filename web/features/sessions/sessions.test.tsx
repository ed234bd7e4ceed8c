// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { PlaceSessionsSection } from './place-sessions.tsx';
import { SessionForm } from './session-form.tsx';
import { SessionTagAnswer } from './session-tag-answer.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const TRICKS = {
  items: [
    { id: 't1', name: 'Cutback', status: 'approved' },
    { id: 't2', name: 'Mine, pending', status: 'pending' },
  ],
  total: 2,
  totalCapped: false,
  page: 1,
  pageSize: 50,
};
const FRIEND = { id: 'f1', name: 'Fran Friend', avatarUrl: null };

const { writes } = stubAdminApi({
  fallback: { status: 201, body: {} },
  initial: () => ({
    'GET /api/disciplines/surfing/tricks?limit=50': { status: 200, body: TRICKS },
    'GET /api/profiles/u1/following?limit=50': { status: 200, body: [FRIEND] },
    'POST /api/sessions/s1/companion': { status: 200, body: { accepted: false } },
    'GET /api/places/p-broken/sessions': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Down' } },
  }),
});

test('the form is a plain HTML form the app sends itself: an earlier session with its trick, friend and audience', async () => {
  renderAt('/', <SessionForm place={{ id: 'p1', name: 'Test Spot', disciplineId: 'surfing', visibility: 'public' }} userId="u1" />);
  const form = await screen.findByTestId('session-form');
  expect(form.getAttribute('action')).toBe('/actions/log-session');
  // Only approved tricks can be named.
  await screen.findByText('Cutback');
  expect(screen.queryByText('Mine, pending')).toBeNull();
  fireEvent.click(screen.getByRole('radio', { name: 'Earlier' }));
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-01-02' } });
  fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '09:15' } });
  fireEvent.change(screen.getByLabelText('Length (minutes)'), { target: { value: '50' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Cutback' }));
  fireEvent.click(await screen.findByRole('checkbox', { name: FRIEND.name }));
  fireEvent.click(screen.getByRole('radio', { name: 'My followers' }));
  fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Offshore' } });
  fireEvent.submit(form);
  await waitFor(() =>
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/sessions',
        body: {
          when: 'earlier',
          placeId: 'p1',
          startedAt: new Date('2026-01-02T09:15').toISOString(),
          durationMinutes: 50,
          note: 'Offshore',
          trickIds: ['t1'],
          companionIds: ['f1'],
          visibility: 'followers',
        },
      },
    ]),
  );
});

test('at a crew spot a session cannot be public: followers is chosen', async () => {
  renderAt('/', <SessionForm place={{ id: 'p1', name: 'Test Spot', disciplineId: 'surfing', visibility: 'crew' }} userId="u1" />);
  await screen.findByTestId('session-form');
  expect((screen.getByRole('radio', { name: 'Everyone' }) as HTMLInputElement).disabled).toBe(true);
  expect((screen.getByRole('radio', { name: 'My followers' }) as HTMLInputElement).checked).toBe(true);
  expect(screen.getByText('At a crew or private spot a session is never public.')).toBeTruthy();
});

test('a tag is declined in place, and the answer shows', async () => {
  renderAt('/', <SessionTagAnswer sessionId="s1" />);
  const answer = screen.getByTestId('session-tag-answer');
  expect(answer.getAttribute('action')).toBe('/actions/accept-session-tag');
  fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
  expect(await screen.findByText('Tag removed')).toBeTruthy();
  expect(writes()).toEqual([{ method: 'POST', url: '/api/sessions/s1/companion', body: { accept: false } }]);
});

test("the place's sessions that could not be read say why instead of spinning", async () => {
  renderAt('/', <PlaceSessionsSection place={{ id: 'p-broken', name: 'Test Spot', disciplineId: 'surfing', visibility: 'public' }} />);
  expect((await screen.findByRole('alert')).textContent).not.toBe('');
  expect(screen.queryByTestId('sessions-out-now')).toBeNull();
});
