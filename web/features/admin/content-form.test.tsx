// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import type { AdminSectionKind } from '../../../common/admin-content.ts';
import en from '../../locales/en.json';
import { notify } from '../../lib/toast.ts';
import { ArticleFormDialog } from '../articles/article-form-dialog.tsx';
import { EventFormDialog } from '../events/event-form-dialog.tsx';
import { PlaceFormDialog } from '../places/place-form-dialog.tsx';
import { ReviewFormDialog } from '../reviews/review-form-dialog.tsx';
import { ShopFormDialog } from '../shops/shop-form-dialog.tsx';
import { TrickFormDialog } from '../tricks/trick-form-dialog.tsx';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import ContentForm from './content-form.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const PLACE = {
  id: '11111111-1111-4111-8111-111111111111',
  disciplineId: 'surfing',
  status: 'pending',
  author: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  mine: false,
  name: 'Pipeline',
  location: 'Oahu, Hawaii',
  latitude: 21.66,
  longitude: -158.05,
  imageUrl: null,
  coverUrl: null,
  visibility: 'public' as const,
  team: null,
  reactions: { likes: 0, comments: 0, liked: false },
  access: { status: 'open' as const, set: 'open' as const, closure: null },
  conditions: null,
};
const DISCIPLINES = [
  { id: 'surfing', name: 'Surfing', names: {}, icon: '🏄', color: '#000', categoryIds: [] },
  { id: 'skateboarding', name: 'Skateboarding', names: {}, icon: '🛹', color: '#000', categoryIds: [] },
];

const { calls, answers } = stubAdminApi({
  fallback: { status: 404, body: { code: 'CONTENT_NOT_FOUND', message: 'Content not found' } },
  initial: () => ({ 'GET /api/disciplines': { status: 200, body: DISCIPLINES } }),
});

const labelsIn = (root: HTMLElement) => Array.from(root.querySelectorAll('label')).map((l) => l.textContent);
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;

const DIALOGS: Record<AdminSectionKind, (props: { open: boolean; onOpenChange: () => void; disciplineId: string }) => ReactNode> = {
  articles: ArticleFormDialog,
  events: EventFormDialog,
  places: PlaceFormDialog,
  reviews: ReviewFormDialog,
  tricks: TrickFormDialog,
  shops: ShopFormDialog,
};

describe('admin content form', () => {
  test.each(Object.keys(DIALOGS) as AdminSectionKind[])('%s: the admin form shows the section dialog’s fields, after the discipline', async (kind) => {
    const Dialog = DIALOGS[kind];
    renderAt('/admin/new/places', <Dialog open onOpenChange={() => {}} disciplineId="surfing" />);
    const dialogLabels = labelsIn(await screen.findByRole('dialog'));
    cleanup();

    renderAt(`/admin/new/${kind}`, <ContentForm kind={kind} id={undefined} />);
    const form = await screen.findByTestId('admin-content-form');
    expect(within(form).getByRole('heading', { level: 1 }).textContent).toBe(en.admin.contentForm.create[kind]);
    expect(dialogLabels.length).toBeGreaterThan(2);
    expect(labelsIn(form)).toEqual(['Discipline', ...dialogLabels]);
  });

  test('create: the discipline and the section’s fields are required, then it posts to the discipline and returns to the list', async () => {
    answers['POST /api/disciplines/skateboarding/places'] = { status: 201, body: { ...PLACE, disciplineId: 'skateboarding', status: 'approved' } };
    renderAt('/admin/new/places', <ContentForm kind="places" id={undefined} />);
    const form = await screen.findByTestId('admin-content-form');
    expect(within(form).getByRole('heading', { name: 'Create New Place' })).toBeTruthy();
    await within(form).findByRole('option', { name: '🛹 Skateboarding' });

    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(form).getAllByText('This field is required.').length).toBe(5));
    expect(field(form, 'Discipline').getAttribute('aria-invalid')).toBe('true');
    expect(field(form, 'Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(field(form, 'Discipline'), { target: { value: 'skateboarding' } });
    fireEvent.input(field(form, 'Name'), { target: { value: 'Pipeline' } });
    fireEvent.input(field(form, 'Location'), { target: { value: 'Oahu, Hawaii' } });
    fireEvent.input(field(form, 'Latitude'), { target: { value: '21.66' } });
    fireEvent.input(field(form, 'Longitude'), { target: { value: '-158.05' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=content&subtab=places');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/disciplines/skateboarding/places',
        body: { name: 'Pipeline', location: 'Oahu, Hawaii', latitude: 21.66, longitude: -158.05, imageUrl: null, visibility: 'public', teamId: null },
      },
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'Place saved successfully!');
  });

  test('edit: loads the item in any status, keeps its discipline and sends the changes with PATCH', async () => {
    answers[`GET /api/places/${PLACE.id}`] = { status: 200, body: PLACE };
    answers[`PATCH /api/places/${PLACE.id}`] = { status: 200, body: { ...PLACE, name: 'Pipeline North' } };
    renderAt(`/admin/edit/places/${PLACE.id}`, <ContentForm kind="places" id={PLACE.id} />);
    const form = await screen.findByTestId('admin-content-form');
    expect(within(form).getByRole('heading', { name: 'Edit Place' })).toBeTruthy();
    expect(field(form, 'Name').value).toBe('Pipeline');
    expect(field(form, 'Latitude').value).toBe('21.66');
    const discipline = field(form, 'Discipline');
    expect(discipline.disabled).toBe(true);
    await waitFor(() => expect(discipline.value).toBe('surfing'));

    fireEvent.input(field(form, 'Name'), { target: { value: 'Pipeline North' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=content&subtab=places');
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: `/api/places/${PLACE.id}`,
      body: { name: 'Pipeline North', location: 'Oahu, Hawaii', latitude: 21.66, longitude: -158.05, imageUrl: null, visibility: 'public', teamId: null },
    });
    expect(notify).toHaveBeenCalledWith('success', 'Place saved successfully!');
  });

  test('a refused save stays on the form with the reason and the server’s field errors', async () => {
    answers['POST /api/disciplines/surfing/places'] = { status: 400, body: { code: 'TOO_LONG', message: 'Too long', fields: { location: 'TOO_LONG' } } };
    renderAt('/admin/new/places', <ContentForm kind="places" id={undefined} />);
    const form = await screen.findByTestId('admin-content-form');
    await within(form).findByRole('option', { name: '🏄 Surfing' });
    fireEvent.change(field(form, 'Discipline'), { target: { value: 'surfing' } });
    fireEvent.input(field(form, 'Name'), { target: { value: 'Pipeline' } });
    fireEvent.input(field(form, 'Location'), { target: { value: 'Oahu' } });
    fireEvent.input(field(form, 'Latitude'), { target: { value: '21' } });
    fireEvent.input(field(form, 'Longitude'), { target: { value: '-158' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error saving place', en.errors.TOO_LONG));
    await waitFor(() => expect(field(form, 'Location').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByTestId('location')).toBeNull();
  });

  test('an item that cannot be loaded sends the admin back to the list', async () => {
    renderAt(`/admin/edit/places/${PLACE.id}`, <ContentForm kind="places" id={PLACE.id} />);
    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=content&subtab=places');
    expect(notify).toHaveBeenCalledWith('error', 'Error fetching place', en.errors.CONTENT_NOT_FOUND);
  });
});

/** The place dialog editing PLACE, with a way to open it again once closed. */
function ReopenablePlaceDialog() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit again
      </button>
      <PlaceFormDialog open={open} onOpenChange={setOpen} disciplineId="surfing" item={{ ...PLACE, status: 'approved' }} />
    </>
  );
}

describe('section dialogs', () => {
  test('editing starts from the stored item each time the dialog opens, not from an abandoned draft', async () => {
    renderAt(`/discipline/surfing/places/${PLACE.id}`, <ReopenablePlaceDialog />);
    let dialog = await screen.findByRole('dialog');
    fireEvent.input(field(dialog, 'Name'), { target: { value: 'Draft' } });
    fireEvent.click(within(dialog).getByRole('button', { name: en.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit again', hidden: true }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: en.places.editPlace })).toBeTruthy();
    expect(field(dialog, 'Name').value).toBe('Pipeline');
  });

  test('adding: a refused save stays open with the server’s field errors; a saved one says it awaits approval and closes', async () => {
    answers['POST /api/disciplines/surfing/places'] = { status: 400, body: { code: 'TOO_LONG', message: 'Too long', fields: { location: 'TOO_LONG' } } };
    const onOpenChange = vi.fn();
    renderAt('/discipline/surfing/places', <PlaceFormDialog open onOpenChange={onOpenChange} disciplineId="surfing" />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(field(dialog, 'Name'), { target: { value: 'Pipeline' } });
    fireEvent.input(field(dialog, 'Location'), { target: { value: 'Oahu' } });
    fireEvent.input(field(dialog, 'Latitude'), { target: { value: '21' } });
    fireEvent.input(field(dialog, 'Longitude'), { target: { value: '-158' } });
    fireEvent.click(within(dialog).getByRole('button', { name: en.places.addPlace }));

    await waitFor(() => expect(field(dialog, 'Location').getAttribute('aria-invalid')).toBe('true'));
    expect(notify).toHaveBeenCalledWith('error', en.places.toast.addError, en.errors.TOO_LONG);
    expect(onOpenChange).not.toHaveBeenCalled();

    answers['POST /api/disciplines/surfing/places'] = { status: 201, body: PLACE };
    fireEvent.click(within(dialog).getByRole('button', { name: en.places.addPlace }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(notify).toHaveBeenCalledWith('success', en.places.toast.added, en.places.toast.awaitingApproval);
  });
});
