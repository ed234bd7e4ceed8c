// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import en from '../../locales/en.json';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { PlaceFormDialog } from './place-form-dialog.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const team = (id: string, name: string, isPrivate: boolean) => ({ id, name, logoUrl: null, role: 'member', isPrivate });
const PROFILE = {
  id: 'u1',
  name: 'Rider',
  bio: null,
  location: null,
  avatarUrl: null,
  bannerUrl: null,
  athleteLevel: null,
  achievements: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  followers: 0,
  following: 0,
  conditionReports: 0,
  isFollowing: false,
  isSelf: true,
  blockedByMe: false,
  disciplines: [],
  teams: [team('open', 'Open Riders', false), team('closed', 'Dawn Patrol', true)],
};

stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } },
  initial: () => ({
    'GET /api/me': { status: 200, body: { user: { id: 'u1', name: 'Rider', email: 'r@example.com', role: 'user', avatarUrl: null, preferredLanguage: null } } },
    'GET /api/profiles/u1': { status: 200, body: PROFILE },
  }),
});

// Issue 37: a crew spot needs a team riders join by request or invitation; the server refuses an open one.
test('who can see a place: only the rider’s private teams are offered as crews, and the hint says why an open one is not', async () => {
  renderAt('/discipline/surfing/places', <PlaceFormDialog open onOpenChange={() => {}} disciplineId="surfing" />);
  const dialog = await screen.findByRole('dialog');
  const audience = within(dialog).getByTestId('place-visibility');
  await within(audience).findByRole('option', { name: en.places.visibility.crew.replace('{{team}}', 'Dawn Patrol') });
  expect(
    within(audience)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([en.places.visibility.public, en.places.visibility.crew.replace('{{team}}', 'Dawn Patrol'), en.places.visibility.private]);
  expect(within(dialog).getByText(`${en.places.visibility.hint.public} ${en.places.visibility.openTeamsLeftOut}`)).toBeTruthy();
});
