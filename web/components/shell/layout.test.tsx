// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { notify } from '../../lib/toast.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { Layout } from './layout.tsx';

// The test kit clears `notify` between tests, as a mock; here it shows the toast as in the app.
vi.mock('../../lib/toast.ts', async (original) => {
  const actual = await original<typeof import('../../lib/toast.ts')>();
  return { ...actual, notify: vi.fn(actual.notify) };
});

stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({ 'GET /api/me': { status: 200, body: { user: null } }, 'GET /api/settings': { status: 200, body: { enabledLanguages: ['en'] } } }),
});

const nothing = () => null;

test('the toaster (sonner’s code and styles) is drawn with the first toast, not with every page', async () => {
  const { container } = renderAt('/', <Layout parts={{ SignedInLinks: nothing, NotificationBell: nothing }} />);
  await screen.findByRole('banner');
  // Sonner's toaster is a labelled section, there as soon as it is drawn, toasts or not.
  const toaster = () => container.ownerDocument.querySelector('section[aria-label^="Notifications"]');
  // A moment for anything lazy the frame would draw at once (drawn with every page, it was there by then).
  await act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
  expect(toaster()).toBeNull();
  act(() => notify('success', 'Team created'));
  expect(await screen.findByText('Team created')).toBeTruthy();
  expect(toaster()).not.toBeNull();
});
