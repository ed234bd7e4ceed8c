import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminOverview } from '../../../common/admin.ts';
import type { Approval } from '../../../common/approvals.ts';
import { contentTestKit, expectError, type User } from '../../test/content-kit.ts';

const kit = contentTestKit('place');
const { call, token, user } = kit;
let rider: User;
beforeAll(async () => {
  rider = await user('Rita Rider');
});

async function overview(): Promise<AdminOverview> {
  const res = await call('GET', '/api/admin/overview', kit.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOverview;
}

async function pendingList(): Promise<Approval[]> {
  const res = await call('GET', '/api/admin/approvals', kit.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Approval[];
}

async function addPlace(who: User, discipline = 'surfing'): Promise<{ id: string; name: string }> {
  const res = await call('POST', `/api/disciplines/${discipline}/places`, who, {
    name: `Spot ${token()}`,
    location: 'Hossegor, France',
    latitude: 43.66,
    longitude: -1.44,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

const db = () => kit.t.app.db;

describe('admin overview', () => {
  test('only admins read it: anonymous 401, user 403, admin 200', async () => {
    expectError(await call('GET', '/api/admin/overview', null), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/api/admin/overview', rider), 403, 'FORBIDDEN');
    const counts = await overview();
    for (const key of ['users', 'teams', 'articles', 'events', 'places', 'reviews', 'tricks', 'shops', 'pendingApprovals', 'unreadMessages'] as const) {
      expect(Number.isInteger(counts[key]), key).toBe(true);
    }
    // The admin and the rider at least.
    expect(counts.users).toBeGreaterThanOrEqual(2);
  });

  test('counts every row of each table, whatever its status, and follows additions', async () => {
    const before = await overview();
    await user('Newcomer');
    await addPlace(rider); // pending, queued for approval
    const author = rider.id;
    const d = 'surfing';
    await db()
      .insertInto('teams')
      .values({ name: `Crew ${token()}`, leader_id: author, status: 'rejected' })
      .execute();
    await db().insertInto('articles').values({ title: 'A', discipline_id: d, content: 'Text', author_id: author }).execute();
    await db()
      .insertInto('events')
      .values({
        name: 'E',
        discipline_id: d,
        description: 'D',
        location: 'L',
        start_date: '2030-01-01T10:00:00Z',
        end_date: '2030-01-02T10:00:00Z',
        author_id: author,
        status: 'approved',
      })
      .execute();
    await db().insertInto('reviews').values({ product_name: 'Board', discipline_id: d, content: 'Good', rating: 4, author_id: author }).execute();
    await db()
      .insertInto('tricks')
      .values({ name: 'Cutback', discipline_id: d, description: 'Turn', difficulty: 3, author_id: author, status: 'approved' })
      .execute();
    await db()
      .insertInto('tricks')
      .values({ name: 'Aerial', discipline_id: d, description: 'Fly', difficulty: 8, author_id: author, status: 'rejected' })
      .execute();
    await db().insertInto('shops').values({ name: 'Surf Shack', discipline_id: d, description: 'Boards', location: 'Biarritz', author_id: author }).execute();
    await db()
      .insertInto('contact_messages')
      .values([
        { name: 'Una', email: 'una@example.com', subject: 'Hi', message: 'Unread one' },
        { name: 'Rae', email: 'rae@example.com', subject: 'Hi', message: 'Already read', read_at: new Date() },
      ])
      .execute();

    expect(await overview()).toEqual({
      users: before.users + 1,
      teams: before.teams + 1,
      articles: before.articles + 1,
      events: before.events + 1,
      places: before.places + 1,
      reviews: before.reviews + 1,
      tricks: before.tricks + 2,
      shops: before.shops + 1,
      pendingApprovals: before.pendingApprovals + 1,
      unreadMessages: before.unreadMessages + 1,
    });
  });

  test('a decided approval leaves the pending count', async () => {
    const place = await addPlace(rider);
    const before = await overview();
    const approval = (await pendingList()).find((a) => a.itemId === place.id)!;
    expect((await call('POST', `/api/admin/approvals/${approval.id}`, kit.admin, { decision: 'rejected', version: approval.version })).statusCode).toBe(200);
    const after = await overview();
    expect(after.pendingApprovals).toBe(before.pendingApprovals - 1);
    // The rejected place still exists and still counts.
    expect(after.places).toBe(before.places);
  });
});

describe('admin approvals API', () => {
  test('listing: anonymous 401, user 403, admin 200 with the content item discipline', async () => {
    const place = await addPlace(rider, 'skateboarding');
    expectError(await call('GET', '/api/admin/approvals', null), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/api/admin/approvals', rider), 403, 'FORBIDDEN');
    const item = (await pendingList()).find((a) => a.itemId === place.id);
    expect(item).toMatchObject({
      itemType: 'place',
      itemName: place.name,
      status: 'pending',
      submittedBy: { id: rider.id, name: 'Rita Rider' },
      disciplineId: 'skateboarding',
    });
  });

  test('a team in the queue has no discipline; every pending item is listed once, decided ones never', async () => {
    const team = await db().insertInto('teams').values({ name: 'Queue Crew', leader_id: rider.id }).returning('id').executeTakeFirstOrThrow();
    await db()
      .insertInto('pending_approvals')
      .values({ item_type: 'team', item_id: team.id, item_data: JSON.stringify({ name: 'Queue Crew' }), submitted_by: rider.id })
      .execute();
    const list = await pendingList();
    expect(list.find((a) => a.itemId === team.id)).toMatchObject({ itemType: 'team', itemName: 'Queue Crew', disciplineId: null });
    expect(list.every((a) => a.status === 'pending')).toBe(true);
    expect(new Set(list.map((a) => a.id)).size).toBe(list.length);
    const pending = await db().selectFrom('pending_approvals').select('id').where('status', '=', 'pending').execute();
    expect(list.length).toBe(pending.length);
  });

  test('deciding: anonymous 401 and user 403 leave the row unchanged; admin 200 approves', async () => {
    const place = await addPlace(rider);
    const approval = (await pendingList()).find((a) => a.itemId === place.id)!;
    const url = `/api/admin/approvals/${approval.id}`;
    const state = async () => ({
      approval: await db()
        .selectFrom('pending_approvals')
        .select(['status', 'decided_by', 'decided_at'])
        .where('id', '=', approval.id)
        .executeTakeFirstOrThrow(),
      place: (await db().selectFrom('places').select('status').where('id', '=', place.id).executeTakeFirstOrThrow()).status,
    });
    const untouched = { approval: { status: 'pending', decided_by: null, decided_at: null }, place: 'pending' };

    expectError(await call('POST', url, null, { decision: 'approved', version: approval.version }), 401, 'UNAUTHORIZED');
    expect(await state()).toEqual(untouched);
    expectError(await call('POST', url, rider, { decision: 'approved', version: approval.version }), 403, 'FORBIDDEN');
    expect(await state()).toEqual(untouched);

    const res = await call('POST', url, kit.admin, { decision: 'approved', version: approval.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state()).toMatchObject({ approval: { status: 'approved', decided_by: kit.admin.id }, place: 'approved' });
    expect((await pendingList()).some((a) => a.id === approval.id)).toBe(false);
    // Deciding again is refused: it was changed once.
    expectError(await call('POST', url, kit.admin, { decision: 'rejected', version: approval.version }), 409, 'CONFLICT');
    expect((await state()).place).toBe('approved');
  });
});
