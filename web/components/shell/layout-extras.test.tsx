// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { Layout } from './layout.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));
// The outbox list's code cannot come (offline, before it was fetched).
const asked = vi.hoisted(() => ({ outbox: false }));
vi.mock('./outbox-status.tsx', () => {
  asked.outbox = true;
  throw new TypeError('Failed to fetch dynamically imported module');
});

stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({
    'GET /api/me': { status: 200, body: { user: { id: 'u1', name: 'Rider', email: 'rider@example.com', role: 'user', emailVerified: true } } },
    'GET /api/settings': { status: 200, body: { enabledLanguages: ['en'] } },
  }),
});

const nothing = () => null;

test('a frame extra whose code cannot come is left out, and the page stays', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  renderAt('/', <Layout parts={{ SignedInLinks: nothing, NotificationBell: nothing }} />);
  await screen.findByRole('banner');
  await vi.waitFor(() => expect(asked.outbox).toBe(true));
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(screen.getByRole('banner')).toBeTruthy();
  expect(screen.getByRole('main')).toBeTruthy();
  errors.mockRestore();
});
