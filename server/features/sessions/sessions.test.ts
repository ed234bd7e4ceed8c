import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Place } from '../../../common/places.ts';
import type { PlaceSessions, Session, SessionInput } from '../../../common/sessions.ts';
import type { ProfileTrick, Trick } from '../../../common/tricks.ts';
import { contentTestKit, expectError, MISSING_ID, type User } from '../../test/content-kit.ts';
import { insertTeam } from '../../security/catalogue.ts';

// Issue 20, item 1: sessions (check-ins) at places, their tricks landing in the progression, their
// companions shown only once they accept, and who may see each one.

const kit = contentTestKit('place');
const { call, token, user } = kit;
const db = () => kit.t.app.db;

/** An approved place of `discipline` (an admin's place is approved at once), or a secret one of `by`. */
async function placeOf(discipline = 'surfing', by: User = kit.admin, over: Record<string, unknown> = {}): Promise<Place> {
  const res = await call('POST', `/api/disciplines/${discipline}/places`, by, {
    name: `Spot ${token()}`,
    location: 'Somewhere',
    latitude: 10,
    longitude: 20,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Place;
}

async function trickOf(discipline = 'surfing', by: User = kit.admin): Promise<Trick> {
  const input = { name: `Cutback ${token()}`, description: 'A turn back to the curl.', level: 'Intermediate', difficulty: 4, steps: ['Turn'] };
  const res = await call('POST', `/api/disciplines/${discipline}/tricks`, by, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Trick;
}

function expectRefused(res: LightMyRequestResponse, status: number, code: string) {
  expect({ status: res.statusCode, code: (res.json() as { code: string }).code }, res.body).toEqual({ status, code });
}

const log = (who: User | null, body: Partial<SessionInput> & { placeId: string }) => call('POST', '/api/sessions', who, { when: 'now', ...body });
async function logged(who: User, body: Partial<SessionInput> & { placeId: string }): Promise<Session> {
  const res = await log(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Session;
}
async function sessionsAt(placeId: string, who: User | null = null): Promise<PlaceSessions> {
  const res = await call('GET', `/api/places/${placeId}/sessions`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlaceSessions;
}
const idsAt = async (placeId: string, who: User | null = null) => {
  const { outNow, recent } = await sessionsAt(placeId, who);
  return [...outNow, ...recent].map((s) => s.id);
};
const stored = async (placeId: string) => (await db().selectFrom('ride_sessions').select('id').where('place_id', '=', placeId).execute()).length;
const follow = async (follower: User, followee: User) => expect((await call('PUT', `/api/profiles/${followee.id}/follow`, follower)).statusCode).toBe(200);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
async function progression(userId: string): Promise<ProfileTrick[]> {
  return (await call('GET', `/api/profiles/${userId}/tricks`, null)).json() as ProfileTrick[];
}

let surf: Place;
beforeAll(async () => {
  surf = await placeOf('surfing');
});

describe('logging a session', () => {
  test('a rider logs a session now with a trick: out now, the trick landed in the progression, tricks named', async () => {
    const rider = await user();
    const trick = await trickOf();
    const made = await logged(rider, { placeId: surf.id, trickIds: [trick.id, trick.id], note: '  Glassy   dawn ', visibility: 'public' });
    expect(made).toMatchObject({
      place: { id: surf.id, name: surf.name },
      disciplineId: 'surfing',
      durationMinutes: null,
      note: 'Glassy dawn',
      visibility: 'public',
      author: { id: rider.id, name: rider.name },
      tricks: [{ id: trick.id, name: trick.name }],
      companions: [],
      canDelete: true,
    });
    expect(Math.abs(Date.parse(made.startedAt) - Date.now())).toBeLessThan(60_000);
    const seen = await sessionsAt(surf.id);
    expect(seen.outNow.map((s) => s.id)).toContain(made.id);
    expect(seen.outNow.find((s) => s.id === made.id)?.canDelete).toBe(false);
    expect((await progression(rider.id)).find((p) => p.trickId === trick.id)).toMatchObject({ name: trick.name, state: 'landed' });
  });

  test('a trick being learned becomes landed', async () => {
    const rider = await user();
    const trick = await trickOf();
    expect((await call('PUT', `/api/tricks/${trick.id}/progress`, rider, { state: 'learning' })).statusCode).toBe(200);
    await logged(rider, { placeId: surf.id, trickIds: [trick.id] });
    const row = await db()
      .selectFrom('trick_progress')
      .select('state')
      .where('user_id', '=', rider.id)
      .where('trick_id', '=', trick.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('landed');
  });

  test('out now is the last 3 hours, newest first; older sessions are recent', async () => {
    const rider = await user();
    const place = await placeOf();
    const twoHours = await logged(rider, { placeId: place.id, when: 'earlier', startedAt: hoursAgo(2), durationMinutes: 60 });
    const now = await logged(rider, { placeId: place.id });
    const fourHours = await logged(rider, { placeId: place.id, when: 'earlier', startedAt: hoursAgo(4), durationMinutes: 90 });
    const yesterday = await logged(rider, { placeId: place.id, when: 'earlier', startedAt: hoursAgo(26), durationMinutes: 30 });
    const seen = await sessionsAt(place.id);
    expect(seen.outNow.map((s) => s.id)).toEqual([now.id, twoHours.id]);
    expect(seen.recent.map((s) => s.id)).toEqual([fourHours.id, yesterday.id]);
    expect(seen.recent[0]?.durationMinutes).toBe(90);
  });

  test('a start in the future is refused (a minute of slack), nothing stored', async () => {
    const rider = await user();
    const place = await placeOf();
    expectRefused(
      await log(rider, { placeId: place.id, when: 'earlier', startedAt: new Date(Date.now() + 5 * 60_000).toISOString(), durationMinutes: 30 }),
      400,
      'SESSION_IN_FUTURE',
    );
    expect(await stored(place.id)).toBe(0);
    await logged(rider, { placeId: place.id, when: 'earlier', startedAt: new Date(Date.now() + 20_000).toISOString(), durationMinutes: 30 });
  });

  test('bad input: earlier without a length, lengths out of range, a long note, too many tricks, unknown fields; nothing stored', async () => {
    const rider = await user();
    const place = await placeOf();
    const earlier = { placeId: place.id, when: 'earlier' as const, startedAt: hoursAgo(5) };
    expectRefused(await log(rider, earlier), 400, 'REQUIRED');
    expectRefused(await log(rider, { ...earlier, durationMinutes: 0 }), 400, 'VALIDATION_ERROR');
    expectRefused(await log(rider, { ...earlier, durationMinutes: 1441 }), 400, 'VALIDATION_ERROR');
    expectRefused(await log(rider, { ...earlier, startedAt: 'yesterday', durationMinutes: 30 }), 400, 'INVALID_DATE');
    expectRefused(await log(rider, { placeId: place.id, note: 'x'.repeat(1001) }), 400, 'TOO_LONG');
    expectRefused(await log(rider, { placeId: place.id, trickIds: Array.from({ length: 21 }, () => MISSING_ID) }), 400, 'TOO_MANY');
    expectRefused(await log(rider, { placeId: place.id, companionIds: Array.from({ length: 11 }, (_, i) => `u${i}`) }), 400, 'TOO_MANY');
    expectRefused(await log(rider, { placeId: place.id, visibility: 'everyone' as 'public' }), 400, 'VALIDATION_ERROR');
    // Who logs it and when it was made are the server's to say.
    expect((await call('POST', '/api/sessions', rider, { when: 'now', placeId: place.id, authorId: kit.admin.id, createdAt: hoursAgo(9) })).statusCode).toBe(
      400,
    );
    expect(await stored(place.id)).toBe(0);
  });

  test('a trick of another discipline, or not approved, is refused: nothing stored, nothing landed', async () => {
    const rider = await user();
    const place = await placeOf();
    const skate = await trickOf('skateboarding');
    const pending = await trickOf('surfing', rider);
    expect(pending.status).toBe('pending');
    const good = await trickOf();
    expectRefused(await log(rider, { placeId: place.id, trickIds: [good.id, skate.id] }), 400, 'TRICK_WRONG_DISCIPLINE');
    expectRefused(await log(rider, { placeId: place.id, trickIds: [pending.id] }), 400, 'TRICK_WRONG_DISCIPLINE');
    expectRefused(await log(rider, { placeId: place.id, trickIds: [MISSING_ID] }), 400, 'TRICK_WRONG_DISCIPLINE');
    expect(await stored(place.id)).toBe(0);
    expect(await db().selectFrom('trick_progress').select('trick_id').where('user_id', '=', rider.id).where('state', '=', 'landed').execute()).toEqual([]);
  });

  test('the 21st session in 10 minutes is refused with 429, not stored', async () => {
    const rider = await user();
    const place = await placeOf();
    for (let i = 0; i < 20; i += 1) expect((await log(rider, { placeId: place.id })).statusCode).toBe(201);
    expectRefused(await log(rider, { placeId: place.id }), 429, 'RATE_LIMITED');
    expect(await stored(place.id)).toBe(20);
  });

  test('a visitor is asked to sign in; a place the rider cannot see answers 404, nothing stored', async () => {
    expectError(await log(null, { placeId: surf.id }), 401, 'UNAUTHORIZED');
    const author = await user();
    const pending = await placeOf('surfing', author);
    const stranger = await user();
    expectError(await log(stranger, { placeId: pending.id }), 404, 'CONTENT_NOT_FOUND');
    expectError(await log(stranger, { placeId: MISSING_ID }), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/places/${pending.id}/sessions`, stranger), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/places/not-a-uuid/sessions`, null), 404, 'CONTENT_NOT_FOUND');
    expect(await stored(pending.id)).toBe(0);
    // Its author sees the pending place and may log a session there, not a public one if it were secret.
    await logged(author, { placeId: pending.id });
  });
});

describe('who sees a session', () => {
  test('followers only: hidden from a stranger and visitors, shown to a follower and the author', async () => {
    const rider = await user();
    const fan = await user();
    const stranger = await user();
    await follow(fan, rider);
    const place = await placeOf();
    const made = await logged(rider, { placeId: place.id, visibility: 'followers' });
    expect(await idsAt(place.id, fan)).toEqual([made.id]);
    expect(await idsAt(place.id, rider)).toEqual([made.id]);
    expect(await idsAt(place.id, stranger)).toEqual([]);
    expect(await idsAt(place.id, null)).toEqual([]);
  });

  test('private: the author alone (and admins)', async () => {
    const rider = await user();
    const fan = await user();
    await follow(fan, rider);
    const place = await placeOf();
    const made = await logged(rider, { placeId: place.id, visibility: 'private' });
    expect(await idsAt(place.id, rider)).toEqual([made.id]);
    expect(await idsAt(place.id, fan)).toEqual([]);
    expect(await idsAt(place.id, kit.admin)).toEqual([made.id]);
  });

  test('a crew spot: a public session is refused; a followers one is hidden from a follower outside the crew', async () => {
    const leader = await user();
    const mate = await user();
    const stranger = await user();
    await follow(stranger, leader);
    await follow(mate, leader);
    const teamId = await insertTeam(db(), leader, [mate], { isPrivate: true });
    const crewSpot = await placeOf('surfing', leader, { visibility: 'crew', teamId });
    expectRefused(await log(leader, { placeId: crewSpot.id, visibility: 'public' }), 400, 'SESSION_PLACE_NOT_PUBLIC');
    expectRefused(await log(leader, { placeId: crewSpot.id }), 400, 'SESSION_PLACE_NOT_PUBLIC');
    expect(await stored(crewSpot.id)).toBe(0);
    const made = await logged(leader, { placeId: crewSpot.id, visibility: 'followers' });
    expect(await idsAt(crewSpot.id, mate)).toEqual([made.id]);
    expectError(await call('GET', `/api/places/${crewSpot.id}/sessions`, stranger), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/places/${crewSpot.id}/sessions`, null), 404, 'CONTENT_NOT_FOUND');
    // Nor can the stranger be tagged there: the tag would tell them of the spot.
    expectRefused(await log(leader, { placeId: crewSpot.id, visibility: 'followers', companionIds: [stranger.id] }), 400, 'COMPANION_NOT_FOLLOWED');
    await follow(leader, stranger);
    expectRefused(await log(leader, { placeId: crewSpot.id, visibility: 'followers', companionIds: [stranger.id] }), 400, 'COMPANION_NOT_FOLLOWED');
    await follow(leader, mate);
    await logged(leader, { placeId: crewSpot.id, visibility: 'followers', companionIds: [mate.id] });
    expect(await db().selectFrom('notifications').select('user_id').where('type', '=', 'session_tag').where('user_id', '=', stranger.id).execute()).toEqual([]);
  });
});

describe('companions', () => {
  test('a tagged friend is told, shown only after accepting; Decline removes the tag', async () => {
    const rider = await user();
    const friend = await user();
    const other = await user();
    await follow(rider, friend);
    await follow(rider, other);
    const made = await logged(rider, { placeId: surf.id, companionIds: [friend.id, other.id] });
    expect(made.companions).toEqual([]);
    const told = await db()
      .selectFrom('notifications')
      .select(['user_id', 'actor_id', 'subject_id', 'data'])
      .where('type', '=', 'session_tag')
      .where('subject_id', '=', made.id)
      .orderBy('user_id')
      .execute();
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({ actor_id: rider.id, subject_id: made.id, data: { itemName: surf.name, placeId: surf.id, disciplineId: 'surfing' } });

    const answer = (who: User | null, accept: boolean, id = made.id) => call('POST', `/api/sessions/${id}/companion`, who, { accept });
    expectError(await answer(null, true), 401, 'UNAUTHORIZED');
    // Not tagged: the author sees the session but may not answer; an unknown session is not found.
    expectError(await answer(rider, true), 403, 'FORBIDDEN');
    expectError(await answer(friend, true, MISSING_ID), 404, 'NOT_FOUND');

    expect((await answer(friend, true)).json()).toEqual({ accepted: true });
    const shown = (await sessionsAt(surf.id)).outNow.find((s) => s.id === made.id);
    expect(shown?.companions).toEqual([{ id: friend.id, name: friend.name, avatarUrl: null }]);
    const read = await db()
      .selectFrom('notifications')
      .select(['read_at', 'data'])
      .where('user_id', '=', friend.id)
      .where('subject_id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(read).toMatchObject({ read_at: expect.any(Date), data: { answer: 'accepted' } });

    expect((await answer(other, false)).json()).toEqual({ accepted: false });
    expect(await db().selectFrom('ride_session_companions').select('user_id').where('session_id', '=', made.id).execute()).toEqual([{ user_id: friend.id }]);
    expectError(await answer(other, true), 403, 'FORBIDDEN');
  });

  test('someone the rider does not follow, or blocked either way, cannot be tagged; nothing stored', async () => {
    const rider = await user();
    const unknown = await user();
    const blocker = await user();
    await follow(rider, blocker);
    expect((await call('PUT', `/api/profiles/${rider.id}/block`, blocker)).statusCode).toBeLessThan(300);
    const place = await placeOf();
    expectRefused(await log(rider, { placeId: place.id, companionIds: [unknown.id] }), 400, 'COMPANION_NOT_FOLLOWED');
    expectRefused(await log(rider, { placeId: place.id, companionIds: [blocker.id] }), 400, 'COMPANION_NOT_FOLLOWED');
    expectRefused(await log(rider, { placeId: place.id, companionIds: [rider.id] }), 400, 'COMPANION_NOT_FOLLOWED');
    expect(await stored(place.id)).toBe(0);
    expect(
      await db().selectFrom('notifications').select('id').where('type', '=', 'session_tag').where('user_id', 'in', [unknown.id, blocker.id]).execute(),
    ).toEqual([]);
  });

  test('a friend who switched session tags off is tagged but not notified', async () => {
    const rider = await user();
    const friend = await user();
    await follow(rider, friend);
    expect((await call('PUT', '/api/notifications/preferences', friend, { session_tag: 'off' })).statusCode).toBe(200);
    const made = await logged(rider, { placeId: surf.id, companionIds: [friend.id] });
    expect(await db().selectFrom('notifications').select('id').where('user_id', '=', friend.id).where('type', '=', 'session_tag').execute()).toEqual([]);
    expect(await db().selectFrom('ride_session_companions').select('status').where('session_id', '=', made.id).execute()).toEqual([{ status: 'pending' }]);
  });
});

describe('deleting', () => {
  test('the author or an admin deletes a session, nobody else; its tag notifications go with it', async () => {
    const rider = await user();
    const friend = await user();
    const other = await user();
    await follow(rider, friend);
    const place = await placeOf();
    const first = await logged(rider, { placeId: place.id, companionIds: [friend.id] });
    expectError(await call('DELETE', `/api/sessions/${first.id}`, null), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/sessions/${first.id}`, other), 403, 'FORBIDDEN');
    expect(await stored(place.id)).toBe(1);
    expect((await call('DELETE', `/api/sessions/${first.id}`, rider)).statusCode).toBe(204);
    expect(await stored(place.id)).toBe(0);
    expect(await db().selectFrom('notifications').select('id').where('subject_id', '=', first.id).execute()).toEqual([]);

    const second = await logged(rider, { placeId: place.id, visibility: 'private' });
    expectError(await call('DELETE', `/api/sessions/${second.id}`, other), 404, 'NOT_FOUND');
    expect((await call('DELETE', `/api/sessions/${second.id}`, kit.admin)).statusCode).toBe(204);
    expectError(await call('DELETE', `/api/sessions/${second.id}`, kit.admin), 404, 'NOT_FOUND');
  });
});

describe('as HTML forms', () => {
  const post = (action: string, fields: [string, string][], who: User) =>
    kit.t.app.inject({
      method: 'POST',
      url: `/actions/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: kit.t.config.publicUrl, cookie: who.cookie },
      payload: new URLSearchParams(fields).toString(),
    });
  const flash = (res: LightMyRequestResponse) => decodeURIComponent(res.cookies.find((c) => c.name === 'stoked-flash')?.value ?? '');

  test("an earlier session's time without scripts: in the zone chosen, else the one the browser told the site, else UTC; a zone that is none is refused", async () => {
    const rider = await user();
    const place = await placeOf('surfing');
    const day = new Date(Date.now() - 50 * 3_600_000).toISOString().slice(0, 10);
    const earlier = (extra: [string, string][] = []): [string, string][] => [
      ['placeId', place.id],
      ['when', 'earlier'],
      ['date', day],
      ['time', '07:30'],
      ['durationMinutes', '30'],
      ...extra,
    ];
    // The start of the session logged last (the list shows the latest start first).
    const startOfLatest = async () =>
      (
        await db().selectFrom('ride_sessions').select('started_at').where('place_id', '=', place.id).orderBy('created_at', 'desc').limit(1).executeTakeFirst()
      )?.started_at.toISOString();
    // Remembered by the app (web/features/sessions/session-form.tsx): India is UTC+5:30.
    await post('log-session', earlier(), { ...rider, cookie: `${rider.cookie}; stoked-tz=Asia/Kolkata` });
    expect(await startOfLatest()).toBe(`${day}T02:00:00.000Z`);
    // The form's own choice wins over the remembered one.
    await post('log-session', earlier([['timeZone', 'America/Lima']]), { ...rider, cookie: `${rider.cookie}; stoked-tz=Asia/Kolkata` });
    expect(await startOfLatest()).toBe(`${day}T12:30:00.000Z`);
    // Nothing known: UTC. A cookie that names no zone is not one.
    await post('log-session', earlier(), { ...rider, cookie: `${rider.cookie}; stoked-tz=Mars%2FOlympus` });
    expect(await startOfLatest()).toBe(`${day}T07:30:00.000Z`);
    const before = await stored(place.id);
    const refused = await post('log-session', earlier([['timeZone', 'Mars/Olympus']]), rider);
    expect(flash(refused)).toContain('errors.VALIDATION_ERROR');
    expect(await stored(place.id)).toBe(before);
  });

  test('logging earlier with two tricks, then deleting, as forms; a wrong one comes back with its error', async () => {
    const rider = await user();
    const friend = await user();
    await follow(rider, friend);
    const place = await placeOf();
    const [a, b] = [await trickOf(), await trickOf()];
    const back = `/discipline/surfing/places/${place.id}`;
    const day = new Date(Date.now() - 26 * 3_600_000);
    const fields: [string, string][] = [
      ['placeId', place.id],
      ['when', 'earlier'],
      ['date', day.toISOString().slice(0, 10)],
      ['time', '07:30'],
      ['timeZone', 'Asia/Dubai'],
      ['durationMinutes', '45'],
      ['note', 'Dawn patrol'],
      ['trickId', a!.id],
      ['trickId', b!.id],
      ['companionId', friend.id],
      ['visibility', 'followers'],
      ['back', back],
    ];
    const done = await post('log-session', fields, rider);
    expect({ status: done.statusCode, location: done.headers.location }).toEqual({ status: 303, location: back });
    expect(flash(done)).toContain('sessions.logged');
    const [made] = (await sessionsAt(place.id, rider)).recent;
    // 07:30 in Dubai (UTC+4) is 03:30 UTC.
    expect(made).toMatchObject({
      startedAt: `${day.toISOString().slice(0, 10)}T03:30:00.000Z`,
      durationMinutes: 45,
      note: 'Dawn patrol',
      visibility: 'followers',
    });
    expect(made?.tricks.map((t) => t.id).sort()).toEqual([a!.id, b!.id].sort());

    const accepted = await post(
      'accept-session-tag',
      [
        ['id', made!.id],
        ['back', '/notifications'],
      ],
      friend,
    );
    expect(flash(accepted)).toContain('sessions.tag.accepted');
    expect((await sessionsAt(place.id, rider)).recent[0]?.companions.map((c) => c.id)).toEqual([friend.id]);

    const future = await post(
      'log-session',
      [
        ['placeId', place.id],
        ['when', 'earlier'],
        ['date', '2999-01-01'],
        ['time', '10:00'],
        ['durationMinutes', '30'],
        ['back', back],
      ],
      rider,
    );
    expect(flash(future)).toContain('errors.SESSION_IN_FUTURE');
    expect(await stored(place.id)).toBe(1);

    const deleted = await post(
      'delete-session',
      [
        ['id', made!.id],
        ['back', back],
      ],
      rider,
    );
    expect(flash(deleted)).toContain('sessions.deleted');
    expect(await stored(place.id)).toBe(0);
  });
});
