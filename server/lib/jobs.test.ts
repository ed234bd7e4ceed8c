import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createJobs, type Jobs, type QueueSpec } from './jobs.ts';
import { mailQueue, messageIdOf, type Mail } from './mailer.ts';

// The queue's own guarantees, on the database of DATABASE_URL or the embedded one (issue 39).

let t: TestApp;
const extra: Jobs[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const jobs of extra) await jobs.stop();
  await t.close();
});

/** A queue instance of its own on the test app's database, as another process would have. */
async function jobsWith(queues: Record<string, QueueSpec<object>>, workers = true): Promise<Jobs> {
  const jobs = createJobs({ database: t.database, databaseUrl: t.config.databaseUrl, log: t.app.log, workers, pollSeconds: 0.5 });
  for (const [name, spec] of Object.entries(queues)) jobs.define(name, spec);
  await jobs.start();
  extra.push(jobs);
  return jobs;
}

const quick = { retryLimit: 0, retryDelaySeconds: 1, retryDelayMaxSeconds: 1, expireInSeconds: 30 };

async function until(check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('transactions', () => {
  test('a job sent in a transaction that rolls back never runs; one that commits does', async () => {
    const ran: string[] = [];
    const jobs = await jobsWith({ 'test-tx': { ...quick, work: async ({ key }) => void ran.push(key) } }, false);
    await expect(
      t.app.db.transaction().execute(async (tx) => {
        await jobs.send('test-tx', {}, { db: tx, key: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.db.transaction().execute(async (tx) => {
      await jobs.send('test-tx', {}, { db: tx, key: 'committed' });
    });
    await jobs.drain('test-tx');
    expect(ran).toEqual(['committed']);
  });
});

describe('several processes', () => {
  test('each job runs once though two workers take from the queue', async () => {
    const runs = new Map<string, number>();
    const by = { a: 0, b: 0 };
    const spec = (who: 'a' | 'b'): QueueSpec<object> => ({
      ...quick,
      concurrency: 3,
      work: async ({ key }) => {
        runs.set(key, (runs.get(key) ?? 0) + 1);
        by[who] += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const a = await jobsWith({ 'test-once': spec('a') });
    await jobsWith({ 'test-once': spec('b') });
    for (let i = 0; i < 40; i++) await a.send('test-once', {}, { key: `job-${i}` });
    await until(() => runs.size === 40);
    // A little longer: a second run of any job would show now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(by.a + by.b).toBe(40);
  });
});

describe('failures', () => {
  test('a failing job is retried with growing delays, then kept dead with its error; an admin retries or discards it', async () => {
    const attempts: number[] = [];
    let healed = false;
    const jobs = await jobsWith({
      'test-fail': {
        retryLimit: 2,
        retryDelaySeconds: 1,
        retryDelayMaxSeconds: 8,
        expireInSeconds: 30,
        work: async ({ key }) => {
          if (key !== 'fails') return;
          attempts.push(Date.now());
          if (!healed) throw new Error(`boom ${attempts.length}`);
        },
      },
    });
    await jobs.send('test-fail', { note: 'x' }, { key: 'fails' });
    await until(async () => (await jobs.counts()).find((c) => c.queue === 'test-fail')!.dead === 1);
    expect(attempts).toHaveLength(3);
    // Backoff: retryDelay × 2^n with jitter (0.5–1 of it): ≥ 0.5 s, then ≥ 1 s.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(450);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(950);
    const [dead] = (await jobs.dead(10)).filter((d) => d.queue === 'test-fail');
    expect(dead).toMatchObject({ queue: 'test-fail', key: 'fails', error: 'boom 3', attempts: 3 });
    expect((await jobs.failures(10)).find((f) => f.key === 'fails')).toMatchObject({ queue: 'test-fail', error: 'boom 3' });

    healed = true;
    expect(await jobs.retryDead(dead!.id)).toBe(true);
    expect(await jobs.retryDead(dead!.id)).toBe(false);
    await until(() => attempts.length === 4);
    await until(async () => (await jobs.counts()).find((c) => c.queue === 'test-fail')!.dead === 0);

    healed = false;
    await jobs.send('test-fail', {}, { key: 'fails' });
    await until(async () => (await jobs.counts()).find((c) => c.queue === 'test-fail')!.dead === 1);
    const [again] = (await jobs.dead(10)).filter((d) => d.queue === 'test-fail');
    expect(await jobs.discardDead(again!.id)).toBe(true);
    expect(await jobs.discardDead(again!.id)).toBe(false);
    expect((await jobs.counts()).find((c) => c.queue === 'test-fail')!.dead).toBe(0);
    // Only dead jobs: a job id of another state, or no id at all, is none.
    expect(await jobs.retryDead('00000000-0000-0000-0000-000000000000')).toBe(false);
  }, 30_000);
});

describe('mail', () => {
  test('a mail is sent once per key, with a Message-ID of its key, though its job runs again', async () => {
    const sent: { mail: Mail; messageId: string }[] = [];
    const spec = mailQueue({
      db: t.app.db,
      transport: { deliver: async (mail, messageId) => void sent.push({ mail, messageId }) },
      publicUrl: 'https://stoked.example',
    });
    const jobs = await jobsWith({ 'test-mail': spec as QueueSpec<object> }, false);
    const mail = { to: 'a@example.com', subject: 'Hi', text: 'Hello' };
    // The same key twice (a job run again after a crash, a dead one retried): one mail.
    await jobs.send('test-mail', { mail }, { key: 'mail:test-once-1' });
    await jobs.send('test-mail', { mail }, { key: 'mail:test-once-1' });
    await jobs.send('test-mail', { mail }, { key: 'mail:test-once-2' });
    await jobs.drain('test-mail');
    expect(sent.map((s) => s.messageId).sort()).toEqual(
      [messageIdOf('mail:test-once-1', 'https://stoked.example'), messageIdOf('mail:test-once-2', 'https://stoked.example')].sort(),
    );
    expect(sent[0]!.messageId).toMatch(/^<[0-9a-f]{32}@stoked\.example>$/);
    expect(sent[0]!.messageId).not.toBe(sent[1]!.messageId);
  });
});
