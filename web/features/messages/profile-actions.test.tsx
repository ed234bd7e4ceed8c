// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import en from '../../locales/en.json';
import { notify } from '../../lib/toast.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import PublicProfilePage from '../profiles/public-profile-page.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const ME = { id: 'me', name: 'Me Rider', email: 'me@example.com', role: 'user', avatarUrl: null, preferredLanguage: null };
const BEN = {
  id: 'ben',
  name: 'Ben Board',
  bio: null,
  location: null,
  avatarUrl: null,
  bannerUrl: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  athleteLevel: null,
  achievements: [],
  followers: 1,
  following: 0,
  isFollowing: true,
  isSelf: false,
  blockedByMe: false,
  disciplines: [],
  teams: [],
};
const CID = '11111111-1111-4111-8111-111111111111';

const { answers, writes } = stubAdminApi({
  fallback: { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
  initial: () => ({
    'GET /api/me': { status: 200, body: { user: ME } },
    'GET /api/profiles/ben': { status: 200, body: BEN },
  }),
});

const open = () =>
  renderAt('/profile/ben', <PublicProfilePage />, {
    routes: { '/profile/:userId': <PublicProfilePage />, '/messages/:conversationId': <p>thread page</p>, '/login': <p>login page</p> },
  });

describe('public profile: Message and Block', () => {
  test('Message opens the conversation', async () => {
    answers['POST /api/conversations'] = { status: 201, body: { id: CID } };
    open();
    fireEvent.click(await screen.findByRole('button', { name: en.profile.public.message }));
    await screen.findByText('thread page');
    expect(writes()).toEqual([{ method: 'POST', url: '/api/conversations', body: { userId: 'ben' } }]);
  });

  test('a visitor is sent to /login', async () => {
    answers['GET /api/me'] = { status: 200, body: { user: null } };
    open();
    const button = await screen.findByRole('button', { name: en.profile.public.message });
    expect(screen.queryByRole('button', { name: en.profile.block.block })).toBeNull();
    await vi.waitFor(() => {
      fireEvent.click(button);
      expect(screen.getByText('login page')).toBeTruthy();
    });
    expect(writes()).toEqual([]);
  });

  test('Block asks first, then blocks; Unblock undoes it', async () => {
    answers['PUT /api/profiles/ben/block'] = { status: 204, body: null };
    answers['DELETE /api/profiles/ben/block'] = { status: 204, body: null };
    open();
    fireEvent.click(await screen.findByRole('button', { name: en.profile.block.block }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Block Ben Board?');
    expect(dialog.textContent).toContain("won't be able to message you or follow you");
    expect(writes()).toEqual([]);
    answers['GET /api/profiles/ben'] = { status: 200, body: { ...BEN, blockedByMe: true, isFollowing: false, followers: 0 } };
    fireEvent.click(screen.getAllByRole('button', { name: en.profile.block.block }).at(-1)!);
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Ben Board is blocked'));
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/profiles/ben/block', body: undefined }]);
    // Blocked: no Message button, Unblock instead.
    fireEvent.click(await screen.findByRole('button', { name: en.profile.block.unblock }));
    expect(screen.queryByRole('button', { name: en.profile.public.message })).toBeNull();
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Ben Board is unblocked'));
    expect(writes().at(-1)).toEqual({ method: 'DELETE', url: '/api/profiles/ben/block', body: undefined });
  });
});
