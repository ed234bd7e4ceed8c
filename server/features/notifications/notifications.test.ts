import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationPage, type NotificationPreferences } from '../../../common/notifications.ts';
import { contentTestKit, expectError, type User } from '../../test/content-kit.ts';
import { sendNotificationDigests } from './digest.ts';
import { statementsDuring } from '../../test/test-app.ts';

const kit = contentTestKit('place');
const { call, token, user } = kit;
const db = () => kit.t.app.db;

let leader: User;
let rider: User;
let other: User;
beforeAll(async () => {
  [leader, rider, other] = [await user('Lea Leader'), await user('Rita Rider'), await user('Otto Other')];
});

type Row = { user: string; type: string; actor: string | null; subjectType: string | null; subjectId: string | null; data: Record<string, unknown> };

/** The id of the newest notification so far: what an action recorded comes after it. */
async function mark(): Promise<number> {
  const row = await db()
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Every notification recorded after `since`, for anyone, oldest first. */
async function since(from: number): Promise<Row[]> {
  const rows = await db().selectFrom('notifications').selectAll().where('id', '>', from).orderBy('id').execute();
  return rows.map((r) => ({ user: r.user_id, type: r.type, actor: r.actor_id, subjectType: r.subject_type, subjectId: r.subject_id, data: r.data }));
}

async function ok(res: { statusCode: number; body: string }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
}

async function adminTeam(body: { leaderId: string; memberIds?: string[]; isPrivate?: boolean; name?: string }, id?: string) {
  const payload = {
    name: body.name ?? `Crew ${token()}`,
    type: 'Amateur',
    isPrivate: body.isPrivate ?? false,
    leaderId: body.leaderId,
    memberIds: body.memberIds ?? [],
    disciplineIds: [],
  };
  const res = await call(id ? 'PUT' : 'POST', id ? `/api/admin/teams/${id}` : '/api/admin/teams', kit.admin, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: string; name: string };
}

/** An approved place of `author`, through the admins' queue. */
async function approvedPlace(author: User) {
  const res = await call('POST', '/api/disciplines/surfing/places', author, {
    name: `Spot ${token()}`,
    location: 'Hossegor, France',
    latitude: 43.66,
    longitude: -1.44,
  });
  await ok(res, 201);
  const place = res.json() as { id: string; name: string };
  await kit.decide(place.id, 'approved');
  return place;
}

describe('triggers', () => {
  test('a join request tells the leader; its answer tells the requester', async () => {
    const team = await adminTeam({ leaderId: leader.id, isPrivate: true });
    let from = await mark();
    await ok(await call('POST', `/api/teams/${team.id}/join`, rider));
    expect(await since(from)).toEqual([
      { user: leader.id, type: 'join_request', actor: rider.id, subjectType: 'team', subjectId: team.id, data: { teamName: team.name } },
    ]);

    // Asking again while pending records nothing more.
    from = await mark();
    expect((await call('POST', `/api/teams/${team.id}/join`, rider)).statusCode).toBe(409);
    expect(await since(from)).toEqual([]);

    const requests = (await call('GET', `/api/teams/${team.id}/join-requests`, leader)).json() as { id: string }[];
    from = await mark();
    await ok(await call('POST', `/api/teams/${team.id}/join-requests/${requests[0]!.id}/decline`, leader));
    expect(await since(from)).toEqual([
      { user: rider.id, type: 'join_answer', actor: leader.id, subjectType: 'team', subjectId: team.id, data: { teamName: team.name, decision: 'declined' } },
    ]);

    await ok(await call('POST', `/api/teams/${team.id}/join`, rider));
    const again = (await call('GET', `/api/teams/${team.id}/join-requests`, leader)).json() as { id: string }[];
    from = await mark();
    await ok(await call('POST', `/api/teams/${team.id}/join-requests/${again[0]!.id}/accept`, leader));
    // The decline is still unread: the answer folds into it (one notification, now saying accepted).
    expect(await since(from)).toEqual([]);
    const answers = await db()
      .selectFrom('notifications')
      .select(['data', 'read_at'])
      .where('user_id', '=', rider.id)
      .where('type', '=', 'join_answer')
      .where('subject_id', '=', team.id)
      .execute();
    expect(answers).toEqual([{ data: { teamName: team.name, decision: 'accepted' }, read_at: null }]);
  });

  test('being invited or made leader is told; joining a public team oneself or accepting tells nobody', async () => {
    const team = await adminTeam({ leaderId: leader.id });
    let from = await mark();
    await ok(await call('POST', `/api/teams/${team.id}/join`, other));
    expect(await since(from)).toEqual([]);

    from = await mark();
    await ok(await call('POST', `/api/teams/${team.id}/members`, leader, { userId: rider.id }), 201);
    expect(await since(from)).toEqual([
      { user: rider.id, type: 'team_invite', actor: leader.id, subjectType: 'team', subjectId: team.id, data: { teamName: team.name } },
    ]);

    from = await mark();
    await ok(await call('POST', `/api/teams/${team.id}/invitation/accept`, rider));
    expect(await since(from)).toEqual([]);

    from = await mark();
    await ok(await call('POST', `/api/teams/${team.id}/transfer`, leader, { userId: rider.id }));
    expect(await since(from)).toEqual([
      { user: rider.id, type: 'team_leader', actor: leader.id, subjectType: 'team', subjectId: team.id, data: { teamName: team.name } },
    ]);
  });

  test('the admin team save invites new members and tells a new leader only', async () => {
    const newcomer = await user();
    let from = await mark();
    const team = await adminTeam({ leaderId: leader.id, memberIds: [rider.id] });
    expect((await since(from)).map((r) => [r.user, r.type, r.actor])).toEqual([
      [leader.id, 'team_leader', kit.admin.id],
      [rider.id, 'team_invite', kit.admin.id],
    ]);
    await ok(await call('POST', `/api/teams/${team.id}/invitation/accept`, rider));

    // Same leader, rider stays, newcomer is invited and accepts.
    from = await mark();
    await adminTeam({ name: team.name, leaderId: leader.id, memberIds: [rider.id, newcomer.id] }, team.id);
    expect((await since(from)).map((r) => [r.user, r.type])).toEqual([[newcomer.id, 'team_invite']]);
    await ok(await call('POST', `/api/teams/${team.id}/invitation/accept`, newcomer));

    // Rider becomes leader: the one notification is about leadership.
    from = await mark();
    await adminTeam({ name: team.name, leaderId: rider.id, memberIds: [leader.id, newcomer.id] }, team.id);
    expect(await since(from)).toEqual([
      { user: rider.id, type: 'team_leader', actor: kit.admin.id, subjectType: 'team', subjectId: team.id, data: { teamName: team.name } },
    ]);
  });

  test('approval, likes (once a day) and comments tell the author, never for their own', async () => {
    const res = await call('POST', '/api/disciplines/surfing/places', rider, {
      name: `Spot ${token()}`,
      location: 'Hossegor, France',
      latitude: 43.66,
      longitude: -1.44,
    });
    await ok(res, 201);
    const place = res.json() as { id: string; name: string };
    let from = await mark();
    await kit.decide(place.id, 'approved');
    expect(await since(from)).toEqual([
      {
        user: rider.id,
        type: 'approval',
        actor: kit.admin.id,
        subjectType: 'place',
        subjectId: place.id,
        data: { decision: 'approved', itemType: 'place', itemName: place.name, disciplineId: 'surfing' },
      },
    ]);

    const like = `/api/content/place/${place.id}/like`;
    from = await mark();
    await ok(await call('PUT', like, other));
    await ok(await call('PUT', like, other));
    await ok(await call('DELETE', like, other));
    await ok(await call('PUT', like, other));
    await ok(await call('PUT', like, rider));
    expect(await since(from)).toEqual([
      {
        user: rider.id,
        type: 'like',
        actor: other.id,
        subjectType: 'place',
        subjectId: place.id,
        data: { itemName: place.name, itemType: 'place', disciplineId: 'surfing' },
      },
    ]);

    from = await mark();
    await ok(await call('POST', `/api/content/place/${place.id}/comments`, other, { body: 'Great spot' }), 201);
    await ok(await call('POST', `/api/content/place/${place.id}/comments`, rider, { body: 'Thanks' }), 201);
    expect(await since(from)).toMatchObject([
      { user: rider.id, type: 'comment', actor: other.id, subjectType: 'place', subjectId: place.id, data: { itemName: place.name } },
    ]);
  });

  test('a rejected contribution is told with its decision', async () => {
    const res = await call('POST', '/api/disciplines/surfing/places', other, {
      name: `Spot ${token()}`,
      location: 'Anglet, France',
      latitude: 43.5,
      longitude: -1.5,
    });
    const place = res.json() as { id: string };
    const from = await mark();
    await kit.decide(place.id, 'rejected');
    expect(await since(from)).toMatchObject([{ user: other.id, type: 'approval', data: { decision: 'rejected' } }]);
  });

  test('a new follower is told once', async () => {
    const fan = await user('Fay Fan');
    const from = await mark();
    await ok(await call('PUT', `/api/profiles/${rider.id}/follow`, fan));
    await ok(await call('PUT', `/api/profiles/${rider.id}/follow`, fan));
    expect(await since(from)).toEqual([{ user: rider.id, type: 'follower', actor: fan.id, subjectType: 'profile', subjectId: fan.id, data: {} }]);
  });

  test('event changes tell attendees and waitlisters, a freed place tells the promoted one', async () => {
    const organizer = kit.admin;
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const end = new Date(Date.now() + 11 * 86_400_000).toISOString();
    const res = await call('POST', '/api/disciplines/surfing/events', organizer, {
      name: `Contest ${token()}`,
      description: 'A contest.',
      location: 'Biarritz',
      startDate: start,
      endDate: end,
      type: 'Competition',
      price: 0,
      maxAttendees: 1,
    });
    await ok(res, 201);
    const event = res.json() as { id: string; name: string };
    const data = { itemName: event.name, itemType: 'event', disciplineId: 'surfing' };
    await ok(await call('PUT', `/api/events/${event.id}/rsvp`, rider));
    await ok(await call('PUT', `/api/events/${event.id}/rsvp`, other));

    let from = await mark();
    await ok(await call('DELETE', `/api/events/${event.id}/rsvp`, rider));
    expect(await since(from)).toEqual([{ user: other.id, type: 'waitlist_promoted', actor: null, subjectType: 'event', subjectId: event.id, data }]);

    await ok(await call('PUT', `/api/events/${event.id}/rsvp`, rider)); // waiting now
    await ok(await call('PUT', `/api/events/${event.id}/rsvp`, organizer)); // waiting too: the editor is not told

    from = await mark();
    await ok(await call('PATCH', `/api/events/${event.id}`, organizer, { description: 'Now with music.', location: 'Biarritz' }));
    expect(await since(from)).toEqual([]);

    from = await mark();
    await ok(await call('PATCH', `/api/events/${event.id}`, organizer, { location: 'Hossegor' }));
    expect((await since(from)).map((r) => [r.user, r.type, r.actor, r.data])).toEqual([
      [other.id, 'event_changed', organizer.id, data],
      [rider.id, 'event_changed', organizer.id, data],
    ]);

    // Once read, a change more than an hour later is news again.
    await sql`update notifications set read_at = now(), created_at = now() - interval '2 hours' where type = 'event_changed' and subject_id = ${event.id}`.execute(
      db(),
    );
    from = await mark();
    await ok(await call('PATCH', `/api/events/${event.id}`, organizer, { startDate: new Date(Date.parse(start) + 3600_000).toISOString() }));
    expect((await since(from)).map((r) => r.user).sort()).toEqual([other.id, rider.id].sort());

    // Unread, the cancellation folds into that one: no second notification, its details updated.
    from = await mark();
    await ok(await call('DELETE', `/api/events/${event.id}`, organizer), 204);
    expect(await since(from)).toEqual([]);
    const changed = await db()
      .selectFrom('notifications')
      .select(['user_id', 'data'])
      .where('type', '=', 'event_changed')
      .where('subject_id', '=', event.id)
      .where('read_at', 'is', null)
      .orderBy('user_id')
      .execute();
    expect(changed.map((r) => [r.user_id, r.data.cancelled])).toEqual([other.id, rider.id].sort().map((id) => [id, true]));
  });

  test('a type switched off records nothing; a blocked actor is refused and records nothing', async () => {
    const author = await user();
    const fan = await user();
    const pest = await user();
    await ok(await call('PUT', '/api/notifications/preferences', author, { follower: 'off' }));
    await db().insertInto('user_blocks').values({ blocker_id: author.id, blocked_id: pest.id }).execute();
    const place = await approvedPlace(author);

    const from = await mark();
    await ok(await call('PUT', `/api/profiles/${author.id}/follow`, fan));
    await ok(await call('PUT', `/api/content/place/${place.id}/like`, pest), 403);
    await ok(await call('POST', `/api/content/place/${place.id}/comments`, pest, { body: 'Meh' }), 403);
    await ok(await call('PUT', `/api/content/place/${place.id}/like`, fan));
    expect((await since(from)).map((r) => [r.user, r.type, r.actor])).toEqual([[author.id, 'like', fan.id]]);
  });
});

describe('notifications API', () => {
  async function page(who: User, query = ''): Promise<NotificationPage> {
    const res = await call('GET', `/api/notifications${query}`, who);
    await ok(res);
    return res.json() as NotificationPage;
  }

  async function unread(who: User): Promise<number> {
    const res = await call('GET', '/api/notifications/unread-count', who);
    await ok(res);
    return (res.json() as { count: number }).count;
  }

  test('anonymous callers get 401 everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/1/read'],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ] as const) {
      expectError(await call(method, url, null, method === 'PUT' ? { like: 'off' } : undefined), 401, 'UNAUTHORIZED');
    }
  });

  test('lists newest first with paging, marks one or all read, and refuses another user', async () => {
    const owner = await user('Olga Owner');
    const fans = [await user('Fan One'), await user('Fan Two'), await user('Fan Three')];
    for (const fan of fans) await ok(await call('PUT', `/api/profiles/${owner.id}/follow`, fan));

    let first!: NotificationPage;
    // The page and its unread count in one statement.
    const statements = await statementsDuring(kit.t, async () => {
      first = await page(owner, '?limit=2');
    });
    expect(statements.filter((sql) => /from "?notifications"?/.test(sql))).toHaveLength(1);
    expect(first.items.map((n) => n.actor?.name)).toEqual(['Fan Three', 'Fan Two']);
    expect(first).toMatchObject({ hasMore: true, unreadCount: 3 });
    expect(first.items[0]).toMatchObject({
      type: 'follower',
      read: false,
      subjectType: 'profile',
      subjectId: fans[2]!.id,
      actor: { id: fans[2]!.id, avatarUrl: null },
    });
    const second = await page(owner, `?limit=2&before=${first.items[1]!.id}`);
    expect(second.items.map((n) => n.actor?.name)).toEqual(['Fan One']);
    expect(second).toMatchObject({ hasMore: false, unreadCount: 3 });
    // A page past the last one still counts what is unread (the count rides on the page's rows).
    expect(await page(owner, `?limit=2&before=${second.items[0]!.id}`)).toEqual({ items: [], hasMore: false, unreadCount: 3 });
    expect(await unread(owner)).toBe(3);

    // Someone else's notification: 404, still unread.
    const target = first.items[0]!.id;
    expectError(await call('POST', `/api/notifications/${target}/read`, rider), 404, 'NOT_FOUND');
    expectError(await call('POST', '/api/notifications/not-a-number/read', owner), 404, 'NOT_FOUND');
    expect((await db().selectFrom('notifications').select('read_at').where('id', '=', target).executeTakeFirstOrThrow()).read_at).toBeNull();
    expect(await unread(owner)).toBe(3);
    // Nor does another user see them.
    expect((await page(rider)).items.some((n) => n.id === target)).toBe(false);

    await ok(await call('POST', `/api/notifications/${target}/read`, owner), 204);
    await ok(await call('POST', `/api/notifications/${target}/read`, owner), 204);
    expect(await unread(owner)).toBe(2);
    expect((await page(owner)).items.find((n) => n.id === target)?.read).toBe(true);
    expect((await page(owner)).unreadCount).toBe(2);

    const riderUnread = await unread(rider);
    await ok(await call('POST', '/api/notifications/read-all', owner), 204);
    expect(await unread(owner)).toBe(0);
    expect((await page(owner)).items.every((n) => n.read)).toBe(true);
    expect((await page(owner)).unreadCount).toBe(0);
    // Another user's stay as they were.
    expect(await unread(rider)).toBe(riderUnread);
  });

  test('the list query is validated', async () => {
    for (const query of ['?limit=0', '?limit=51', '?before=-1', '?before=abc']) {
      expect((await call('GET', `/api/notifications${query}`, rider)).statusCode, query).toBe(400);
    }
  });

  test('preferences: in app by default, partial updates, unknown type or channel refused', async () => {
    const someone = await user();
    const res = await call('GET', '/api/notifications/preferences', someone);
    await ok(res);
    expect(res.json()).toEqual(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, 'in_app'])));

    const saved = await call('PUT', '/api/notifications/preferences', someone, { like: 'off', comment: 'email' });
    await ok(saved);
    expect(saved.json()).toMatchObject({ like: 'off', comment: 'email', follower: 'in_app' });

    for (const body of [{ poke: 'off' }, { like: 'sms' }, { like: null }, []]) {
      const refused = await call('PUT', '/api/notifications/preferences', someone, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect((refused.json() as { code: string }).code).toBe('VALIDATION_ERROR');
    }
    const after = (await call('GET', '/api/notifications/preferences', someone)).json() as NotificationPreferences;
    expect(after).toMatchObject({ like: 'off', comment: 'email' });
    expect(Object.keys(after).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });
});

describe('e-mail digest', () => {
  test('one mail per user in their language, listing each notification once', async () => {
    const french = await user('Françoise');
    const fan = await user('Jean Fan');
    const english = await user('Eddie');
    await db().updateTable('profiles').set({ preferred_language: 'fr' }).where('id', '=', french.id).execute();
    await ok(await call('PUT', '/api/notifications/preferences', french, { follower: 'email', like: 'email' }));
    await ok(await call('PUT', '/api/notifications/preferences', english, { follower: 'email' }));
    const place = await approvedPlace(french);
    await ok(await call('PUT', `/api/profiles/${french.id}/follow`, fan));
    await ok(await call('PUT', `/api/content/place/${place.id}/like`, fan));
    // In app only: not mailed.
    await ok(await call('POST', `/api/content/place/${place.id}/comments`, fan, { body: 'Nice' }), 201);
    await ok(await call('PUT', `/api/profiles/${english.id}/follow`, fan));

    const mails = kit.t.mails;
    const before = mails.length;
    expect(await sendNotificationDigests(kit.t.app)).toBe(2);
    const sent = mails.slice(before);
    const toFrench = sent.filter((m) => m.to === french.email);
    expect(toFrench).toHaveLength(1);
    expect(toFrench[0]!.subject).toBe('2 nouvelles notifications sur Stoked');
    expect(toFrench[0]!.text).toContain('Bonjour Françoise,');
    expect(toFrench[0]!.text).toContain('Jean Fan a commencé à vous suivre');
    expect(toFrench[0]!.text).toContain(`Jean Fan a aimé ${place.name}`);
    expect(toFrench[0]!.text).toContain(`http://localhost:3000/discipline/surfing/places/${place.id}`);
    expect(toFrench[0]!.text).not.toContain('commenté');
    const toEnglish = sent.filter((m) => m.to === english.email);
    expect(toEnglish.map((m) => m.subject)).toEqual(['1 new notification on Stoked']);
    expect(toEnglish[0]!.text).toContain('Jean Fan started following you');

    const emailed = await db().selectFrom('notifications').select(['type', 'emailed_at']).where('user_id', '=', french.id).execute();
    expect(
      emailed
        .filter((n) => n.emailed_at !== null)
        .map((n) => n.type)
        .sort(),
    ).toEqual(['follower', 'like']);

    // A second run has nothing left to send.
    expect(await sendNotificationDigests(kit.t.app)).toBe(0);
    expect(mails.length).toBe(before + 2);
  });

  test('an Arabic digest reads right to left in its HTML part, with no English left in either part', async () => {
    const reader = await user('Layla');
    await db().updateTable('profiles').set({ preferred_language: 'ar' }).where('id', '=', reader.id).execute();
    await ok(await call('PUT', '/api/notifications/preferences', reader, { follower: 'email' }));
    await ok(await call('PUT', `/api/profiles/${reader.id}/follow`, await user('Omar Fan')));
    const before = kit.t.mails.length;
    await sendNotificationDigests(kit.t.app);
    const [mail] = kit.t.mails.slice(before).filter((m) => m.to === reader.email);
    expect(mail!.subject).toBe('إشعار جديد على Stoked');
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    for (const part of [mail!.text, mail!.html!]) {
      expect(part).toContain('مرحبًا Layla،');
      expect(part).not.toMatch(/Here is what happened|started following you|Choose which notifications/);
    }
  });

  test('notifications read in the app, or from before e-mail was chosen, are not mailed', async () => {
    const reader = await user();
    await ok(await call('PUT', `/api/profiles/${reader.id}/follow`, await user()));
    await ok(await call('PUT', '/api/notifications/preferences', reader, { follower: 'email' }));
    const fan = await user();
    await ok(await call('PUT', `/api/profiles/${reader.id}/follow`, fan));
    await ok(await call('POST', '/api/notifications/read-all', reader), 204);
    const before = kit.t.mails.length;
    await sendNotificationDigests(kit.t.app);
    expect(kit.t.mails.slice(before).filter((m) => m.to === reader.email)).toEqual([]);
  });
});
