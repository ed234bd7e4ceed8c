// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { AdminCategory, AdminDiscipline } from '../../../common/admin-catalogue.ts';
import en from '../../locales/en.json';
import { notify } from '../../lib/toast.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import CategoryForm from './category-form.tsx';
import DisciplineForm from './discipline-form.tsx';
import { DisciplinesTab } from './disciplines-tab.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const NO_USE = { teams: 0, articles: 0, events: 0, places: 0, reviews: 0, tricks: 0, shops: 0, sessions: 0, followers: 0 };
const CATEGORIES: AdminCategory[] = [
  { id: 'water', name: 'Water', names: { en: 'Water' }, icon: '🌊', color: '#0ea5e9', position: 0, disciplineIds: ['surfing'] },
  { id: 'urban', name: 'Urban', names: { en: 'Urban' }, icon: '🏙️', color: '#64748b', position: 5, disciplineIds: [] },
];
const SURFING: AdminDiscipline = {
  id: 'surfing',
  name: 'Surfing',
  names: { en: 'Surfing', fr: 'Surf' },
  icon: '🏄',
  color: '#0ea5e9',
  categoryIds: ['water'],
  usage: NO_USE,
};
const BMX: AdminDiscipline = {
  id: 'bmx',
  name: 'BMX',
  names: { en: 'BMX' },
  icon: '🚲',
  color: '#64748b',
  categoryIds: ['urban'],
  usage: { ...NO_USE, articles: 2, teams: 1 },
};

const { answers, writes } = stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({
    'GET /api/admin/categories': { status: 200, body: CATEGORIES },
    'GET /api/admin/disciplines': { status: 200, body: [BMX, SURFING] },
  }),
});

const input = (root: HTMLElement, label: string) => within(root).getByLabelText(label) as HTMLInputElement;

describe('discipline form', () => {
  test('create: ID and Name required, then posts with the checked categories and returns to the list', async () => {
    answers['POST /api/admin/disciplines'] = { status: 201, body: { ...SURFING, id: 'foil', name: 'Foil', categoryIds: ['urban'] } };
    renderAt('/admin/new/disciplines', <DisciplineForm kind="disciplines" id={undefined} />);
    const form = await screen.findByTestId('admin-discipline-form');
    expect(within(form).getByRole('heading', { name: 'Create New Discipline' })).toBeTruthy();
    expect(within(form).getByText('e.g. surfing or bmx')).toBeTruthy();
    const urban = (await within(form).findByRole('checkbox', { name: 'Urban' })) as HTMLInputElement;

    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('ID is required')).toBeTruthy();
    expect(within(form).getByText('Name is required')).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.input(input(form, 'ID'), { target: { value: 'foil' } });
    fireEvent.input(input(form, 'Name'), { target: { value: 'Foil' } });
    fireEvent.input(input(form, 'Icon (emoji)'), { target: { value: '🏄‍♂️' } });
    fireEvent.click(urban);
    fireEvent.input(input(form, 'Name in Français'), { target: { value: 'Foil (fr)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=disciplines&subtab=disciplines');
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/admin/disciplines', body: { id: 'foil', name: 'Foil', icon: '🏄‍♂️', names: { fr: 'Foil (fr)' }, categoryIds: ['urban'] } },
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'Discipline created successfully!', 'Foil');
  });

  test('edit: the ID is shown disabled and never sent; an unknown category is "Error assigning categories"', async () => {
    answers['GET /api/admin/disciplines/surfing'] = { status: 200, body: SURFING };
    answers['PUT /api/admin/disciplines/surfing'] = { status: 400, body: { code: 'UNKNOWN_CATEGORY', message: 'x' } };
    renderAt('/admin/edit/disciplines/surfing', <DisciplineForm kind="disciplines" id="surfing" />);
    const form = await screen.findByTestId('admin-discipline-form');
    expect(within(form).getByRole('heading', { name: 'Edit Discipline' })).toBeTruthy();
    expect(input(form, 'ID').disabled).toBe(true);
    expect(input(form, 'ID').value).toBe('surfing');
    expect(((await within(form).findByRole('checkbox', { name: 'Water' })) as HTMLInputElement).checked).toBe(true);
    expect(input(form, 'Name in Français').value).toBe('Surf');

    fireEvent.input(input(form, 'Name'), { target: { value: 'Wave Surfing' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error assigning categories', en.errors.UNKNOWN_CATEGORY));
    expect(writes()).toEqual([
      { method: 'PUT', url: '/api/admin/disciplines/surfing', body: { name: 'Wave Surfing', icon: '🏄', names: { fr: 'Surf' }, categoryIds: ['water'] } },
    ]);
  });

  test('an edited discipline that cannot be read: "Error fetching discipline" and back to the list', async () => {
    renderAt('/admin/edit/disciplines/gone', <DisciplineForm kind="disciplines" id="gone" />);
    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=disciplines&subtab=disciplines');
    expect(notify).toHaveBeenCalledWith('error', 'Error fetching discipline', expect.any(String));
  });
});

describe('category form', () => {
  test('create: posts and returns to the categories list; a taken ID is "Error creating category"', async () => {
    answers['POST /api/admin/categories'] = { status: 409, body: { code: 'CATEGORY_EXISTS', message: 'x' } };
    renderAt('/admin/new/categories', <CategoryForm kind="categories" id={undefined} />);
    const form = await screen.findByTestId('admin-category-form');
    expect(within(form).getByRole('heading', { name: 'Create New Category' })).toBeTruthy();
    fireEvent.input(input(form, 'ID'), { target: { value: 'ice' } });
    fireEvent.input(input(form, 'Name'), { target: { value: 'Ice' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error creating category', en.errors.CATEGORY_EXISTS));
    expect(within(form).getByText(en.errors.CATEGORY_EXISTS)).toBeTruthy();

    answers['POST /api/admin/categories'] = { status: 201, body: { ...CATEGORIES[1], id: 'ice2', name: 'Ice' } };
    fireEvent.input(input(form, 'ID'), { target: { value: 'ice2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=disciplines&subtab=categories');
    expect(writes().at(-1)).toEqual({ method: 'POST', url: '/api/admin/categories', body: { id: 'ice2', name: 'Ice', icon: '', color: '#64748b', names: {} } });
    expect(notify).toHaveBeenLastCalledWith('success', 'Category created successfully!', 'Ice');
  });
});

describe('disciplines tab', () => {
  test('lists disciplines with their categories and links; delete asks first, then reports', async () => {
    answers['DELETE /api/admin/disciplines/surfing'] = { status: 204, body: null };
    renderAt('/admin?tab=disciplines', <DisciplinesTab />);
    const list = await screen.findByTestId('admin-disciplines-list');
    const row = within(list).getByTestId('admin-discipline-row-surfing');
    expect(within(row).getByText('🌊 Water')).toBeTruthy();
    expect(
      within(row)
        .getByRole('link', { name: /View Surfing/ })
        .getAttribute('href'),
    ).toBe('/discipline/surfing');
    expect(within(row).getByRole('link', { name: 'Edit Surfing' }).getAttribute('href')).toBe('/admin/edit/disciplines/surfing');
    expect(screen.getByTestId('admin-disciplines-add').getAttribute('href')).toBe('/admin/new/disciplines');

    // A discipline with content says so in the confirmation.
    fireEvent.click(within(within(list).getByTestId('admin-discipline-row-bmx')).getByRole('button', { name: 'Delete BMX' }));
    const busy = await screen.findByRole('alertdialog');
    expect(within(busy).getByText('Are you absolutely sure?')).toBeTruthy();
    expect(busy.textContent).toContain('It still has 1 team and 2 articles');
    fireEvent.click(within(busy).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: 'Delete Surfing' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Discipline deleted successfully!', 'Surfing'));
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/admin/disciplines/surfing', body: undefined }]);
  });

  test('categories sub-tab from the URL; a refused delete shows the reason; a load failure its title', async () => {
    answers['DELETE /api/admin/categories/water'] = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } };
    renderAt('/admin?tab=disciplines&subtab=categories', <DisciplinesTab />);
    const list = await screen.findByTestId('admin-categories-list');
    const row = within(list).getByTestId('admin-category-row-water');
    expect(within(row).getByText('1 discipline')).toBeTruthy();
    expect(
      within(row)
        .getByRole('link', { name: /View Water/ })
        .getAttribute('href'),
    ).toBe('/category/water');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Water' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error deleting category', en.errors.INTERNAL_ERROR));

    cleanup();
    answers['GET /api/admin/disciplines'] = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } };
    renderAt('/admin?tab=disciplines&subtab=disciplines', <DisciplinesTab />);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error fetching disciplines', en.errors.INTERNAL_ERROR));
  });
});
