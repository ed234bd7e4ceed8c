import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import type { NotificationType } from '../../common/notifications.ts';
import { ACTION_LIMITS } from '../lib/action-limits.ts';
import { SESSION_TAGS_PER_PERSON } from '../features/sessions/index.ts';
import { notify, type NotifyInput } from '../lib/notifications.ts';
import { contentTestKit, expectError, type User } from '../test/content-kit.ts';
import { openSse, serveHttp, type SseClient } from '../test/sse.ts';

/**
 * Checklist 39: toggling an action that tells someone (member add/remove, like, follow, a session's
 * tag) or re-rating cannot flood a person. Each is limited per actor (429 with Retry-After, other actors
 * unaffected), and repeats of one notification fold into the one already there.
 */
const kit = contentTestKit('place');
const { call, token, user } = kit;
const db = () => kit.t.app.db;

const streams: SseClient[] = [];
afterEach(() => streams.splice(0).forEach((s) => s.close()));

async function notificationsOf(who: User, type: NotificationType) {
  return db()
    .selectFrom('notifications')
    .select(['id', 'read_at', 'created_at'])
    .where('user_id', '=', who.id)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
}

async function unread(who: User): Promise<number> {
  const res = await call('GET', '/api/notifications', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { unreadCount: number }).unreadCount;
}

/** Calls `step` until it answers 429 (or the `refusal` given; or `cap` calls); returns every status. */
async function untilLimited(step: (i: number) => Promise<LightMyRequestResponse>, cap: number, refusal = { status: 429, code: 'RATE_LIMITED' }) {
  const statuses: number[] = [];
  for (let i = 0; i < cap; i++) {
    const res = await step(i);
    statuses.push(res.statusCode);
    if (res.statusCode === refusal.status) {
      expect(res.json()).toMatchObject({ code: refusal.code });
      if (refusal.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      break;
    }
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return statuses;
}

async function approvedPlace(author: User) {
  const res = await call('POST', '/api/disciplines/surfing/places', author, {
    name: `Spot ${token()}`,
    location: 'Hossegor, France',
    latitude: 43.66,
    longitude: -1.44,
  });
  expect(res.statusCode, res.body).toBe(201);
  const place = res.json() as { id: string };
  await kit.decide(place.id, 'approved');
  return place;
}

async function teamLedBy(leader: User) {
  const payload = { name: `Crew ${token()}`, type: 'Amateur', isPrivate: false, leaderId: leader.id, memberIds: [], disciplineIds: [] };
  const res = await call('POST', '/api/admin/teams', kit.admin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('per-actor limits on actions that notify', () => {
  test('inviting and uninviting one person over and over: 429 past the limit, one notification, another leader unaffected', async () => {
    const [leader, rider, otherLeader] = [await user(), await user(), await user()];
    const team = await teamLedBy(leader);
    const { max } = ACTION_LIMITS.memberChange;
    const statuses = await untilLimited(
      (i) =>
        i % 2 === 0
          ? call('POST', `/api/teams/${team.id}/members`, leader, { userId: rider.id })
          : call('DELETE', `/api/teams/${team.id}/invitations/${rider.id}`, leader),
      40,
    );
    expect(statuses).toEqual([
      ...Array<number>(max)
        .fill(0)
        .map((_, i) => (i % 2 === 0 ? 201 : 204)),
      429,
    ]);
    expect(await notificationsOf(rider, 'team_invite')).toHaveLength(1);
    expect(await unread(rider)).toBe(1);

    const otherTeam = await teamLedBy(otherLeader);
    expect((await call('POST', `/api/teams/${otherTeam.id}/members`, otherLeader, { userId: rider.id })).statusCode).toBe(201);
    // The limited change stored nothing: the invitation is where the last allowed change left it.
    const invited = await db().selectFrom('team_invitations').select('user_id').where('team_id', '=', team.id).where('user_id', '=', rider.id).execute();
    expect(invited).toHaveLength(max % 2 === 0 ? 0 : 1);
  });

  test('liking and unliking over and over: 429 past the limit, one notification, another rider unaffected', async () => {
    const [author, fan, other] = [await user(), await user(), await user()];
    const place = await approvedPlace(author);
    const { max } = ACTION_LIMITS.like;
    const statuses = await untilLimited((i) => call(i % 2 === 0 ? 'PUT' : 'DELETE', `/api/content/place/${place.id}/like`, fan), max + 5);
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
    expect(await notificationsOf(author, 'like')).toHaveLength(1);
    const res = await call('PUT', `/api/content/place/${place.id}/like`, other);
    expect(res.json()).toMatchObject({ liked: true, likes: max % 2 === 0 ? 1 : 2 });
  });

  test('rating over and over: 429 past the limit, the score stays the last allowed one, another rider unaffected', async () => {
    const [author, rater, other] = [await user(), await user(), await user()];
    const place = await approvedPlace(author);
    const { max } = ACTION_LIMITS.rating;
    const statuses = await untilLimited((i) => call('PUT', `/api/content/place/${place.id}/rating`, rater, { score: (i % 5) + 1 }), max + 5);
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
    const stored = await db().selectFrom('ratings').select('score').where('item_id', '=', place.id).where('user_id', '=', rater.id).executeTakeFirstOrThrow();
    expect(stored.score).toBe(((max - 1) % 5) + 1);
    expectError(await call('DELETE', `/api/content/place/${place.id}/rating`, rater), 429, 'RATE_LIMITED');
    expect((await call('PUT', `/api/content/place/${place.id}/rating`, other, { score: 4 })).statusCode).toBe(200);
  });

  test('following and unfollowing over and over: 429 past the limit, one notification, another rider unaffected', async () => {
    const [star, fan, other] = [await user(), await user(), await user()];
    const { max } = ACTION_LIMITS.follow;
    const statuses = await untilLimited((i) => call(i % 2 === 0 ? 'PUT' : 'DELETE', `/api/profiles/${star.id}/follow`, fan), max + 5);
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
    expect(await notificationsOf(star, 'follower')).toHaveLength(1);
    expect(await unread(star)).toBe(1);
    expect((await call('PUT', `/api/profiles/${star.id}/follow`, other)).statusCode).toBe(200);
    expect(await notificationsOf(star, 'follower')).toHaveLength(2);
  });

  test.each([
    ['without a tag', false, 20, { status: 429, code: 'RATE_LIMITED' }],
    ['tagging one friend', true, SESSION_TAGS_PER_PERSON.max, { status: 409, code: 'SESSION_TAG_LIMIT' }],
  ] as const)(
    'logging and deleting sessions %s over and over: refused past the limit, no tag of a deleted session left',
    async (_, tagging, allowed, refusal) => {
      const [rider, friend, other] = [await user(), await user(), await user()];
      for (const who of [rider, other]) expect((await call('PUT', `/api/profiles/${friend.id}/follow`, who)).statusCode).toBe(200);
      const place = await approvedPlace(rider);
      let last = '';
      const statuses = await untilLimited(
        async (i) => {
          if (i % 2 === 1) return call('DELETE', `/api/sessions/${last}`, rider);
          const res = await call('POST', '/api/sessions', rider, { placeId: place.id, when: 'now', companionIds: tagging ? [friend.id] : [] });
          if (res.statusCode === 201) last = (res.json() as { id: string }).id;
          return res;
        },
        60,
        refusal,
      );
      // Twenty sessions in ten minutes (server/features/sessions/sessions.routes.ts); a friend tagged in
      // five a day, deleted ones counted (SESSION_TAGS_PER_PERSON): each deleted with its tag.
      expect(statuses).toEqual([
        ...Array<number>(2 * allowed)
          .fill(0)
          .map((_, i) => (i % 2 === 0 ? 201 : 204)),
        refusal.status,
      ]);
      expect(await notificationsOf(friend, 'session_tag')).toHaveLength(0);
      expect((await call('POST', '/api/sessions', other, { placeId: place.id, when: 'now', companionIds: [friend.id] })).statusCode).toBe(201);
      expect(await notificationsOf(friend, 'session_tag')).toHaveLength(1);
    },
  );
});

describe('folding repeated notifications', () => {
  const about = (to: User, from: User, subjectId: string, data: NotifyInput['data'] = {}): NotifyInput => ({
    userId: to.id,
    type: 'event_changed',
    actorId: from.id,
    subjectType: 'event',
    subjectId,
    data,
  });

  test('a repeat of an unread one updates it (newer time and details): no second row, no new badge, no second toast', async () => {
    const [to, from] = [await user(), await user()];
    const subject = crypto.randomUUID();
    const stream = await openSse(`${await serveHttp(kit.t.app)}/api/live`, { cookie: to.cookie });
    streams.push(stream);

    await notify(db(), about(to, from, subject, { what: 'first' }));
    const [first] = await notificationsOf(to, 'event_changed');
    await stream.waitFor((e) => e.event === 'notification' && e.id === String(first!.id));
    await sql`update notifications set created_at = now() - interval '10 minutes' where id = ${first!.id}`.execute(db());

    await notify(db(), about(to, from, subject, { what: 'second' }));
    const rows = await db().selectFrom('notifications').selectAll().where('user_id', '=', to.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, read_at: null, data: { what: 'second' } });
    expect(Date.now() - new Date(rows[0]!.created_at).getTime()).toBeLessThan(60_000);
    expect(await unread(to)).toBe(1);
    expect(await stream.collect((e) => e.event === 'notification', 300)).toHaveLength(1);
  });

  test('a repeat within the hour of a read one folds into it silently; an hour later it is news again', async () => {
    const [to, from] = [await user(), await user()];
    const subject = crypto.randomUUID();
    await notify(db(), about(to, from, subject));
    await db()
      .updateTable('notifications')
      .set({ read_at: sql`now()` })
      .where('user_id', '=', to.id)
      .execute();

    await notify(db(), about(to, from, subject));
    expect(await notificationsOf(to, 'event_changed')).toEqual([expect.objectContaining({ read_at: expect.any(Date) })]);
    expect(await unread(to)).toBe(0);

    await sql`update notifications set created_at = now() - interval '61 minutes' where user_id = ${to.id}`.execute(db());
    await notify(db(), about(to, from, subject));
    const rows = await notificationsOf(to, 'event_changed');
    expect(rows.map((r) => r.read_at === null)).toEqual([false, true]);
    expect(await unread(to)).toBe(1);
  });

  test('another actor, another subject, another kind or another recipient is not folded', async () => {
    const [to, from, second, otherTo] = [await user(), await user(), await user(), await user()];
    const subject = crypto.randomUUID();
    await notify(db(), about(to, from, subject));
    await notify(db(), about(to, second, subject));
    await notify(db(), about(to, from, crypto.randomUUID()));
    await notify(db(), { ...about(to, from, subject), type: 'approval' });
    await notify(db(), about(otherTo, from, subject));
    expect(await unread(to)).toBe(4);
    expect(await unread(otherTo)).toBe(1);
  });

  test('the database itself refuses a second unread copy, so concurrent repeats cannot both insert', async () => {
    const [to, from] = [await user(), await user()];
    const subject = crypto.randomUUID();
    await Promise.all([notify(db(), about(to, from, subject)), notify(db(), about(to, from, subject))]);
    expect(await notificationsOf(to, 'event_changed')).toHaveLength(1);
    const copy = { user_id: to.id, type: 'event_changed' as const, actor_id: from.id, subject_type: 'event', subject_id: subject, data: '{}' };
    await expect(db().insertInto('notifications').values(copy).execute()).rejects.toThrow(/unique|duplicate/i);
  });

  test('actors who delete their accounts leave their notifications behind, without an actor, side by side', async () => {
    const [to, gone, alsoGone] = [await user(), await user(), await user()];
    const subject = crypto.randomUUID();
    await notify(db(), about(to, gone, subject));
    await notify(db(), about(to, alsoGone, subject));
    await db().deleteFrom('profiles').where('id', 'in', [gone.id, alsoGone.id]).execute();
    const rows = await db().selectFrom('notifications').select('actor_id').where('user_id', '=', to.id).execute();
    expect(rows).toEqual([{ actor_id: null }, { actor_id: null }]);
  });
});

describe('session tags fold and are capped per person (issue 37, hole 7)', () => {
  async function taggingPair() {
    const [rider, friend] = [await user(), await user()];
    expect((await call('PUT', `/api/profiles/${friend.id}/follow`, rider)).statusCode).toBe(200);
    // The friend gets tags by push, on a device of theirs.
    expect((await call('PUT', '/api/notifications/preferences', friend, { session_tag: 'push' })).statusCode).toBe(200);
    const { id: sessionId } = await db().selectFrom('sessions').select('id').where('user_id', '=', friend.id).executeTakeFirstOrThrow();
    await db()
      .insertInto('push_subscriptions')
      .values({ user_id: friend.id, session_id: sessionId, endpoint: `https://fcm.googleapis.com/fcm/send/${token()}`, p256dh: 'key', auth: 'auth' })
      .execute();
    return { rider, friend, place: await approvedPlace(rider) };
  }
  const tag = (rider: User, placeId: string, friend: User) => call('POST', '/api/sessions', rider, { placeId, when: 'now', companionIds: [friend.id] });
  const unreadTags = async (who: User) =>
    (await db().selectFrom('notifications').select('id').where('user_id', '=', who.id).where('type', '=', 'session_tag').where('read_at', 'is', null).execute())
      .length;
  const pushesTo = async (who: User) =>
    (
      await db()
        .selectFrom('push_queue as q')
        .innerJoin('notifications as n', 'n.id', 'q.notification_id')
        .select('n.id')
        .where('n.user_id', '=', who.id)
        .execute()
    ).length;

  test('15 sessions tagging one friend: one unread notification, one push; past the cap refused with nothing stored', async () => {
    const { rider, friend, place } = await taggingPair();
    const { max } = SESSION_TAGS_PER_PERSON;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await tag(rider, place.id, friend);
      statuses.push(res.statusCode);
      if (res.statusCode !== 201) expectError(res, 409, 'SESSION_TAG_LIMIT');
    }
    expect(statuses).toEqual([...Array<number>(max).fill(201), ...Array<number>(15 - max).fill(409)]);
    expect(await db().selectFrom('ride_sessions').select('id').where('author_id', '=', rider.id).execute()).toHaveLength(max);
    const told = await db()
      .selectFrom('notifications')
      .select(['read_at', 'data'])
      .where('user_id', '=', friend.id)
      .where('type', '=', 'session_tag')
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ count: max, placeId: place.id });
    expect(await unreadTags(friend)).toBe(1);
    expect(await pushesTo(friend)).toBe(1);
    // Deleting sessions gives no tag back: the cap counts tags made.
    const latest = await db()
      .selectFrom('ride_sessions')
      .select('id')
      .where('author_id', '=', rider.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/sessions/${latest.id}`, rider)).statusCode).toBe(204);
    expectError(await tag(rider, place.id, friend), 409, 'SESSION_TAG_LIMIT');
    // Another rider's tag is another notification.
    const other = await user();
    expect((await call('PUT', `/api/profiles/${friend.id}/follow`, other)).statusCode).toBe(200);
    expect((await tag(other, place.id, friend)).statusCode).toBe(201);
    expect(await unreadTags(friend)).toBe(2);
    expect(await pushesTo(friend)).toBe(2);
  });

  test('the folded notification stays for the tags left when its session goes, and one answer answers them all', async () => {
    const { rider, friend, place } = await taggingPair();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(((await tag(rider, place.id, friend)).json() as { id: string }).id);
    const notice = () =>
      db().selectFrom('notifications').select(['subject_id', 'data', 'read_at']).where('user_id', '=', friend.id).where('type', '=', 'session_tag').execute();
    expect(await notice()).toEqual([expect.objectContaining({ subject_id: ids[2], data: expect.objectContaining({ count: 3 }) })]);
    expect((await call('DELETE', `/api/sessions/${ids[2]}`, rider)).statusCode).toBe(204);
    expect(await notice()).toEqual([expect.objectContaining({ subject_id: ids[1], data: expect.objectContaining({ count: 2 }), read_at: null })]);
    expect((await call('POST', `/api/sessions/${ids[1]}/companion`, friend, { accept: true })).statusCode).toBe(200);
    const tags = await db()
      .selectFrom('ride_session_companions')
      .select(['session_id', 'status'])
      .where('user_id', '=', friend.id)
      .orderBy('session_id')
      .execute();
    expect(tags.map((t) => t.status)).toEqual(['accepted', 'accepted']);
    expect(await unreadTags(friend)).toBe(0);
  });

  test('unread tags stacked before folding take the next one into the newest, and the session is logged', async () => {
    const { rider, friend, place } = await taggingPair();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push(((await tag(rider, place.id, friend)).json() as { id: string }).id);
    // As the pentest left them: one unread notification per session.
    await db()
      .updateTable('notifications')
      .set({ data: sql`data - 'count'` })
      .where('user_id', '=', friend.id)
      .where('type', '=', 'session_tag')
      .execute();
    await db()
      .insertInto('notifications')
      .values({ user_id: friend.id, type: 'session_tag', actor_id: rider.id, subject_type: 'session', subject_id: ids[0]!, data: JSON.stringify({}) })
      .execute();
    const res = await tag(rider, place.id, friend);
    expect(res.statusCode, res.body).toBe(201);
    const subjects = await db()
      .selectFrom('notifications')
      .select('subject_id')
      .where('user_id', '=', friend.id)
      .where('type', '=', 'session_tag')
      .orderBy('id')
      .execute();
    expect(subjects.map((n) => n.subject_id)).toEqual([ids[1], (res.json() as { id: string }).id]);
  });

  test('deleting the session of a folded notification leaves it to a tag not told on its own already', async () => {
    const { rider, friend, place } = await taggingPair();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push(((await tag(rider, place.id, friend)).json() as { id: string }).id);
    // The first tag's own notification from before folding, still there.
    await db()
      .insertInto('notifications')
      .values({ user_id: friend.id, type: 'session_tag', actor_id: rider.id, subject_type: 'session', subject_id: ids[0]!, data: JSON.stringify({}) })
      .execute();
    expect((await call('DELETE', `/api/sessions/${ids[1]}`, rider)).statusCode).toBe(204);
    const left = await db().selectFrom('notifications').select('subject_id').where('user_id', '=', friend.id).where('type', '=', 'session_tag').execute();
    expect(left.map((n) => n.subject_id)).toEqual([ids[0]]);
  });
});
