import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { signUpVerified } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { CLEANUP_QUEUE, CLEANUP_STEPS, runCleanup, SHARE_CARDS_KEPT_DAYS } from './cleanup.ts';
import { localUploadsDir, LOCAL_UPLOADS_PATH } from './storage.ts';

// Issue 39: what the database keeps past its use goes on a schedule (the `cleanup` job); what is
// still in use stays.

// Its jobs are run here (drain), not by the app's workers, which would take them first.
const t = useTestApp({ jobs: { workers: false, schedules: false, pollSeconds: 2 } });
const DAY = 86_400_000;

test('expired sessions and their push devices, old rate-limit rows and old sent keys go; current ones stay', async () => {
  const [kept, ended] = [await signUpVerified(t, { name: 'Kept Rider' }), await signUpVerified(t, { name: 'Ended Rider' })];
  const sessionOf = async (userId: string) => (await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
  const endedSession = await sessionOf(ended.id);
  await t.app.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', endedSession)
    .execute();
  const device = (userId: string, sessionId: string, n: number) => ({
    user_id: userId,
    session_id: sessionId,
    endpoint: `https://fcm.googleapis.com/cleanup-${n}-${Date.now()}`,
    p256dh: 'p',
    auth: 'a',
  });
  await t.app.db
    .insertInto('push_subscriptions')
    .values([device(kept.id, await sessionOf(kept.id), 1), device(ended.id, endedSession, 2)])
    .execute();
  await t.app.db
    .insertInto('rate_limits')
    .values([
      { key: 'cleanup:old', window_start: new Date(Date.now() - 3 * DAY), count: 3 },
      { key: 'cleanup:current', window_start: new Date(), count: 1 },
    ])
    .execute();
  await t.app.db
    .insertInto('sent_jobs')
    .values([
      { key: 'cleanup:old-key', claimed_at: new Date(Date.now() - 50 * DAY), sent_at: new Date(Date.now() - 50 * DAY) },
      { key: 'cleanup:new-key', sent_at: new Date() },
    ])
    .execute();

  // Through the queue, as the schedule runs it.
  await t.app.jobs.send(CLEANUP_QUEUE, {});
  const [removed] = await t.app.jobs.drain<Record<string, number>>(CLEANUP_QUEUE);
  expect(removed).toMatchObject({ expiredSessions: 1, rateLimitRows: 1, sentJobKeys: 1 });

  const sessions = await t.app.db.selectFrom('sessions').select('user_id').where('user_id', 'in', [kept.id, ended.id]).execute();
  expect(sessions.map((s) => s.user_id)).toEqual([kept.id]);
  const devices = await t.app.db.selectFrom('push_subscriptions').select('user_id').where('user_id', 'in', [kept.id, ended.id]).execute();
  expect(devices.map((d) => d.user_id)).toEqual([kept.id]);
  const limits = await t.app.db.selectFrom('rate_limits').select('key').where('key', 'like', 'cleanup:%').execute();
  expect(limits.map((r) => r.key)).toEqual(['cleanup:current']);
  const keys = await t.app.db.selectFrom('sent_jobs').select('key').where('key', 'like', 'cleanup:%').execute();
  expect(keys.map((r) => r.key)).toEqual(['cleanup:new-key']);
  // A second run finds nothing more.
  expect(await runCleanup(t.app)).toEqual({
    expiredSessions: 0,
    endedSessionDevices: 0,
    rateLimitRows: 0,
    sentJobKeys: 0,
    unreferencedFiles: 0,
    oldShareCards: 0,
  });
});

test('a stored file no row names goes once it is a day old; one a row names, or a younger one, stays', async () => {
  const store = () => t.app.storage.put('avatars', { data: Buffer.from('not really a picture'), contentType: 'image/webp', extension: 'webp' });
  const age = async (url: string, days: number) => {
    const when = new Date(Date.now() - days * DAY);
    await utimes(path.join(localUploadsDir(t.config), url.slice(LOCAL_UPLOADS_PATH.length + 1)), when, when);
  };
  const exists = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode === 200;
  const rider = await signUpVerified(t, { name: 'File Rider' });
  const [orphan, named, inJson, young] = [await store(), await store(), await store(), await store()];
  for (const url of [orphan, named, inJson]) await age(url, 2);
  await t.app.db.updateTable('profiles').set({ avatar_url: named }).where('id', '=', rider.id).execute();
  // Named only inside a JSON value of another table (as a pending revision names its files).
  await t.app.db
    .insertInto('rate_limits')
    .values({ key: `cleanup:${JSON.stringify({ logoUrl: inJson })}`, window_start: new Date(), count: 1 })
    .execute();

  expect(await CLEANUP_STEPS.unreferencedFiles!(t.app)).toBe(1);
  expect(await exists(orphan)).toBe(false);
  for (const url of [named, inJson, young]) expect(await exists(url), url).toBe(true);
});

// Stored share cards are a cache: one drawn long ago goes (the next request draws it again), a recent
// one stays, and the rule for files no row names (which no row ever does for a card) never takes one.
test('a share card drawn within SHARE_CARDS_KEPT_DAYS stays; an older one goes', async () => {
  const key = (n: number) => `share-cards/${String(n).repeat(64).slice(0, 64)}.png`;
  const [fresh, old] = [key(1), key(2)];
  for (const k of [fresh, old]) await t.app.storage.cached.put(k, Buffer.from('a card'), 'image/png');
  const age = async (k: string, days: number) => {
    const when = new Date(Date.now() - days * DAY);
    await utimes(path.join(localUploadsDir(t.config), k), when, when);
  };
  // Both past the day the rule for unnamed files waits: only the age of a card counts.
  await age(fresh, 2);
  await age(old, SHARE_CARDS_KEPT_DAYS + 1);
  const removed = await runCleanup(t.app);
  expect(removed).toMatchObject({ oldShareCards: 1 });
  expect(await t.app.storage.cached.get(fresh)).toEqual(Buffer.from('a card'));
  expect(await t.app.storage.cached.get(old)).toBeUndefined();
});

test('a step that fails does not stop the others; the run fails so that the job is tried again', async () => {
  const ran: string[] = [];
  await expect(
    runCleanup(t.app, {
      broken: async () => {
        await sql`select * from no_such_table`.execute(t.app.db);
        return 0;
      },
      after: async () => {
        ran.push('after');
        return 0;
      },
    }),
  ).rejects.toThrow(/no_such_table/);
  expect(ran).toEqual(['after']);
});
