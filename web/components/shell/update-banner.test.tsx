// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, expect, test, vi } from 'vitest';
import { KEEP_LOADED, SKIP_WAITING } from '../../../common/offline.ts';
import { registerServiceWorker } from '../../lib/service-worker.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { UpdateBanner } from './update-banner.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

stubAdminApi({ fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } } });
afterAll(() => vi.unstubAllEnvs());

test('a new version waiting behind the running one is offered, and Reload lets it take over', async () => {
  const waiting = { postMessage: vi.fn(), addEventListener: vi.fn(), state: 'installed' };
  const registration = { waiting, installing: null, addEventListener: vi.fn() };
  const active = { postMessage: vi.fn() };
  const worker = { controller: {}, register: vi.fn(async () => registration), addEventListener: vi.fn(), ready: Promise.resolve({ active }) };
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });

  renderAt('/', <UpdateBanner />);
  // Nothing waits yet: no banner.
  expect(screen.queryByTestId('update-banner')).toBeNull();

  vi.stubEnv('PROD', true);
  await act(async () => registerServiceWorker(new QueryClient(), () => undefined));
  expect(worker.register).toHaveBeenCalledWith('/sw.js');
  // The code this page loaded before the worker ran is handed to it, to be kept for offline use.
  await vi.waitFor(() => expect(active.postMessage).toHaveBeenCalledWith({ type: KEEP_LOADED, urls: expect.any(Array) }));
  const banner = await screen.findByTestId('update-banner');
  expect(banner.textContent).toContain('A new version of Stoked is ready.');
  fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
  expect(waiting.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
  // The page reloads once the new version is in charge.
  expect(worker.addEventListener).toHaveBeenCalledWith('controllerchange', expect.any(Function), { once: true });
});
