// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PushDevice, PushDevices } from '../../../common/push.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { PushSettings } from './push-settings.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const KEY = 'BOr8hT4Ivk0vZx3sWq7lWbYxB2n9mFz5qFZf6i2j3k4l5m6n7o8p9q0r1s2t3u4v5w6x7y8z9A0B1C2D3E4F5G6H7I8';
const device = (over: Partial<PushDevice>): PushDevice => ({
  id: '7',
  browser: 'Firefox',
  system: 'Linux',
  createdAt: '2026-11-20T10:00:00Z',
  lastPushAt: null,
  current: false,
  ...over,
});
const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } };

const { calls, answers } = stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({
    'GET /api/push/devices': { status: 200, body: { publicKey: KEY, devices: [device({})] } satisfies PushDevices },
    'POST /api/push/devices': { status: 201, body: device({ id: '8', browser: 'Chrome', system: 'Android', current: true }) },
    'DELETE /api/push/devices/7': { status: 204, body: null },
  }),
});

const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);

/** A browser with service workers, the Push API and notifications not yet asked for. */
function pushBrowser(permission: NotificationPermission = 'default') {
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration } });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission });
}

beforeEach(() => {
  subscribe.mockClear();
  requestPermission.mockClear();
});
afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('push settings', () => {
  test('lists the devices, and turns push on for this browser with the server key', async () => {
    pushBrowser();
    renderAt('/profile', <PushSettings />);
    expect(await screen.findByText('Firefox on Linux')).toBeTruthy();
    answers['GET /api/push/devices'] = {
      status: 200,
      body: { publicKey: KEY, devices: [device({ id: '8', browser: 'Chrome', system: 'Android', current: true }), device({})] },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Turn on for this device' }));
    expect(await screen.findByText('This device gets push notifications.')).toBeTruthy();
    expect(requestPermission).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/push/devices', body: SUBSCRIPTION });
    expect(screen.getByText('This device')).toBeTruthy();
  });

  test('a refused permission says so, and nothing is sent', async () => {
    pushBrowser();
    requestPermission.mockResolvedValueOnce('denied');
    renderAt('/profile', <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    expect(await screen.findByText('Notifications are blocked for Stoked in this browser’s settings.')).toBeTruthy();
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  test('a browser without the Push API is told so', async () => {
    renderAt('/profile', <PushSettings />);
    expect(await screen.findByText('This browser cannot receive push notifications.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on for this device' })).toBeNull();
  });

  test('a device is revoked in place', async () => {
    pushBrowser();
    renderAt('/profile', <PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke: Firefox on Linux' }));
    await waitFor(() => expect(screen.queryByText('Firefox on Linux')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/push/devices/7')).toBe(true);
  });

  test('a site without push says so', async () => {
    answers['GET /api/push/devices'] = { status: 200, body: { publicKey: null, devices: [] } };
    renderAt('/profile', <PushSettings />);
    expect(await screen.findByText('Push notifications are not available on this site.')).toBeTruthy();
  });
});
