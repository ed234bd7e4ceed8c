// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { Place } from '../../../common/places.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { PlacesAsList } from './places-page.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

stubAdminApi({ fallback: { status: 200, body: {} } });

const place = { id: 'p1', disciplineId: 'surfing', name: 'Pipeline', location: 'Oahu', access: { status: 'closed', set: 'open', closure: null } } as Place;

test('before the map (Leaflet needs scripts), the map view lists its places as links, with a note why', async () => {
  renderAt('/', <PlacesAsList places={[place]} />);
  expect(await screen.findByText('The map needs JavaScript; here are the places as a list.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Pipeline' }).getAttribute('href')).toBe('/discipline/surfing/places/p1');
  expect(screen.getByText('Oahu')).toBeTruthy();
  // Its access too, in words (the map's markers say it by their shape).
  expect(screen.getByTestId('place-access-badge').textContent).toContain('Closed');
});
