// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { Event } from '../../../common/events.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import i18next from 'i18next';
import ar from '../../locales/ar.json';
import { notify } from '../../lib/toast.ts';
import { EventFormDialog } from './event-form-dialog.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

// Recurring events in the event dialog: a new event says how it repeats (in the browser's time zone);
// an edit of a date of a series says which dates it changes; a single event's edit says neither.

const EVENT: Event = {
  id: '22222222-2222-4222-8222-222222222222',
  disciplineId: 'surfing',
  status: 'approved',
  author: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  mine: true,
  name: 'Tuesday ride',
  description: 'Every week.',
  location: 'Hossegor',
  startDate: '2027-03-16T17:00:00.000Z',
  endDate: '2027-03-16T19:00:00.000Z',
  type: 'Meetup',
  price: 0,
  maxAttendees: null,
  imageUrl: null,
  coverUrl: null,
  photos: [],
  attendees: 0,
  waitlisted: 0,
  myRsvp: null,
  waitlistPosition: null,
  reactions: { likes: 0, comments: 0, liked: false },
  placeId: null,
  place: null,
  placeClosures: null,
  series: { id: '33333333-3333-4333-8333-333333333333', frequency: 'weekly', count: 4, position: 2, timeZone: 'Europe/Paris', detached: false },
};

const { calls, answers } = stubAdminApi({ fallback: { status: 404, body: { code: 'CONTENT_NOT_FOUND', message: 'Not found' } } });
const writes = () => calls.filter((c) => c.method !== 'GET');

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('recurring events in the event dialog', () => {
  test("a new event repeats weekly, four times, in the browser's time zone", async () => {
    answers['POST /api/disciplines/surfing/events'] = { status: 201, body: EVENT };
    renderAt('/discipline/surfing/events', <EventFormDialog open onOpenChange={() => {}} disciplineId="surfing" />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Apply changes to')).toBeNull();
    expect(within(dialog).queryByLabelText('Number of dates')).toBeNull();
    fill(dialog, 'Name', 'Tuesday ride');
    fill(dialog, 'Description', 'Every week.');
    fill(dialog, 'Location', 'Hossegor');
    fill(dialog, 'Starts', '2027-03-16T18:00');
    fill(dialog, 'Ends', '2027-03-16T20:00');
    fill(dialog, 'Repeats', 'weekly');
    fill(dialog, 'Number of dates', '60');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    // 60 dates are too many: nothing is sent, and the field says why.
    expect(await within(dialog).findByText('From 2 to 52, this one included.', { selector: '[role="alert"], .text-red-600, p' })).toBeTruthy();
    expect(writes()).toEqual([]);

    fill(dialog, 'Number of dates', '4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const body = writes()[0]!.body as Record<string, unknown>;
    expect(body.repeat).toEqual({ frequency: 'weekly', count: 4, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(body).not.toHaveProperty('applyTo');
    expect(vi.mocked(notify).mock.calls[0]?.slice(0, 2)).toEqual(['success', 'Event added']);
  });

  test('editing a date of a series: this date only, or this date and the later ones', async () => {
    answers[`PATCH /api/events/${EVENT.id}`] = { status: 200, body: EVENT };
    renderAt('/discipline/surfing/events', <EventFormDialog open onOpenChange={() => {}} disciplineId="surfing" item={EVENT} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Repeats')).toBeNull();
    // Radio buttons (they post as they are without scripts), 'Only this date' chosen.
    const scope = within(within(dialog).getByRole('group', { name: 'Apply changes to' })).getAllByRole('radio') as HTMLInputElement[];
    expect(scope.map((radio) => [radio.labels?.[0]?.textContent, radio.checked])).toEqual([
      ['Only this date', true],
      ['This date and the later ones', false],
    ]);
    fill(dialog, 'Location', 'Seignosse');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'This date and the later ones' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const body = writes()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ location: 'Seignosse', applyTo: 'following' });
    expect(body).not.toHaveProperty('repeat');
  });

  test("a single event's edit has neither field and sends neither", async () => {
    const single = { ...EVENT, series: null };
    answers[`PATCH /api/events/${EVENT.id}`] = { status: 200, body: single };
    renderAt('/discipline/surfing/events', <EventFormDialog open onOpenChange={() => {}} disciplineId="surfing" item={single} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Repeats')).toBeNull();
    expect(within(dialog).queryByLabelText('Apply changes to')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const body = writes()[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('repeat');
    expect(body).not.toHaveProperty('applyTo');
  });
});

describe('an edit of a series waiting for review', () => {
  test('names which dates it changes in words, beside its other fields', async () => {
    const { PendingRevisionNotice } = await import('../../components/content/pending-revision-notice.tsx');
    renderAt(
      '/discipline/surfing/events/x',
      <PendingRevisionNotice
        revision={{ createdAt: '2027-01-01T00:00:00.000Z', changes: { location: 'Seignosse', type: 'Workshop', applyTo: 'following' } }}
        section="events"
      />,
    );
    const notice = await screen.findByTestId('pending-revision');
    expect(notice.textContent).toContain('Apply changes to:This date and the later ones');
    expect(notice.textContent).toContain('Location:Seignosse');
  });

  test("every choice by its label in the reader's language: the type of event too", async () => {
    const { PendingRevisionNotice } = await import('../../components/content/pending-revision-notice.tsx');
    i18next.addResourceBundle('ar', 'translation', ar);
    await i18next.changeLanguage('ar');
    try {
      renderAt(
        '/discipline/surfing/events/x',
        <PendingRevisionNotice revision={{ createdAt: '2027-01-01T00:00:00.000Z', changes: { type: 'Workshop', applyTo: 'one' } }} section="events" />,
      );
      const notice = await screen.findByTestId('pending-revision');
      expect(notice.textContent).toContain(`${ar.events.form.type}:${ar.events.types.Workshop}`);
      expect(notice.textContent).toContain(ar.events.form.applyToValues.one);
      expect(notice.textContent).not.toContain('Workshop');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
