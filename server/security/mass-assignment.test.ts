import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { contentTestKit, MISSING_ID, type User } from '../test/content-kit.ts';
import { CONTENT, DISCIPLINE, insertContent, insertTeam } from './catalogue.ts';

/**
 * Fields a client must never set — role, ids, author, status, e-mail, leader, verification — are
 * refused (400) or ignored on every write that takes a body; the stored rows show they had no effect.
 */
const kit = contentTestKit('place');
const { call, token } = kit;
const db = () => kit.t.app.db;
let victim: User;
beforeAll(async () => {
  victim = await kit.user('Victim Rider');
});

/** Everything an attacker would like to set, in both spellings. */
const extras = () => ({
  id: MISSING_ID,
  role: 'admin',
  status: 'approved',
  authorId: victim.id,
  author_id: victim.id,
  userId: victim.id,
  leaderId: victim.id,
  leader_id: victim.id,
  email: 'attacker@evil.example',
  emailVerified: true,
  email_verified: true,
  banned: false,
  createdAt: '2000-01-01T00:00:00.000Z',
  disciplineId: 'skateboarding',
  discipline_id: 'skateboarding',
});

/** A 400 refusal or a success; returns whether it succeeded. */
function refusedOrDone(res: LightMyRequestResponse, success: number): boolean {
  expect([400, success], res.body).toContain(res.statusCode);
  if (res.statusCode === 400) expect(res.json()).toMatchObject({ code: expect.any(String) });
  return res.statusCode === success;
}

describe('profile', () => {
  test('PATCH /api/profile cannot change role, id, e-mail or verification', async () => {
    const rider = await kit.user();
    await db().updateTable('profiles').set({ email_verified: false }).where('id', '=', rider.id).execute();
    const before = await db().selectFrom('profiles').selectAll().where('id', '=', rider.id).executeTakeFirstOrThrow();
    const res = await call('PATCH', '/api/profile', rider, { name: 'Still A User', ...extras() });
    const after = await db().selectFrom('profiles').selectAll().where('id', '=', rider.id).executeTakeFirstOrThrow();
    if (refusedOrDone(res, 200)) expect(after.name).toBe('Still A User');
    expect({ role: after.role, email: after.email, verified: after.email_verified, banned: after.banned }).toEqual({
      role: 'user',
      email: rider.email,
      verified: false,
      banned: before.banned,
    });
    expect(await db().selectFrom('profiles').select('id').where('id', '=', MISSING_ID).executeTakeFirst()).toBeUndefined();
    const me = await call('GET', '/api/me', rider);
    expect(me.json()).toMatchObject({ user: { id: rider.id, role: 'user' } });
  });

  test('PUT /api/profile/achievements ignores the rest', async () => {
    const rider = await kit.user();
    const res = await call('PUT', '/api/profile/achievements', rider, { achievements: ['Won a heat'], ...extras() });
    refusedOrDone(res, 200);
    const row = await db().selectFrom('profiles').select(['role', 'email']).where('id', '=', rider.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'user', email: rider.email });
  });
});

describe('teams', () => {
  test('POST /api/teams: the caller leads it, it waits for approval, its id is the server’s', async () => {
    const rider = await kit.user();
    const name = `Crew ${token()}`;
    const res = await call('POST', '/api/teams', rider, { name, disciplineIds: [DISCIPLINE], ...extras() });
    const teams = await db().selectFrom('teams').selectAll().where('name', '=', name).execute();
    if (!refusedOrDone(res, 201)) return expect(teams).toEqual([]);
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ leader_id: rider.id, status: 'pending' });
    expect(teams[0]!.id).not.toBe(MISSING_ID);
    const members = await db().selectFrom('team_members').select(['user_id', 'role']).where('team_id', '=', teams[0]!.id).execute();
    expect(members).toEqual([{ user_id: rider.id, role: 'leader' }]);
  });

  test('PATCH /api/teams/{id} by its leader cannot hand it over, approve it or change its id', async () => {
    const leader = await kit.user();
    const teamId = await insertTeam(db(), leader);
    await db().updateTable('teams').set({ status: 'pending' }).where('id', '=', teamId).execute();
    const res = await call('PATCH', `/api/teams/${teamId}`, leader, { name: `Renamed ${token()}`, ...extras() });
    refusedOrDone(res, 200);
    const team = await db().selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirstOrThrow();
    expect({ leader: team.leader_id, status: team.status }).toEqual({ leader: leader.id, status: 'pending' });
    const members = await db().selectFrom('team_members').select(['user_id', 'role']).where('team_id', '=', teamId).execute();
    expect(members).toEqual([{ user_id: leader.id, role: 'leader' }]);
    expect(await db().selectFrom('teams').select('id').where('id', '=', MISSING_ID).executeTakeFirst()).toBeUndefined();
  });
});

describe.each(CONTENT)('$section', (spec) => {
  test(`POST: a user's contribution stays pending, by the caller, in the URL's discipline`, async () => {
    const rider = await kit.user();
    const name = `Item ${token()}`;
    // A shop has a public contact e-mail of its own: only that one field may pass.
    const { email: _email, ...rest } = extras();
    const body = { ...spec.input(name), ...(spec.type === 'shop' ? rest : extras()) };
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/${spec.section}`, rider, body);
    const rows = await db()
      .selectFrom(spec.section)
      .select(['id', 'author_id', 'status', 'discipline_id'])
      .where(spec.nameColumn as 'name', '=', name)
      .execute();
    if (!refusedOrDone(res, 201)) return expect(rows).toEqual([]);
    expect(rows).toEqual([{ id: expect.any(String), author_id: rider.id, status: 'pending', discipline_id: DISCIPLINE }]);
    expect(rows[0]!.id).not.toBe(MISSING_ID);
    expect(res.json()).toMatchObject({ id: rows[0]!.id, status: 'pending' });
    const approval = await db().selectFrom('pending_approvals').select(['submitted_by', 'status']).where('item_id', '=', rows[0]!.id).executeTakeFirst();
    expect(approval).toEqual({ submitted_by: rider.id, status: 'pending' });
  });

  test('PATCH by its author: status, author, id and discipline stay', async () => {
    const author = await kit.user();
    const id = await insertContent(db(), spec, author, `Item ${token()}`, 'pending');
    const res = await call('PATCH', `/api/${spec.section}/${id}`, author, { [spec.nameField]: `Renamed ${token()}`, ...extras() });
    refusedOrDone(res, 200);
    const row = await db().selectFrom(spec.section).select(['author_id', 'status', 'discipline_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ author_id: author.id, status: 'pending', discipline_id: DISCIPLINE });
    expect(await db().selectFrom(spec.section).select('id').where('id', '=', MISSING_ID).executeTakeFirst()).toBeUndefined();
  });
});

describe('comments', () => {
  test('POST /api/content/{type}/{id}/comments: the caller is the author, on the item of the URL', async () => {
    const rider = await kit.user();
    const placeId = await insertContent(db(), CONTENT[0]!, kit.admin, `Spot ${token()}`);
    const otherId = await insertContent(db(), CONTENT[0]!, kit.admin, `Spot ${token()}`);
    const body = `Comment ${token()}`;
    const res = await call('POST', `/api/content/place/${placeId}/comments`, rider, {
      body,
      ...extras(),
      itemId: otherId,
      item_id: otherId,
      itemType: 'article',
    });
    const rows = await db().selectFrom('comments').select(['id', 'author_id', 'item_id', 'item_type']).where('body', '=', body).execute();
    if (!refusedOrDone(res, 201)) return expect(rows).toEqual([]);
    expect(rows).toEqual([{ id: expect.any(String), author_id: rider.id, item_id: placeId, item_type: 'place' }]);
    expect(rows[0]!.id).not.toBe(MISSING_ID);
  });
});

describe('sessions', () => {
  test('POST /api/sessions: the caller is the author, the place decides the discipline, now is now', async () => {
    const rider = await kit.user();
    const placeId = await insertContent(db(), CONTENT[0]!, kit.admin, `Spot ${token()}`);
    const note = `Session ${token()}`;
    const res = await call('POST', '/api/sessions', rider, {
      placeId,
      when: 'now',
      note,
      ...extras(),
      startedAt: '2000-01-01T00:00:00.000Z',
      companions: [victim.id],
    });
    const rows = await db().selectFrom('ride_sessions').select(['id', 'author_id', 'discipline_id', 'started_at']).where('note', '=', note).execute();
    if (!refusedOrDone(res, 201)) return expect(rows).toEqual([]);
    expect(rows).toEqual([{ id: expect.any(String), author_id: rider.id, discipline_id: DISCIPLINE, started_at: expect.any(Date) }]);
    expect(Math.abs(rows[0]!.started_at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  test("POST /api/sessions/{id}/companion: the tag answered is the caller's own", async () => {
    const [author, tagged] = [await kit.user(), await kit.user()];
    const placeId = await insertContent(db(), CONTENT[0]!, kit.admin, `Spot ${token()}`);
    const session = await db()
      .insertInto('ride_sessions')
      .values({ author_id: author.id, place_id: placeId, discipline_id: DISCIPLINE, started_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('ride_session_companions')
      .values([
        { session_id: session.id, user_id: victim.id },
        { session_id: session.id, user_id: tagged.id },
      ])
      .execute();
    const res = await call('POST', `/api/sessions/${session.id}/companion`, tagged, { accept: true, ...extras(), status: 'accepted' });
    refusedOrDone(res, 200);
    const victimTag = await db()
      .selectFrom('ride_session_companions')
      .select('status')
      .where('session_id', '=', session.id)
      .where('user_id', '=', victim.id)
      .executeTakeFirstOrThrow();
    expect(victimTag.status).toBe('pending');
  });
});

describe('photos', () => {
  test('PATCH /api/photos/{id} by the item’s author changes its alt text or cover only: subject, position, files and author stay', async () => {
    const author = await kit.user();
    const placeId = await insertContent(db(), CONTENT[0]!, author, `Spot ${token()}`);
    const otherId = await insertContent(db(), CONTENT[0]!, victim, `Spot ${token()}`);
    const variants = JSON.stringify({ 400: '/uploads/photos/00000000-0000-4000-8000-000000000004.webp' });
    const { id } = await db()
      .insertInto('photos')
      .values({ subject_type: 'place', subject_id: placeId, position: 0, variants, width: 400, height: 300, author_id: author.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await db().selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const res = await call('PATCH', `/api/photos/${id}`, author, {
      alt: 'Ledge',
      ...extras(),
      subjectId: otherId,
      subject_id: otherId,
      subjectType: 'event',
      position: 7,
      variants: { 400: 'https://evil.example/x.webp' },
      width: 1,
    });
    const after = await db().selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (!refusedOrDone(res, 200)) return expect(after).toEqual(before);
    expect(after).toEqual({ ...before, alt: 'Ledge' });
  });
});
