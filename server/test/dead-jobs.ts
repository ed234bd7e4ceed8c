import type { FastifyInstance } from 'fastify';

/**
 * A job of the `push` queue that failed its only run and now waits in `push.dead` (the admin Jobs tab
 * lists it): the queue whose worker tests do not run (pushes are sent when a test calls the sender),
 * so nothing takes the job before it fails here. Returns the dead job's id.
 */
export async function deadJob(app: FastifyInstance, error = 'push service answered 503'): Promise<string> {
  const { boss } = app.jobs;
  // What an earlier test left waiting there (a dead job it retried) is run first, as nothing.
  await app.jobs.drain('push', async () => 0);
  const key = `push:dead-${Date.now()}-${Math.random()}`;
  const id = await boss.send('push', { notificationId: 0, key }, { retryLimit: 0 });
  const [job] = await boss.fetch('push', { batchSize: 1 });
  if (!job || job.id !== id) throw new Error('the push queue held another job');
  await boss.fail('push', job.id, { message: error });
  const dead = await app.jobs.dead(100);
  const found = dead.find((d) => d.key === key);
  if (!found) throw new Error('no dead job');
  return found.id;
}
