// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { AdminJobs } from '../../../common/admin-jobs.ts';
import { notify } from '../../lib/toast.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { JobsTab } from './jobs-tab.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const DEAD_ID = '0b7f1c9e-2f7a-4c55-9d0e-1f2a3b4c5d6e';
const JOBS: AdminJobs = {
  queues: [
    { queue: 'mail', waiting: 3, active: 1, failed: 2, dead: 1 },
    { queue: 'push', waiting: 0, active: 0, failed: 0, dead: 0 },
  ],
  failures: [{ id: 'f1', queue: 'mail', key: 'mail:x', error: 'connect ECONNREFUSED 127.0.0.1:25', at: '2026-11-28T10:00:00.000Z', attempts: 41 }],
  dead: [{ id: DEAD_ID, queue: 'mail', key: 'mail:x', error: 'connect ECONNREFUSED 127.0.0.1:25', at: '2026-11-28T10:00:00.000Z', attempts: 41 }],
};

const { answers, writes } = stubAdminApi({
  fallback: { status: 404, body: { code: 'NOT_FOUND', message: 'Not Found' } },
  initial: () => ({ 'GET /api/admin/jobs': { status: 200, body: JOBS } }),
});
const lastToast = () => vi.mocked(notify).mock.calls.at(-1);

describe('jobs tab', () => {
  test('each queue with its counts; failures and dead jobs with their error; a dead job retried or discarded, as plain forms too', async () => {
    renderAt('/admin?tab=jobs', <JobsTab />);
    const queues = await screen.findByTestId('admin-jobs-queues');
    for (const header of ['Queue', 'Waiting', 'Running', 'Failed', 'Dead']) expect(within(queues).getByRole('columnheader', { name: header })).toBeTruthy();
    const mail = screen.getByTestId('admin-jobs-queue-mail');
    expect(within(mail).getByRole('rowheader', { name: 'Mail' })).toBeTruthy();
    expect(mail.textContent).toContain('3');
    expect(within(screen.getByTestId('admin-jobs-failures')).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();

    const dead = screen.getByTestId('admin-jobs-dead');
    const retry = within(dead).getByRole('button', { name: /^Retry the Mail job of/ });
    // Without scripts the button posts the action's plain form, with the job's id.
    const form = retry.closest('form')!;
    expect(form.getAttribute('action')).toBe('/actions/admin-job-retry');
    expect((form.querySelector('input[name="id"]') as HTMLInputElement).value).toBe(DEAD_ID);

    answers[`POST /api/admin/jobs/${DEAD_ID}/retry`] = { status: 204, body: null };
    fireEvent.click(retry);
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', url: `/api/admin/jobs/${DEAD_ID}/retry` }]));
    await waitFor(() => expect(lastToast()?.slice(0, 2)).toEqual(['success', 'The job is queued again']));

    fireEvent.click(within(dead).getByRole('button', { name: /^Discard the Mail job of/ }));
    await waitFor(() => expect(lastToast()?.slice(0, 2)).toEqual(['error', 'The job could not be changed']));
  });

  test('empty lists say so', async () => {
    answers['GET /api/admin/jobs'] = { status: 200, body: { ...JOBS, failures: [], dead: [] } };
    renderAt('/admin?tab=jobs', <JobsTab />);
    expect(await screen.findByTestId('admin-jobs-dead-empty')).toBeTruthy();
    expect(screen.getByTestId('admin-jobs-failures-empty').textContent).toContain('No failed runs.');
  });
});
