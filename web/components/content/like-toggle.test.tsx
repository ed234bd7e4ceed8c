// @vitest-environment jsdom
import type { UseMutationResult } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { notify } from '../../lib/toast.ts';
import { QueuedOffline } from '../../lib/queued.ts';
import { ApiError } from '../../lib/api.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { LikeToggle } from './like-toggle.tsx';
import { likeAction, unlikeAction } from '../../../common/reactions-basics.ts';
import { useMe } from '../../lib/session.ts';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({
    'GET /api/me': { status: 200, body: { user: { id: 'u1', name: 'Rider', email: 'r@example.com', role: 'user', avatarUrl: null, preferredLanguage: null } } },
  }),
});

/** A like whose sending fails with `error`. */
const failingWith = (error: Error) =>
  ({ isPending: false, mutate: (_liked: boolean, callbacks: { onError: (e: Error) => void }) => callbacks.onError(error) }) as unknown as UseMutationResult<
    { liked: boolean; likes: number },
    Error,
    boolean
  >;

/** Who is signed in, shown once known: a like asks for it first. */
function SignedIn() {
  return <p>{useMe().user?.name}</p>;
}

const toggle = async (error: Error) => {
  renderAt(
    '/',
    <>
      <SignedIn />
      <LikeToggle
        initial={{ liked: false, likes: 3 }}
        mutation={failingWith(error)}
        actions={{ like: likeAction, unlike: unlikeAction }}
        fields={{}}
        label={(liked) => (liked ? 'Unlike' : 'Like')}
        testId="like"
      />
    </>,
  );
  await screen.findByText('Rider');
};

test('a like kept for later (offline) shows as given, with "Saved on this device"', async () => {
  await toggle(new QueuedOffline());
  fireEvent.click(await screen.findByTestId('like'));
  await vi.waitFor(() => expect(screen.getByTestId('like').getAttribute('aria-pressed')).toBe('true'));
  expect(vi.mocked(notify)).toHaveBeenLastCalledWith('info', 'Saved on this device', 'It will be sent when you are back online.');
});

test('a like the server refuses goes back, with its reason', async () => {
  await toggle(new ApiError(404, 'NOT_FOUND', 'Not found.'));
  fireEvent.click(await screen.findByTestId('like'));
  await vi.waitFor(() => expect(vi.mocked(notify)).toHaveBeenLastCalledWith('error', 'Could not update your like', expect.any(String)));
  expect(screen.getByTestId('like').getAttribute('aria-pressed')).toBe('false');
});
