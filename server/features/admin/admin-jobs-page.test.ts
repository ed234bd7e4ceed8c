import { expect, test } from 'vitest';
import { testWebBuild } from '../../../scripts/test-web-build.ts';
import { deadJob } from '../../test/dead-jobs.ts';
import { RELAXED_LIMITS, signUpVerified } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

// The Jobs tab as the server renders it: readable, and its dead jobs retried or discarded, without scripts.

const t = useTestApp(async () => ({ ...RELAXED_LIMITS, webDist: await testWebBuild() }), { timeout: 240_000 });

test('an admin gets the Jobs tab rendered, each dead job with its plain Retry and Discard forms; anyone else not', async () => {
  const rider = await signUpVerified(t, { name: 'Jobs Rider' });
  const admin = await signUpVerified(t, { name: 'Jobs Admin' });
  await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
  const id = await deadJob(t.app, 'push service answered 502');

  const page = await t.app.inject({ method: 'GET', url: '/admin?tab=jobs', headers: { cookie: admin.cookie } });
  expect(page.statusCode).toBe(200);
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="ssr-state">/.exec(page.body)?.[1] ?? '';
  expect(root).toContain('data-testid="admin-jobs-queues"');
  expect(root).toContain('Push notifications');
  expect(root).toContain('push service answered 502');
  for (const action of ['admin-job-retry', 'admin-job-discard']) expect(root).toContain(`action="/actions/${action}"`);
  expect(root).toContain(`value="${id}"`);

  const refused = await t.app.inject({ method: 'GET', url: '/admin?tab=jobs', headers: { cookie: rider.cookie } });
  expect(refused.body).not.toContain('push service answered 502');
});
