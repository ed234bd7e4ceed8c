import { describe, expect, test } from 'vitest';
import type { AdminJobs } from '../../../common/admin-jobs.ts';
import { contentTestKit } from '../../test/content-kit.ts';
import { deadJob } from '../../test/dead-jobs.ts';

// The admin panel's Jobs tab (issue 39): counts per queue, the last failures, dead jobs retried or
// discarded, as JSON and as plain forms. Who may call it: admin-authorization.test.ts.

const kit = contentTestKit('place');
const { call } = kit;
const jobs = async () => {
  const res = await call('GET', '/api/admin/jobs', kit.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminJobs;
};
const form = (action: string, id: string, cookie?: string) =>
  kit.t.app.inject({
    method: 'POST',
    url: `/actions/${action}`,
    headers: { origin: kit.t.config.publicUrl, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ id, back: '/admin?tab=jobs' }).toString(),
  });
const flashOf = (res: { headers: Record<string, unknown> }) =>
  JSON.parse(decodeURIComponent(/stoked-flash=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '{}')) as { kind?: string; title?: string };

describe('the Jobs tab', () => {
  test('every queue with its counts; a dead job listed with the error of its last run', async () => {
    const before = await jobs();
    expect(before.queues.map((q) => q.queue).sort()).toEqual(['cleanup', 'digest', 'mail', 'push', 'share-card']);
    const id = await deadJob(kit.t.app, 'push service answered 503');
    const after = await jobs();
    const push = (list: AdminJobs) => list.queues.find((q) => q.queue === 'push')!;
    expect(push(after).dead).toBe(push(before).dead + 1);
    expect(push(after).failed).toBe(push(before).failed + 1);
    expect(after.dead.find((d) => d.id === id)).toMatchObject({ queue: 'push', error: 'push service answered 503', attempts: 1 });
    expect(after.failures.find((f) => f.queue === 'push' && f.error === 'push service answered 503')).toBeDefined();
  });

  test('a dead job retried goes back to its queue; discarded, it is gone; either only once', async () => {
    const retried = await deadJob(kit.t.app);
    expect((await call('POST', `/api/admin/jobs/${retried}/retry`, kit.admin)).statusCode).toBe(204);
    expect((await jobs()).dead.map((d) => d.id)).not.toContain(retried);
    expect((await jobs()).queues.find((q) => q.queue === 'push')!.waiting).toBeGreaterThanOrEqual(1);
    const again = await call('POST', `/api/admin/jobs/${retried}/retry`, kit.admin);
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    // What it retried runs as a push job would (a notification that is gone is nothing to push).
    await kit.t.app.jobs.drain('push');

    const discarded = await deadJob(kit.t.app);
    expect((await call('DELETE', `/api/admin/jobs/${discarded}`, kit.admin)).statusCode).toBe(204);
    expect((await jobs()).dead.map((d) => d.id)).not.toContain(discarded);
    expect((await call('DELETE', `/api/admin/jobs/${discarded}`, kit.admin)).statusCode).toBe(404);
  });

  test('an id that is no job id is refused as such', async () => {
    const res = await call('POST', '/api/admin/jobs/not-a-job/retry', kit.admin);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });

  test('plain forms: an admin retries and discards, back to the tab with a message; anyone else changes nothing', async () => {
    const rider = await kit.user('Plain Rider');
    const id = await deadJob(kit.t.app);
    for (const who of [undefined, rider.cookie]) {
      for (const action of ['admin-job-retry', 'admin-job-discard']) {
        const res = await form(action, id, who);
        expect(res.statusCode).toBe(303);
        expect(flashOf(res).kind).toBe('error');
      }
    }
    expect((await jobs()).dead.map((d) => d.id)).toContain(id);

    const retried = await form('admin-job-retry', id, kit.admin.cookie);
    expect(retried.statusCode).toBe(303);
    expect(retried.headers.location).toBe('/admin?tab=jobs');
    expect(flashOf(retried)).toMatchObject({ kind: 'success', title: 'admin.jobs.retried' });
    await kit.t.app.jobs.drain('push');

    const other = await deadJob(kit.t.app);
    const discarded = await form('admin-job-discard', other, kit.admin.cookie);
    expect(flashOf(discarded)).toMatchObject({ kind: 'success', title: 'admin.jobs.discarded' });
    const gone = await form('admin-job-discard', other, kit.admin.cookie);
    expect(flashOf(gone)).toMatchObject({ kind: 'error', title: 'admin.jobs.actionFailed' });
    expect((await jobs()).dead.map((d) => d.id)).not.toContain(other);
  });
});
