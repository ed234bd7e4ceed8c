// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { Session } from '../../../common/sessions.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { SessionForm } from './session-form.tsx';
import { SessionPhotos } from './session-photos.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const SESSION: Session = {
  id: 's1',
  place: { id: 'p1', name: 'La Gravière' },
  disciplineId: 'surfing',
  startedAt: '2026-11-20T08:00:00.000Z',
  durationMinutes: null,
  note: null,
  visibility: 'public',
  author: { id: 'u1', name: 'Ana Rider', avatarUrl: null },
  tricks: [],
  companions: [],
  photos: [{ id: 'ph1', alt: '', width: 800, height: 600, variants: [{ width: 400, url: '/uploads/photos/ph1-400.webp' }] }],
  canDelete: true,
  createdAt: '2026-11-20T08:00:00.000Z',
};

const { writes } = stubAdminApi({
  fallback: { status: 201, body: {} },
  initial: () => ({
    'GET /api/disciplines/surfing/tricks?limit=50': { status: 200, body: { items: [], total: 0, totalCapped: false, page: 1, pageSize: 50 } },
    'GET /api/profiles/u1/following?limit=50': { status: 200, body: [] },
    'POST /api/sessions': { status: 201, body: { ...SESSION, id: 's9', photos: [] } },
  }),
});

/** Puts `file` in a file input as a browser would (jsdom has no DataTransfer to build a FileList). */
function attach(input: HTMLElement, file: File) {
  const impl = (o: object) => (o as Record<symbol, { files: unknown[] }>)[Object.getOwnPropertySymbols(o).find((s) => s.description === 'impl')!]!;
  impl(input).files.push(impl(file));
}

test('with scripts, the photo chosen in "Log a session" goes to the new session once it is logged', async () => {
  renderAt('/', <SessionForm place={{ id: 'p1', name: 'Test Spot', disciplineId: 'surfing', visibility: 'public' }} userId="u1" />);
  const form = await screen.findByTestId('session-form');
  expect(screen.queryByText('You can add photos to your session once it is logged.')).toBeNull();
  attach(screen.getByLabelText('Photo (optional)'), new File(['png'], 'wave.png', { type: 'image/png' }));
  fireEvent.submit(form);
  await waitFor(() => expect(writes().map((w) => `${w.method} ${w.url}`)).toEqual(['POST /api/sessions', 'POST /api/photos/session/s9']));
  const sent = writes()[1]!.body as FormData;
  expect((sent.get('file') as File).name).toBe('wave.png');
});

test('no photo chosen: only the session is sent', async () => {
  renderAt('/', <SessionForm place={{ id: 'p1', name: 'Test Spot', disciplineId: 'surfing', visibility: 'public' }} userId="u1" />);
  fireEvent.submit(await screen.findByTestId('session-form'));
  await waitFor(() => expect(writes().map((w) => w.url)).toEqual(['/api/sessions']));
});

test('a session’s photos open in the lightbox; its author has the plain "Add photos" form', async () => {
  renderAt('/place', <SessionPhotos session={SESSION} />);
  fireEvent.click(screen.getByRole('link', { name: 'Open photo 1 of 1' }));
  expect((await screen.findByTestId('lightbox-photo')).getAttribute('alt')).toBe('Ana Rider’s session at La Gravière');
  const add = screen.getByTestId('session-add-photos');
  expect(within(add).getByText('Add photos', { selector: 'summary' })).toBeTruthy();
  expect(add.querySelector('form')!.getAttribute('action')).toBe('/actions/photos/session/s1?back=%2Fplace');
  expect(add.querySelector('form')!.getAttribute('enctype')).toBe('multipart/form-data');
});

test('someone else sees the thumbnails only', () => {
  renderAt('/', <SessionPhotos session={{ ...SESSION, canDelete: false }} />);
  expect(screen.getByRole('link', { name: 'Open photo 1 of 1' })).toBeTruthy();
  expect(screen.queryByTestId('session-add-photos')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});
