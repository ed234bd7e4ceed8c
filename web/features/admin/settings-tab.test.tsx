// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import en from '../../locales/en.json';
import { notify } from '../../lib/toast.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { SettingsLanguages } from './settings-languages.tsx';
import SetupAdminPage from './setup-admin-page.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const { calls, answers } = stubAdminApi({ fallback: { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } } });

const renderSetup = () => renderAt('/setup-admin', <SetupAdminPage />, { strict: true, routes: { '/login': <p>login page</p>, '/': <p>home page</p> } });

/** Lets the fake fetch answer and React render it. */
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

describe('/setup-admin', () => {
  test('asks once (strict mode), shows Admin User Ready! and goes to /login after 2 s; no credentials on the page', async () => {
    vi.useFakeTimers();
    answers['POST /api/setup-admin'] = { status: 200, body: { status: 'created' } };
    renderSetup();
    await settle();
    expect(calls.filter((c) => c.url === '/api/setup-admin')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Admin User Ready!' })).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'Admin User Ready!');
    expect(document.body.textContent).toContain('server log');
    expect(document.body.textContent).not.toMatch(/password:|@stoked\.local/i);

    await act(async () => void (await vi.advanceTimersByTimeAsync(1900)));
    expect(screen.queryByText('login page')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(150)));
    expect(screen.getByText('login page')).toBeTruthy();
  });

  test('an existing admin is also ready', async () => {
    vi.useFakeTimers();
    answers['POST /api/setup-admin'] = { status: 200, body: { status: 'exists' } };
    renderSetup();
    await settle();
    expect(screen.getByRole('heading', { name: 'Admin User Ready!' })).toBeTruthy();
    expect(screen.getByText(/already exists/)).toBeTruthy();
  });

  test('a failure shows Error creating admin and goes home after 3 s', async () => {
    vi.useFakeTimers();
    answers['POST /api/setup-admin'] = { status: 409, body: { code: 'ADMIN_EMAIL_TAKEN', message: 'x' } };
    renderSetup();
    await settle();
    expect(screen.getByRole('heading', { name: 'Error creating admin' })).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('error', 'Error creating admin', en.errors.ADMIN_EMAIL_TAKEN);
    await act(async () => void (await vi.advanceTimersByTimeAsync(2900)));
    expect(screen.queryByText('home page')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(150)));
    expect(screen.getByText('home page')).toBeTruthy();
  });
});

describe('Settings › Languages', () => {
  const SETTINGS = {
    logoUrl: '/logo.png',
    homepageBackgroundUrl: null,
    enabledLanguages: ['en', 'de'],
    reverseGeocodeUrl: 'https://nominatim.openstreetmap.org/reverse',
    mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: '',
  };

  const renderLanguages = () => renderAt('/admin?tab=settings', <SettingsLanguages />);
  // Playwright's getByLabel matches a part of the label, as here: the flag, native and English names.
  const box = (name: string) => screen.getByLabelText(name, { exact: false }) as HTMLInputElement;

  test('shows the nine languages, keeps the last one on, and saves the choice', async () => {
    answers['GET /api/settings'] = { status: 200, body: SETTINGS };
    answers['PUT /api/admin/settings/languages'] = { status: 200, body: { ...SETTINGS, enabledLanguages: ['de'] } };
    renderLanguages();
    // The stored list replaces the defaults (which include Español) once loaded.
    await vi.waitFor(() => expect(box('Español').checked).toBe(false));
    expect(box('Deutsch').checked).toBe(true);
    expect(screen.getAllByRole('checkbox')).toHaveLength(9);
    expect(box('German')).toBe(box('Deutsch'));
    expect(box('Русский').checked).toBe(false);

    fireEvent.click(box('English'));
    expect(box('English').checked).toBe(false);
    // The last one cannot be unticked, and says why.
    expect(box('Deutsch').disabled).toBe(true);
    expect(screen.getByText('At least one language must stay enabled.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Languages saved'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabledLanguages: ['de'] });
  });

  test('a failed save says Error saving languages', async () => {
    answers['GET /api/settings'] = { status: 200, body: SETTINGS };
    answers['PUT /api/admin/settings/languages'] = { status: 400, body: { code: 'LANGUAGE_REQUIRED', message: 'x' } };
    renderLanguages();
    await vi.waitFor(() => expect(box('Español').checked).toBe(false));
    fireEvent.click(box('Polski'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error saving languages', en.errors.LANGUAGE_REQUIRED));
  });
});
