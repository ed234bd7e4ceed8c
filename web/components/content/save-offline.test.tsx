// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { SaveOffline } from './save-offline.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

// Saving for offline needs a service worker in charge of the page: it opens the saves offline and
// forgets them when a session changes on the device. Without one, nothing is offered.

stubAdminApi({ fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } } });

function workerContainer(controller: object | null) {
  const listeners = new Set<() => void>();
  const container = {
    controller,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    takeControl() {
      container.controller = {};
      for (const listener of listeners) listener();
    },
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: container }));
  return container;
}

const request = { id: 'discipline:surfing', label: 'Surfing', paths: ['/discipline/surfing'] };

afterEach(() => vi.unstubAllGlobals());

describe('Save offline', () => {
  test('offered once a service worker is in charge of the page, not before', async () => {
    const container = workerContainer(null);
    renderAt('/discipline/surfing', <SaveOffline request={request} />);
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Save offline: Surfing' })).toBeNull();
    await act(async () => container.takeControl());
    expect(await screen.findByRole('button', { name: 'Save offline: Surfing' })).toBeTruthy();
  });
});
