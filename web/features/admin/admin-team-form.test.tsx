// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AdminContentList } from '../../../common/admin-content.ts';
import type { AdminTeam } from '../../../common/teams.ts';
import en from '../../locales/en.json';
import { notify } from '../../lib/toast.ts';
import AdminTeamForm from './admin-team-form.tsx';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { ContentTab } from './content-tab.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const TEAM_ID = '11111111-1111-4111-8111-111111111111';
const DISCIPLINES = [
  { id: 'surfing', name: 'Surfing', names: {}, icon: '🏄', color: '#000', categoryIds: [] },
  { id: 'skateboarding', name: 'Skateboarding', names: {}, icon: '🛹', color: '#000', categoryIds: [] },
];
const user = (id: string, name: string) => ({ id, name, email: `${id}@example.com`, role: 'user', avatarUrl: null, createdAt: '2026-01-01T00:00:00.000Z' });
const USERS = {
  items: [user('u-lea', 'Lea Leader'), user('u-ann', 'Ann Member'), user('u-bob', 'Bob Member')],
  total: 3,
  totalCapped: false,
  page: 1,
  hasMore: false,
};
const TEAM: AdminTeam = {
  id: TEAM_ID,
  name: 'Wave Crew',
  description: 'Dawn patrol',
  type: 'Pro',
  location: 'Biarritz',
  isPrivate: false,
  foundedDate: null,
  leaderId: 'u-lea',
  memberIds: ['u-lea', 'u-ann'],
  members: [
    { id: 'u-lea', name: 'Lea Leader', avatarUrl: null },
    { id: 'u-ann', name: 'Ann Member', avatarUrl: null },
  ],
  disciplineIds: ['surfing'],
  logoUrl: null,
  bannerUrl: null,
  status: 'approved',
};

const { answers, writes } = stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } },
  initial: () => ({
    'GET /api/disciplines': { status: 200, body: DISCIPLINES },
    'GET /api/admin/users?q=&limit=8': { status: 200, body: USERS },
  }),
});

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
});

describe('admin team form', () => {
  // About twenty role queries over a form with two people pickers: in jsdom on a busy machine, more than the default 5 s.
  test('create: a leader is required; then it posts leader, members and disciplines and returns to the teams list', async () => {
    answers['POST /api/admin/teams'] = { status: 201, body: { ...TEAM, id: 'new-team' } };
    renderAt('/admin/new/teams', <AdminTeamForm kind="teams" id={undefined} />);
    const form = await screen.findByTestId('admin-team-form');
    expect(within(form).getByRole('heading', { level: 1 }).textContent).toBe('Create New Team');
    fireEvent.input(within(form).getByLabelText('Team Name'), { target: { value: 'Wave Crew' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Validation Error', 'A team leader must be selected.'));
    expect(within(form).getByText('A team leader must be selected.')).toBeTruthy();
    expect(writes()).toEqual([]);

    const leader = within(form).getByTestId('admin-team-leader');
    fireEvent.click(await within(leader).findByRole('radio', { name: /Lea Leader/ }));
    const members = within(form).getByTestId('admin-team-members');
    fireEvent.click(await within(members).findByRole('checkbox', { name: /Bob Member/ }));
    // The leader is shown among the members, without a remove button.
    expect(
      within(members)
        .getAllByTestId('admin-team-members-chip')
        .map((c) => c.textContent),
    ).toEqual(['LLLea LeaderLeader', 'BMBob Member×']);
    fireEvent.click(await within(form).findByRole('checkbox', { name: /Skateboarding/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=content&subtab=teams');
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/teams',
        body: {
          name: 'Wave Crew',
          type: 'Pro',
          description: null,
          location: null,
          foundedDate: null,
          isPrivate: false,
          leaderId: 'u-lea',
          memberIds: ['u-bob'],
          disciplineIds: ['skateboarding'],
        },
      },
    ]);
    expect(notify).toHaveBeenLastCalledWith('success', 'Team saved successfully!');
  }, 20_000);

  test('edit: loads the team, saves with PUT, then uploads the chosen logo to the saved team', async () => {
    answers[`GET /api/admin/teams/${TEAM_ID}`] = { status: 200, body: TEAM };
    answers[`PUT /api/admin/teams/${TEAM_ID}`] = { status: 200, body: TEAM };
    answers[`PUT /api/teams/${TEAM_ID}/logo`] = { status: 200, body: {} };
    renderAt(`/admin/edit/teams/${TEAM_ID}`, <AdminTeamForm kind="teams" id={TEAM_ID} />);
    const form = await screen.findByTestId('admin-team-form');
    expect(within(form).getByRole('heading', { level: 1 }).textContent).toBe('Edit Team');
    expect((within(form).getByLabelText('Team Name') as HTMLInputElement).value).toBe('Wave Crew');

    const members = within(form).getByTestId('admin-team-members');
    fireEvent.click(within(members).getByRole('button', { name: 'Remove Ann Member' }));
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(within(form).getByTestId('admin-team-logo')).getByLabelText('Logo'), { target: { files: [file] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=content&subtab=teams');
    const [save, upload] = writes();
    expect(save).toMatchObject({
      method: 'PUT',
      url: `/api/admin/teams/${TEAM_ID}`,
      body: { name: 'Wave Crew', leaderId: 'u-lea', memberIds: ['u-lea'], disciplineIds: ['surfing'] },
    });
    expect(upload).toMatchObject({ method: 'PUT', url: `/api/teams/${TEAM_ID}/logo` });
    expect((upload!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(notify).toHaveBeenLastCalledWith('success', 'Team saved successfully!');
  });

  test('a refused save shows “Error updating team” with the reason and stays', async () => {
    answers[`GET /api/admin/teams/${TEAM_ID}`] = { status: 200, body: TEAM };
    answers[`PUT /api/admin/teams/${TEAM_ID}`] = { status: 400, body: { code: 'USER_NOT_FOUND', message: 'User Not Found' } };
    renderAt(`/admin/edit/teams/${TEAM_ID}`, <AdminTeamForm kind="teams" id={TEAM_ID} />);
    const form = await screen.findByTestId('admin-team-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error updating team', en.errors.USER_NOT_FOUND));
    expect(screen.queryByTestId('location')).toBeNull();
  });

  test('a team that cannot be loaded: “Error fetching team”, back to the content tab', async () => {
    renderAt(`/admin/edit/teams/${TEAM_ID}`, <AdminTeamForm kind="teams" id={TEAM_ID} />);
    expect((await screen.findByTestId('location')).textContent).toBe('/admin?tab=content');
    expect(notify).toHaveBeenCalledWith('error', 'Error fetching team', expect.any(String));
  });
});

describe('content tab', () => {
  const list = (items: AdminContentList['items']): { status: number; body: AdminContentList } => ({
    status: 200,
    body: { items, total: items.length, totalCapped: false, page: 1, hasMore: false },
  });

  test('teams: rows with leader and status, view in a new tab, edit and add links, delete after confirmation', async () => {
    answers['GET /api/admin/content/teams?page=1&limit=20'] = list([
      { id: TEAM_ID, kind: 'teams', name: 'Wave Crew', disciplineId: null, authorName: 'Lea Leader', status: 'pending', createdAt: '2026-01-02T00:00:00.000Z' },
    ]);
    answers[`DELETE /api/teams/${TEAM_ID}`] = { status: 204, body: null };
    renderAt('/admin?tab=content&subtab=teams', <ContentTab />);
    const row = await screen.findByTestId(`admin-content-row-${TEAM_ID}`);
    expect(within(row).getByText('Lea Leader')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    const view = within(row).getByRole('link', { name: 'View Wave Crew (opens in a new tab)' });
    expect([view.getAttribute('href'), view.getAttribute('target'), view.getAttribute('rel')]).toEqual([`/team/${TEAM_ID}`, '_blank', 'noopener noreferrer']);
    expect(within(row).getByRole('link', { name: 'Edit Wave Crew' }).getAttribute('href')).toBe(`/admin/edit/teams/${TEAM_ID}`);
    expect(screen.getByTestId('admin-content-add').getAttribute('href')).toBe('/admin/new/teams');

    fireEvent.click(within(row).getByRole('button', { name: 'Delete Wave Crew' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you absolutely sure?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Item deleted successfully!', 'Wave Crew'));
    expect(writes()).toEqual([{ method: 'DELETE', url: `/api/teams/${TEAM_ID}`, body: undefined }]);
  });

  test('articles: the view link is the article page; a failed delete says “Error deleting item”; an empty search says so', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    answers['GET /api/admin/content/articles?page=1&limit=20'] = list([
      { id, kind: 'articles', name: 'Big waves', disciplineId: 'surfing', authorName: null, status: 'approved', createdAt: '2026-01-02T00:00:00.000Z' },
    ]);
    answers['GET /api/admin/content/articles?page=1&limit=20&q=zzz'] = list([]);
    answers[`DELETE /api/articles/${id}`] = { status: 403, body: { code: 'FORBIDDEN', message: 'No' } };
    renderAt('/admin?tab=content&subtab=articles', <ContentTab />);
    const row = await screen.findByTestId(`admin-content-row-${id}`);
    expect(
      within(row)
        .getByRole('link', { name: /View Big waves/ })
        .getAttribute('href'),
    ).toBe(`/discipline/surfing/articles/${id}`);
    expect(within(row).getByText('Deleted account')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Surfing')).toBeTruthy());

    fireEvent.click(within(row).getByRole('button', { name: 'Delete Big waves' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error deleting item', en.errors.FORBIDDEN));

    fireEvent.change(screen.getByTestId('admin-content-search'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No results', {}, { timeout: 2000 })).toBeTruthy();
  });
});
