// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { AdminUser, AdminUserPage } from '../../../common/admin-users.ts';
import { COUNT_CAP } from '../../../common/paging.ts';
import { notify } from '../../lib/toast.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import UserForm from './user-form.tsx';
import { UsersTab } from './users-tab.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const RITA: AdminUser = { id: 'u-rita', name: 'Rita Rider', email: 'rita@example.com', role: 'user', avatarUrl: null, createdAt: '2024-05-01T10:00:00.000Z' };
const BOSS: AdminUser = { id: 'u-boss', name: 'Big Boss', email: 'boss@example.com', role: 'admin', avatarUrl: null, createdAt: '2024-01-01T10:00:00.000Z' };
const PAGE: AdminUserPage = { items: [RITA, BOSS], total: 2, totalCapped: false, page: 1, hasMore: false };

const { answers, writes } = stubAdminApi({
  fallback: { status: 404, body: { code: 'USER_NOT_FOUND', message: 'User Not Found' } },
  initial: () => ({
    'GET /api/me': { status: 200, body: { user: { ...BOSS, preferredLanguage: null } } },
    'GET /api/admin/users?page=1&limit=20': { status: 200, body: PAGE },
  }),
});

const lastToast = () => vi.mocked(notify).mock.calls.at(-1);

describe('users tab', () => {
  test('lists the users in an accessible table; the role selector saves with a toast, or says why not', async () => {
    renderAt('/admin?tab=users', <UsersTab />);
    const table = await screen.findByTestId('admin-users-table');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    for (const header of ['Email', 'Role', 'Joined', 'Actions']) expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    const row = screen.getByTestId('admin-user-row-u-rita');
    expect(within(row).getByText('rita@example.com')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit Rita Rider' }).getAttribute('href')).toBe('/admin/edit/users/u-rita');
    expect(screen.getByRole('link', { name: /Add User/ }).getAttribute('href')).toBe('/admin/new/users');

    answers['PATCH /api/admin/users/u-rita'] = { status: 200, body: { ...RITA, role: 'admin' } };
    fireEvent.change(within(row).getByRole('combobox', { name: 'Role of Rita Rider' }), { target: { value: 'admin' } });
    await waitFor(() => expect(writes()).toEqual([{ method: 'PATCH', url: '/api/admin/users/u-rita', body: { role: 'admin' } }]));
    await waitFor(() => expect(lastToast()?.[0]).toBe('success'));

    answers['PATCH /api/admin/users/u-boss'] = { status: 409, body: { code: 'LAST_ADMIN', message: '…' } };
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Big Boss' }), { target: { value: 'user' } });
    await waitFor(() => expect(lastToast()).toEqual(['error', 'Error updating role', 'The last admin cannot be removed or demoted.']));
  });

  test('delete asks first, then deletes; a refusal shows the reason', async () => {
    renderAt('/admin?tab=users', <UsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Rita Rider' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you absolutely sure?')).toBeTruthy();
    answers['DELETE /api/admin/users/u-rita'] = { status: 409, body: { code: 'LEADER_MUST_TRANSFER', message: '…' } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastToast()).toEqual(['error', 'Error deleting user', 'The leader must transfer leadership first.']));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Rita Rider' }));
    answers['DELETE /api/admin/users/u-rita'] = { status: 204, body: null };
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastToast()?.slice(0, 2)).toEqual(['success', 'User deleted successfully!']));
    expect(writes().map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/admin/users/u-rita', 'DELETE /api/admin/users/u-rita']);
  });

  test('a capped total reads "More than" and Load More asks for the page past it', async () => {
    answers['GET /api/admin/users?page=1&limit=20'] = { status: 200, body: { ...PAGE, total: COUNT_CAP, totalCapped: true, hasMore: true } };
    answers['GET /api/admin/users?page=2&limit=20'] = {
      status: 200,
      body: { ...PAGE, items: [], page: 2, total: COUNT_CAP, totalCapped: true, hasMore: false },
    };
    renderAt('/admin?tab=users', <UsersTab />);
    expect(await screen.findByText(`More than ${COUNT_CAP} users`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull());
  });

  test('a failed load says so', async () => {
    answers['GET /api/admin/users?page=1&limit=20'] = { status: 500, body: { code: 'INTERNAL_ERROR', message: '…' } };
    renderAt('/admin?tab=users', <UsersTab />);
    await waitFor(() => expect(lastToast()?.slice(0, 2)).toEqual(['error', 'Error fetching users']));
  });
});

describe('user form', () => {
  test('create: required fields first, then posts and returns to the users tab', async () => {
    renderAt('/admin/new/users', <UserForm kind="users" id={undefined} />);
    expect(await screen.findByRole('heading', { name: 'Create New User' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-user-form-submit'));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(writes()).toEqual([]);

    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'New Rider' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'rita@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'grab the rail 42' } });
    answers['POST /api/admin/users'] = { status: 409, body: { code: 'USER_ALREADY_EXISTS', message: '…' } };
    fireEvent.click(screen.getByTestId('admin-user-form-submit'));
    expect(await screen.findByText('An account with this email already exists.', { selector: 'p[role=alert]' })).toBeTruthy();
    expect(lastToast()?.slice(0, 2)).toEqual(['error', 'Error creating user']);

    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    answers['POST /api/admin/users'] = { status: 201, body: { id: 'u-new' } };
    fireEvent.click(screen.getByTestId('admin-user-form-submit'));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=users');
    expect(writes().at(-1)).toEqual({
      method: 'POST',
      url: '/api/admin/users',
      body: { name: 'New Rider', email: 'new@example.com', password: 'grab the rail 42', role: 'admin' },
    });
    expect(lastToast()?.slice(0, 2)).toEqual(['success', 'User created successfully!']);
  });

  test('edit: email disabled, no password, sends name and role only', async () => {
    answers['GET /api/admin/users/u-rita'] = { status: 200, body: RITA };
    renderAt('/admin/edit/users/u-rita', <UserForm kind="users" id="u-rita" />);
    expect(await screen.findByRole('heading', { name: 'Edit User' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.value, email.disabled]).toEqual(['rita@example.com', true]);
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Rita R.' } });
    answers['PATCH /api/admin/users/u-rita'] = { status: 200, body: { ...RITA, name: 'Rita R.' } };
    fireEvent.click(screen.getByTestId('admin-user-form-submit'));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=users');
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/admin/users/u-rita', body: { name: 'Rita R.', role: 'user' } }]);
    expect(lastToast()?.slice(0, 2)).toEqual(['success', 'User updated successfully!']);
  });

  test('edit of an unknown user: toast and back to the list', async () => {
    renderAt('/admin/edit/users/nobody', <UserForm kind="users" id="nobody" />);
    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=users');
    expect(lastToast()).toEqual(['error', 'Error fetching user', 'User Not Found']);
  });
});
