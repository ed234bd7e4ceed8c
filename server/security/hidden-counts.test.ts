import { describe, expect, test } from 'vitest';
import { contentTestKit } from '../test/content-kit.ts';

/**
 * Counts that leak hidden things (issue 37, hole 6): a figure on a profile counts only what its
 * reader may be shown. Secret spots' reports and sessions are walked in secret-spots.test.ts; here,
 * people nobody may see (banned, unconfirmed) are left out of a profile's follow figures as they are
 * out of its lists.
 */
const kit = contentTestKit('place');
const { call, user } = kit;
const db = () => kit.t.app.db;

describe('a profile counts only the people its lists show', () => {
  test('a banned or unconfirmed follower, or one followed, is in neither the list nor the figure', async () => {
    const [rider, fan, banned, unconfirmed, reader] = [await user(), await user(), await user(), await user(), await user()];
    for (const who of [fan, banned, unconfirmed]) {
      expect((await call('PUT', `/api/profiles/${rider.id}/follow`, who)).statusCode).toBe(200);
      expect((await call('PUT', `/api/profiles/${who.id}/follow`, rider)).statusCode).toBe(200);
    }
    await db().updateTable('profiles').set({ banned: true }).where('id', '=', banned.id).execute();
    await db().updateTable('profiles').set({ email_verified: false }).where('id', '=', unconfirmed.id).execute();

    for (const viewer of [null, reader]) {
      const profile = (await call('GET', `/api/profiles/${rider.id}`, viewer)).json() as { followers: number; following: number };
      for (const direction of ['followers', 'following'] as const) {
        const list = (await call('GET', `/api/profiles/${rider.id}/${direction}`, viewer)).json() as { id: string }[];
        expect(list.map((p) => p.id)).toEqual([fan.id]);
        expect(profile[direction], direction).toBe(list.length);
      }
    }
    // Nor does the activity tell of following them.
    const activity = (await call('GET', `/api/profiles/${rider.id}/activity`, null)).json() as { type: string; target: { id: string } }[];
    expect(activity.filter((a) => a.type === 'followed_user').map((a) => a.target.id)).toEqual([fan.id]);
    // The figure a follow answers with is the same one.
    const followed = (await call('PUT', `/api/profiles/${rider.id}/follow`, reader)).json() as { followers: number };
    expect(followed.followers).toBe(2);
  });
});
