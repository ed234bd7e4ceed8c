import { describe, expect, test } from 'vitest';
import type { ModerationList } from '../../../common/admin-moderation.ts';
import { contentTestKit, type User } from '../../test/content-kit.ts';

// The admin's moderation lists of sessions and condition reports (issue 20): every one, newest
// first, paged, with author and place; deleting is for admins (and the item's author) only.

const kit = contentTestKit('place');
const db = () => kit.t.app.db;

async function place(): Promise<{ id: string; name: string }> {
  const name = `Spot ${kit.token()}`;
  const res = await kit.call('POST', '/api/disciplines/surfing/places', kit.admin, { name, location: 'Bay', latitude: 43.5, longitude: -1.5 });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: string }).id, name };
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

async function session(author: User, placeId: string, minutesAgo: number, visibility: 'public' | 'private' = 'public') {
  const row = await db()
    .insertInto('ride_sessions')
    .values({
      author_id: author.id,
      place_id: placeId,
      discipline_id: 'surfing',
      started_at: at(minutesAgo + 60),
      duration_minutes: 60,
      note: `Note ${minutesAgo}`,
      visibility,
      created_at: at(minutesAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function report(author: User, placeId: string, minutesAgo: number) {
  const values = JSON.stringify({ size: 'big', wind: 'none', crowd: 'empty' });
  const row = await db()
    .insertInto('condition_reports')
    .values({
      place_id: placeId,
      author_id: author.id,
      kind: 'water',
      values,
      note: `Report ${minutesAgo}`,
      created_at: at(minutesAgo),
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const list = async (kind: string, page = 1, limit = 2) => {
  const res = await kit.call('GET', `/api/admin/${kind}?page=${page}&limit=${limit}`, kit.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ModerationList;
};

describe('admin moderation lists', () => {
  test('sessions and condition reports, newest first and paged, with author and place; private sessions too', async () => {
    const rider = await kit.user();
    const spot = await place();
    // Newer than anything else of the file: the first page is theirs.
    const sessions = [await session(rider, spot.id, -3, 'private'), await session(rider, spot.id, -2), await session(rider, spot.id, -1)];
    const reports = [await report(rider, spot.id, -3), await report(rider, spot.id, -2), await report(rider, spot.id, -1)];

    const first = await list('sessions');
    expect(first.items.map((i) => i.id)).toEqual([sessions[0], sessions[1]]);
    expect(first.items[0]).toMatchObject({
      author: { id: rider.id, name: rider.name },
      place: { id: spot.id, name: spot.name, disciplineId: 'surfing' },
      note: 'Note -3',
    });
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect((await list('sessions', 2)).items[0]?.id).toBe(sessions[2]);

    const firstReports = await list('condition-reports');
    expect(firstReports.items.map((i) => i.id)).toEqual([reports[0], reports[1]]);
    expect(firstReports.items[0]).toMatchObject({ author: { id: rider.id }, place: { id: spot.id }, note: 'Report -3' });
  });

  test('a condition report is deleted by an admin; another rider is refused with 403 and it stays', async () => {
    const [rider, other] = [await kit.user(), await kit.user()];
    const id = await report(rider, (await place()).id, 5);
    const refused = await kit.call('DELETE', `/api/condition-reports/${id}`, other);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await db().selectFrom('condition_reports').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    expect((await kit.call('DELETE', `/api/condition-reports/${id}`, kit.admin)).statusCode).toBe(204);
    expect(await db().selectFrom('condition_reports').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  test('a session is deleted by an admin through its own endpoint; another rider is refused with 403 and it stays', async () => {
    const [rider, other] = [await kit.user(), await kit.user()];
    const id = await session(rider, (await place()).id, 5);
    const refused = await kit.call('DELETE', `/api/sessions/${id}`, other);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await db().selectFrom('ride_sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    expect((await kit.call('DELETE', `/api/sessions/${id}`, kit.admin)).statusCode).toBe(204);
    expect(await db().selectFrom('ride_sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await list('sessions', 1, 50)).items.map((i) => i.id)).not.toContain(id);
  });
});
