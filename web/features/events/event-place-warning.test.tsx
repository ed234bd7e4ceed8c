// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { expect, test, vi } from 'vitest';
import type { Event } from '../../../common/events.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { EventPlacePicker } from './event-place-picker.tsx';
import { EventPlaceWarning, placeClosedWarning } from './event-place-warning.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const place = (id: string, name: string, visibility = 'public') => ({ id, name, visibility });
const { calls } = stubAdminApi({
  fallback: {
    status: 200,
    body: {
      items: [place('p1', 'Point Reef'), place('p2', 'Secret Cove', 'private'), place('p3', 'Harbour Wall')],
      total: 3,
      totalCapped: false,
      page: 1,
      pageSize: 50,
    },
  },
});

const event = (over: Partial<Event>) => ({ placeClosures: null, warnings: undefined, ...over }) as Event;

test("the organiser's banner lists each closure on the event's dates, and the status closed in words", () => {
  const { unmount } = renderAt('/', <EventPlaceWarning event={event({ placeClosures: null })} />);
  expect(screen.queryByTestId('event-place-warning')).toBeNull();
  unmount();
  renderAt(
    '/',
    <EventPlaceWarning
      event={event({
        placeClosures: [
          { startsOn: null, endsOn: null, reason: '' },
          { startsOn: '2026-12-20', endsOn: '2027-01-10', reason: 'Nesting season' },
        ],
      })}
    />,
  );
  const banner = screen.getByRole('alert');
  expect(banner.textContent).toContain("This spot is closed on your event's dates");
  expect(banner.textContent).toContain('its stewards marked it closed');
  expect(banner.textContent).toContain('December 20, 2026 – January 10, 2027: Nesting season');
});

test("the toast's warning names the reason, and only when the answer warns", () => {
  const t = i18next.t.bind(i18next);
  expect(placeClosedWarning(event({ placeClosures: [{ startsOn: '2026-12-20', endsOn: '2027-01-10', reason: 'Nesting season' }] }), t)).toBeUndefined();
  const warned = event({ warnings: ['EVENT_PLACE_CLOSED'], placeClosures: [{ startsOn: '2026-12-20', endsOn: '2027-01-10', reason: 'Nesting season' }] });
  expect(placeClosedWarning(warned, t)).toBe("This spot is closed on your event's dates: Nesting season");
  expect(placeClosedWarning(event({ warnings: ['EVENT_PLACE_CLOSED'], placeClosures: [] }), t)).toBe("This spot is closed on your event's dates");
});

test("the picker offers the discipline's public places, keeps the current one, and searches", async () => {
  const onChange = vi.fn();
  const field = { name: 'placeId', label: 'Spot (optional)', onChange, onBlur: vi.fn(), ref: () => undefined };
  renderAt('/discipline/surfing/events', <></>, {
    routes: { '/discipline/:disciplineId/events': <EventPlacePicker field={field} current={{ id: 'p9', name: 'Old Pier' }} /> },
  });
  const select = screen.getByTestId('event-place') as HTMLSelectElement;
  await waitFor(() => expect([...select.options].map((o) => o.text)).toEqual(['No spot', 'Old Pier', 'Point Reef', 'Harbour Wall']));
  expect(calls.at(-1)?.url).toBe('/api/disciplines/surfing/places?limit=50');
  fireEvent.change(screen.getByLabelText('Find a spot'), { target: { value: 'reef' } });
  await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/disciplines/surfing/places?limit=50&q=reef'));
});
