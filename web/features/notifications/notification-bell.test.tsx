// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { Notification, NotificationPage } from '../../../common/notifications.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { NotificationBell } from './notification-bell.tsx';
import NotificationsPage from './notifications-page.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const ME = { user: { id: 'u1', name: 'Rita', email: 'rita@example.com', role: 'user', avatarUrl: null, preferredLanguage: null } };
const now = new Date().toISOString();
const note = (over: Partial<Notification>): Notification => ({
  id: 1,
  type: 'follower',
  actor: { id: 'u2', name: 'Fay Fan', avatarUrl: null },
  subjectType: 'profile',
  subjectId: 'u2',
  data: {},
  read: false,
  createdAt: now,
  ...over,
});
const ITEMS = [
  note({ id: 3, type: 'join_request', subjectType: 'team', subjectId: 't1', data: { teamName: 'North Crew' } }),
  note({ id: 2, type: 'like', subjectType: 'place', subjectId: 'p1', data: { itemName: 'Hossegor', itemType: 'place', disciplineId: 'surfing' } }),
  note({
    id: 1,
    actor: null,
    type: 'approval',
    subjectType: 'place',
    subjectId: 'p2',
    data: { decision: 'rejected', itemName: 'Biarritz', itemType: 'place', disciplineId: 'surfing' },
    read: true,
  }),
];
const PAGE: NotificationPage = { items: ITEMS, hasMore: false, unreadCount: 2 };

const { calls } = stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({
    'GET /api/me': { status: 200, body: ME },
    'GET /api/notifications?limit=10': { status: 200, body: PAGE },
    'GET /api/notifications': { status: 200, body: PAGE },
    'POST /api/notifications/3/read': { status: 204, body: null },
    'POST /api/notifications/read-all': { status: 204, body: null },
  }),
});

const openMenu = (trigger: HTMLElement) => fireEvent.keyDown(trigger, { key: 'Enter' });

describe('notification bell', () => {
  test('shows the unread count in its badge and name, lists the texts, opens the target and marks it read', async () => {
    renderAt('/', <NotificationBell />, { routes: { '/team/:id': <p data-testid="location">team page</p> } });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    openMenu(bell);
    expect(await screen.findByText('Fay Fan asked to join North Crew')).toBeTruthy();
    expect(screen.getByText('Fay Fan liked Hossegor')).toBeTruthy();
    expect(screen.getByText('Your contribution Biarritz was not approved')).toBeTruthy();
    expect(screen.getAllByText('Unread')).toHaveLength(2);
    expect(screen.getByRole('menuitem', { name: 'See all' })).toBeTruthy();

    fireEvent.click(screen.getByText('Fay Fan asked to join North Crew'));
    expect(await screen.findByText('team page')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/3/read')).toBe(true));
  });

  test('before the scripts run, the bell opens the notifications page (a GET form); once they run, it opens the menu instead', async () => {
    renderAt('/', <NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const form = bell.closest('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action'), bell.getAttribute('type')]).toEqual(['get', '/notifications', 'submit']);
    let submitted = 0;
    form.addEventListener('submit', (event) => {
      submitted += 1;
      event.preventDefault();
    });
    fireEvent.pointerDown(bell, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(bell);
    expect(await screen.findByRole('menuitem', { name: 'See all' })).toBeTruthy();
    expect(submitted).toBe(0);
  });

  test('mark all as read posts once', async () => {
    renderAt('/', <NotificationBell />);
    openMenu(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/notifications/read-all']));
  });
});

describe('notifications page', () => {
  test('lists every notification with its unread count', async () => {
    renderAt('/notifications', <NotificationsPage />);
    expect(await screen.findByText('Fay Fan liked Hossegor')).toBeTruthy();
    expect(screen.getByText('2 unread')).toBeTruthy();
    expect(screen.getAllByTestId('notification-item')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
