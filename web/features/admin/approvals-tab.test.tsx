// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { Approval } from '../../../common/approvals.ts';
import { notify } from '../../lib/toast.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { ApprovalsTab } from './approvals-tab.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const EDIT: Approval = {
  id: 'r-1',
  status: 'pending',
  itemType: 'place',
  itemId: 'p-1',
  itemName: 'Pipeline',
  submittedBy: { id: 'u-1', name: 'Uma User' },
  createdAt: '2026-01-01T10:00:00.000Z',
  disciplineId: 'surfing',
  version: 3,
  changes: [
    { field: 'name', before: 'Pipeline', after: 'Banzai Pipeline' },
    { field: 'imageUrl', before: null, after: 'https://example.com/pipe.jpg' },
  ],
};
const NEW: Approval = { ...EDIT, id: 'a-1', itemId: 'p-2', itemName: 'Waimea', changes: undefined, version: 1 };

const api = stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not Found' } },
  initial: () => ({ 'GET /api/admin/approvals': { status: 200, body: [NEW, EDIT] } }),
});

describe('approvals tab', () => {
  test("an edit of an approved item shows each changed field's public and proposed values side by side; a new item shows none", async () => {
    renderAt('/admin?tab=approvals', <ApprovalsTab />);
    const rows = await screen.findAllByTestId('admin-approval-row');
    expect(within(rows[0]!).queryByTestId('admin-approval-changes')).toBeNull();
    const changes = within(rows[1]!).getByTestId('admin-approval-changes');
    expect(within(changes).getByText('Edit of an approved item')).toBeTruthy();
    const table = within(changes).getByRole('table', { name: 'Proposed changes to Pipeline' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Now public', 'Proposed']);
    const name = within(table).getByRole('row', { name: /^Name/ });
    expect(
      within(name)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Pipeline', 'Banzai Pipeline']);
    const image = within(table).getByRole('row', { name: /^Image URL/ });
    expect(
      within(image)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', 'https://example.com/pipe.jpg']);
  });

  test('a place made secret reads as its choice: "Everyone" before, "Only me" or "Crew only" proposed', async () => {
    const hidden = (after: string): Approval => ({ ...EDIT, id: `r-${after}`, changes: [{ field: 'visibility', before: 'public', after }] });
    api.answers['GET /api/admin/approvals'] = { status: 200, body: [hidden('private'), hidden('crew')] };
    renderAt('/admin?tab=approvals', <ApprovalsTab />);
    const rows = await screen.findAllByTestId('admin-approval-row');
    const cells = (row: HTMLElement) =>
      within(within(row).getByRole('row', { name: /^Who can see this place/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual(['Everyone', 'Only me']);
    expect(cells(rows[1]!)).toEqual(['Everyone', 'Crew only']);
  });

  test('a decision names the version shown; an item changed since is not decided, and the queue shows its new version', async () => {
    const newer: Approval = { ...EDIT, version: 4, changes: [{ field: 'name', before: 'Pipeline', after: 'EVIL Pipeline' }] };
    api.answers['POST /api/admin/approvals/r-1'] = {
      status: 409,
      body: { code: 'APPROVAL_STALE', message: 'This item changed since you opened it. Review the new version.', current: newer },
    };
    renderAt('/admin?tab=approvals', <ApprovalsTab />);
    const rows = await screen.findAllByTestId('admin-approval-row');
    api.answers['GET /api/admin/approvals'] = { status: 200, body: [NEW, newer] };
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Approve Pipeline' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('info', 'Changed since you opened it', 'This item changed since you opened it. Review the new version.'),
    );
    expect(api.writes()).toEqual([{ method: 'POST', url: '/api/admin/approvals/r-1', body: { decision: 'approved', version: 3 } }]);
    expect(await screen.findByText('EVIL Pipeline')).toBeTruthy();
  });
});
