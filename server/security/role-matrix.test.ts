import { beforeAll, describe, expect, test } from 'vitest';
import { WRITE_METHODS } from '../lib/http-cache.ts';
import { contentTestKit, ORIGIN, type User } from '../test/content-kit.ts';
import { fingerprint } from '../test/db-fingerprint.ts';
import { png } from '../test/image-fixtures.ts';
import { fileUpload } from '../test/multipart.ts';
import { pushBrowser } from '../test/push-receiver.ts';
import { CONTENT, DISCIPLINE, insertContent, insertTeam, IS_STREAM, openApi, routesOf, type OpenApi } from './catalogue.ts';

/**
 * Role × endpoint matrix over every write route of the API (admin routes: see
 * admin/admin-authorization.test.ts; /api/auth/*: see auth tests). For each route: an anonymous
 * call is refused with 401 and writes nothing; each role that must not act (a plain user, a team
 * member, another team's leader, another user than the author) gets 403 and writes nothing; each
 * role that may act (the leader, the author, the admin…) succeeds on the very same request.
 * The routes come from the OpenAPI document, so a new write route fails the coverage test until
 * it has a row here.
 */
const kit = contentTestKit('place');
const db = () => kit.t.app.db;

type Role = 'user' | 'member' | 'leader' | 'otherLeader' | 'author' | 'admin';
let users: Record<Exclude<Role, 'admin'>, User>;
const as = (role: Role): User => (role === 'admin' ? kit.admin : users[role]);
let doc: OpenApi;

beforeAll(async () => {
  const [user, member, leader, otherLeader, author] = await Promise.all(
    ['User', 'Member', 'Leader', 'Other Leader', 'Author'].map((n) => kit.user(`${n} ${kit.token('r')}`)),
  );
  users = { user: user!, member: member!, leader: leader!, otherLeader: otherLeader!, author: author! };
  await insertTeam(db(), users.otherLeader);
  doc = await openApi(kit);
});

type Request = { url: string; body?: unknown; multipart?: boolean };
type Row = {
  /** Builds a fresh valid request (and the rows it needs); called once per role that may act. */
  build: () => Promise<Request>;
  /** Who succeeds ('anyone' includes visitors). */
  allowed: (Role | 'anyone')[];
  /** Signed-in roles refused with 403 FORBIDDEN. */
  refused?: Role[];
  /** Even the allowed call must leave the database as it was. */
  writesNothing?: boolean;
};

/** A fresh public team led by `leader` with `member`, and a pending join request by `user`. */
async function freshTeam() {
  const id = await insertTeam(db(), users.leader, [users.member]);
  const request = await db().insertInto('team_join_requests').values({ team_id: id, user_id: users.user.id }).returning('id').executeTakeFirstOrThrow();
  return { id, requestId: request.id };
}

/** A fresh team whose leader invited `user`. */
async function invitedTeam() {
  const { id } = await freshTeam();
  await db().insertInto('team_invitations').values({ team_id: id, user_id: users.user.id, invited_by: users.leader.id }).execute();
  return id;
}

const item = (section: (typeof CONTENT)[number]['section']) =>
  insertContent(
    db(),
    CONTENT.find((c) => c.section === section)!,
    users.author,
    `Item ${kit.token()}`,
  );
const place = () => item('places');

const MANAGERS: Pick<Row, 'allowed' | 'refused'> = { allowed: ['leader', 'admin'], refused: ['member', 'otherLeader', 'user'] };
const AUTHORS: Pick<Row, 'allowed' | 'refused'> = { allowed: ['author', 'admin'], refused: ['user', 'leader'] };
const SIGNED_IN: Pick<Row, 'allowed'> = { allowed: ['user'] };
const KEEPERS: Pick<Row, 'allowed' | 'refused'> = { allowed: ['admin'], refused: ['user', 'author', 'leader'] };

const ROWS: Record<string, Row> = {
  'POST /api/contact': {
    allowed: ['anyone'],
    build: async () => ({ url: '/api/contact', body: { name: 'Una', email: 'una@example.com', subject: 'Hi', message: 'Hello' } }),
  },
  // With an admin present it only reports that one exists.
  // A visitor's choice is only a cookie (nothing stored); a signed-in person's is saved as their mails' language.
  'PUT /api/language': { allowed: ['anyone'], build: async () => ({ url: '/api/language', body: { language: 'fr' } }) },
  'POST /api/setup-admin': { allowed: ['anyone'], writesNothing: true, build: async () => ({ url: '/api/setup-admin' }) },

  'PUT /api/disciplines/{id}/follow': { ...SIGNED_IN, build: async () => ({ url: `/api/disciplines/${DISCIPLINE}/follow` }) },
  'DELETE /api/disciplines/{id}/follow': { ...SIGNED_IN, build: async () => ({ url: `/api/disciplines/${DISCIPLINE}/follow` }) },

  'PATCH /api/profile': { ...SIGNED_IN, build: async () => ({ url: '/api/profile', body: { bio: `Bio ${kit.token()}` } }) },
  'PUT /api/profile/achievements': { ...SIGNED_IN, build: async () => ({ url: '/api/profile/achievements', body: { achievements: ['Won a heat'] } }) },
  'PUT /api/profile/avatar': { ...SIGNED_IN, build: async () => ({ url: '/api/profile/avatar', multipart: true }) },
  'DELETE /api/profile/avatar': { ...SIGNED_IN, build: async () => ({ url: '/api/profile/avatar' }) },
  'PUT /api/profile/banner': { ...SIGNED_IN, build: async () => ({ url: '/api/profile/banner', multipart: true }) },
  'DELETE /api/profile/banner': { ...SIGNED_IN, build: async () => ({ url: '/api/profile/banner' }) },
  'PUT /api/profiles/{id}/follow': { ...SIGNED_IN, build: async () => ({ url: `/api/profiles/${users.author.id}/follow` }) },
  'DELETE /api/profiles/{id}/follow': { ...SIGNED_IN, build: async () => ({ url: `/api/profiles/${users.author.id}/follow` }) },

  'POST /api/teams': { ...SIGNED_IN, build: async () => ({ url: '/api/teams', body: { name: `Crew ${kit.token()}`, disciplineIds: [DISCIPLINE] } }) },
  'PATCH /api/teams/{id}': { ...MANAGERS, build: async () => ({ url: `/api/teams/${(await freshTeam()).id}`, body: { name: `Renamed ${kit.token()}` } }) },
  'DELETE /api/teams/{id}': { ...MANAGERS, build: async () => ({ url: `/api/teams/${(await freshTeam()).id}` }) },
  'POST /api/teams/{id}/join': { allowed: ['user', 'otherLeader'], build: async () => ({ url: `/api/teams/${await insertTeam(db(), users.leader)}/join` }) },
  'DELETE /api/teams/{id}/membership': { allowed: ['member'], build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/membership` }) },
  'DELETE /api/teams/{id}/join-request': { allowed: ['user'], build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/join-request` }) },
  'POST /api/teams/{id}/join-requests/{requestId}/accept': {
    ...MANAGERS,
    build: async () => {
      const t = await freshTeam();
      return { url: `/api/teams/${t.id}/join-requests/${t.requestId}/accept` };
    },
  },
  'POST /api/teams/{id}/join-requests/{requestId}/decline': {
    ...MANAGERS,
    build: async () => {
      const t = await freshTeam();
      return { url: `/api/teams/${t.id}/join-requests/${t.requestId}/decline` };
    },
  },
  'POST /api/teams/{id}/members': {
    ...MANAGERS,
    build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/members`, body: { userId: users.user.id } }),
  },
  'DELETE /api/teams/{id}/invitations/{userId}': {
    ...MANAGERS,
    build: async () => ({ url: `/api/teams/${await invitedTeam()}/invitations/${users.user.id}` }),
  },
  'POST /api/teams/{id}/invitation/accept': { allowed: ['user'], build: async () => ({ url: `/api/teams/${await invitedTeam()}/invitation/accept` }) },
  'POST /api/teams/{id}/invitation/decline': { allowed: ['user'], build: async () => ({ url: `/api/teams/${await invitedTeam()}/invitation/decline` }) },
  'DELETE /api/teams/{id}/members/{userId}': { ...MANAGERS, build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/members/${users.member.id}` }) },
  'POST /api/teams/{id}/transfer': {
    ...MANAGERS,
    build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/transfer`, body: { userId: users.member.id } }),
  },
  'PUT /api/teams/{id}/logo': { ...MANAGERS, build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/logo`, multipart: true }) },
  'DELETE /api/teams/{id}/logo': { ...MANAGERS, build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/logo` }) },
  'PUT /api/teams/{id}/banner': { ...MANAGERS, build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/banner`, multipart: true }) },
  'DELETE /api/teams/{id}/banner': { ...MANAGERS, build: async () => ({ url: `/api/teams/${(await freshTeam()).id}/banner` }) },

  ...Object.fromEntries(
    CONTENT.flatMap((spec) => [
      [
        `POST /api/disciplines/{id}/${spec.section}`,
        { ...SIGNED_IN, build: async () => ({ url: `/api/disciplines/${DISCIPLINE}/${spec.section}`, body: spec.input(`Item ${kit.token()}`) }) },
      ],
      [
        `PATCH /api/${spec.section}/{id}`,
        { ...AUTHORS, build: async () => ({ url: `/api/${spec.section}/${await item(spec.section)}`, body: { [spec.nameField]: `Renamed ${kit.token()}` } }) },
      ],
      [`DELETE /api/${spec.section}/{id}`, { ...AUTHORS, build: async () => ({ url: `/api/${spec.section}/${await item(spec.section)}` }) }],
    ]),
  ),

  'PUT /api/tricks/{id}/progress': { ...SIGNED_IN, build: async () => ({ url: `/api/tricks/${await item('tricks')}/progress`, body: { state: 'landed' } }) },
  'DELETE /api/tricks/{id}/progress': { ...SIGNED_IN, build: async () => ({ url: `/api/tricks/${await item('tricks')}/progress` }) },
  'PUT /api/events/{id}/rsvp': { ...SIGNED_IN, build: async () => ({ url: `/api/events/${await item('events')}/rsvp` }) },
  'DELETE /api/events/{id}/rsvp': { ...SIGNED_IN, build: async () => ({ url: `/api/events/${await item('events')}/rsvp` }) },
  // A date of a series and its later dates (here a single event: the same editors may).
  'DELETE /api/events/{id}/following': { ...AUTHORS, build: async () => ({ url: `/api/events/${await item('events')}/following` }) },
  // A place's access: admins and its stewards (server/features/places/place-access.test.ts has the stewards); its author may not.
  'PUT /api/places/{id}/access': { ...KEEPERS, build: async () => ({ url: `/api/places/${await place()}/access`, body: { status: 'closed' } }) },
  'POST /api/places/{id}/closures': {
    ...KEEPERS,
    build: async () => ({ url: `/api/places/${await place()}/closures`, body: { startsOn: '2031-03-01', endsOn: '2031-07-31', reason: 'Nesting' } }),
  },
  'DELETE /api/places/{id}/closures/{closureId}': {
    ...KEEPERS,
    build: async () => {
      const placeId = await place();
      const c = await db()
        .insertInto('place_closures')
        .values({ place_id: placeId, starts_on: '2031-03-01', ends_on: '2031-03-02', reason: 'Works' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/places/${placeId}/closures/${c.id}` };
    },
  },
  'POST /api/places/{id}/stewards': { ...KEEPERS, build: async () => ({ url: `/api/places/${await place()}/stewards`, body: { userId: users.user.id } }) },
  'DELETE /api/places/{id}/stewards/{userId}': {
    ...KEEPERS,
    build: async () => {
      const placeId = await place();
      await db().insertInto('place_stewards').values({ place_id: placeId, user_id: users.member.id }).execute();
      return { url: `/api/places/${placeId}/stewards/${users.member.id}` };
    },
  },
  'PUT /api/content/{type}/{id}/like': { ...SIGNED_IN, build: async () => ({ url: `/api/content/place/${await place()}/like` }) },
  'DELETE /api/content/{type}/{id}/like': { ...SIGNED_IN, build: async () => ({ url: `/api/content/place/${await place()}/like` }) },
  'POST /api/content/{type}/{id}/comments': {
    ...SIGNED_IN,
    build: async () => ({ url: `/api/content/place/${await place()}/comments`, body: { body: 'Nice spot' } }),
  },
  'PUT /api/content/{type}/{id}/rating': {
    ...SIGNED_IN,
    build: async () => ({ url: `/api/content/review/${await item('reviews')}/rating`, body: { score: 4 } }),
  },
  'DELETE /api/content/{type}/{id}/rating': { ...SIGNED_IN, build: async () => ({ url: `/api/content/review/${await item('reviews')}/rating` }) },
  'DELETE /api/comments/{id}': {
    allowed: ['author', 'admin'],
    refused: ['user', 'leader'],
    build: async () => {
      const placeId = await place();
      const c = await db()
        .insertInto('comments')
        .values({ item_type: 'place', item_id: placeId, author_id: users.author.id, body: 'Mine' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/comments/${c.id}` };
    },
  },

  // Condition reports (issue 20, item 2): any rider on a place they can see; a report is deleted by its reporter or an admin.
  'POST /api/places/{id}/conditions': {
    ...SIGNED_IN,
    build: async () => ({ url: `/api/places/${await place()}/conditions`, body: { kind: 'water', size: 'small', wind: 'light', crowd: 'some' } }),
  },
  'DELETE /api/condition-reports/{id}': {
    allowed: ['author', 'admin'],
    refused: ['user', 'leader'],
    build: async () => ({ url: `/api/condition-reports/${await conditionReport()}` }),
  },
  'PUT /api/condition-reports/{id}/like': { ...SIGNED_IN, build: async () => ({ url: `/api/condition-reports/${await conditionReport()}/like` }) },
  'DELETE /api/condition-reports/{id}/like': { ...SIGNED_IN, build: async () => ({ url: `/api/condition-reports/${await conditionReport()}/like` }) },

  // Sessions (issue 20, item 1): any rider at a place they can see; deleted by its author or an admin; a tag answered by the tagged person alone.
  'POST /api/sessions': { ...SIGNED_IN, build: async () => ({ url: '/api/sessions', body: { placeId: await place(), when: 'now' } }) },
  'DELETE /api/sessions/{id}': { ...AUTHORS, build: async () => ({ url: `/api/sessions/${await rideSession()}` }) },
  'POST /api/sessions/{id}/companion': {
    allowed: ['user'],
    refused: ['leader', 'author'],
    build: async () => ({ url: `/api/sessions/${await rideSession(users.user)}/companion`, body: { accept: true } }),
  },
  // Photos (issue 20, item 5): added, changed and deleted by the item's author or an admin.
  'POST /api/photos/{subjectType}/{subjectId}': { ...AUTHORS, build: async () => ({ url: `/api/photos/place/${await place()}`, multipart: true }) },
  'PATCH /api/photos/{id}': { ...AUTHORS, build: async () => ({ url: `/api/photos/${await photo()}`, body: { alt: `Alt ${kit.token()}` } }) },
  'DELETE /api/photos/{id}': { ...AUTHORS, build: async () => ({ url: `/api/photos/${await photo()}` }) },

  // Someone else's notification or conversation answers 404 (its existence is not revealed): see their own tests.
  'POST /api/notifications/{id}/read': { allowed: ['author'], build: async () => ({ url: `/api/notifications/${await notificationFor(users.author)}/read` }) },
  'POST /api/notifications/read-all': { ...SIGNED_IN, build: async () => ({ url: '/api/notifications/read-all' }) },
  'PUT /api/notifications/preferences': { ...SIGNED_IN, build: async () => ({ url: '/api/notifications/preferences', body: { like: 'off' } }) },
  'POST /api/conversations': { ...SIGNED_IN, build: async () => ({ url: '/api/conversations', body: { userId: users.author.id } }) },
  'POST /api/conversations/{id}/messages': {
    allowed: ['author'],
    build: async () => ({ url: `/api/conversations/${await conversation()}/messages`, body: { body: 'See you at the spot' } }),
  },
  'POST /api/conversations/{id}/read': {
    allowed: ['author'],
    build: async () => {
      const id = await conversation();
      const m = await db()
        .insertInto('messages')
        .values({ conversation_id: id, sender_id: users.leader.id, body: 'Hi' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/conversations/${id}/read`, body: { messageId: Number(m.id) } };
    },
  },
  'POST /api/me/calendar-feed': { ...SIGNED_IN, build: async () => ({ url: '/api/me/calendar-feed' }) },
  'DELETE /api/me/calendar-feed': { ...SIGNED_IN, build: async () => ({ url: '/api/me/calendar-feed' }) },
  // Push devices (issue 21, item 4): one's own only; someone else's answers 404.
  'POST /api/push/devices': { ...SIGNED_IN, build: async () => ({ url: '/api/push/devices', body: pushBrowser(FCM).subscription }) },
  'DELETE /api/push/devices/{id}': { allowed: ['author'], build: async () => ({ url: `/api/push/devices/${await pushDevice(users.author)}` }) },
  // Blocks between the two people no other row relies on.
  'PUT /api/profiles/{id}/block': { ...SIGNED_IN, build: async () => ({ url: `/api/profiles/${users.otherLeader.id}/block` }) },
  'DELETE /api/profiles/{id}/block': { ...SIGNED_IN, build: async () => ({ url: `/api/profiles/${users.otherLeader.id}/block` }) },
};

/** A current report by the author on a fresh place. */
/** A photo of a fresh place of the author's (its file addresses are made up: nothing is stored). */
async function photo(): Promise<string> {
  const variants = JSON.stringify({ 400: '/uploads/photos/00000000-0000-4000-8000-000000000002.webp' });
  const row = await db()
    .insertInto('photos')
    .values({ subject_type: 'place', subject_id: await place(), position: 0, variants, width: 400, height: 300, author_id: users.author.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function conditionReport(): Promise<string> {
  const values = JSON.stringify({ size: 'big', wind: 'none', crowd: 'empty' });
  const row = await db()
    .insertInto('condition_reports')
    .values({ place_id: await place(), author_id: users.author.id, kind: 'water', values, expires_at: new Date(Date.now() + 3_600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A public session of the author's at a fresh place, with `companion` tagged (pending). */
async function rideSession(companion?: User): Promise<string> {
  const row = await db()
    .insertInto('ride_sessions')
    .values({ author_id: users.author.id, place_id: await place(), discipline_id: DISCIPLINE, started_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (companion) await db().insertInto('ride_session_companions').values({ session_id: row.id, user_id: companion.id }).execute();
  return row.id;
}

const FCM = 'https://fcm.googleapis.com';
/** A push device of `user`'s, subscribed through the API (at a push service: nothing is sent). */
async function pushDevice(user: User): Promise<string> {
  const res = await kit.call('POST', '/api/push/devices', user, pushBrowser(FCM).subscription);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function notificationFor(user: User): Promise<number> {
  const row = await db()
    .insertInto('notifications')
    .values({ user_id: user.id, type: 'follower', actor_id: users.leader.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The conversation of the author and the leader. */
async function conversation(): Promise<string> {
  const [a, b] = [users.author.id, users.leader.id].sort() as [string, string];
  await db()
    .insertInto('conversations')
    .values({ user_a: a, user_b: b })
    .onConflict((oc) => oc.columns(['user_a', 'user_b']).doNothing())
    .execute();
  return (await db().selectFrom('conversations').select('id').where('user_a', '=', a).where('user_b', '=', b).executeTakeFirstOrThrow()).id;
}

/** Write routes the matrix must cover: admin and auth routes have their own suites. */
function coveredRoutes(): string[] {
  return routesOf(doc).filter((route) => {
    const [method, path] = route.split(' ') as [string, string];
    return WRITE_METHODS.has(method) && !path.startsWith('/api/admin/') && !path.startsWith('/api/auth/') && !IS_STREAM(path);
  });
}

async function send(method: string, request: Request, who: User | null) {
  const headers = { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) };
  if (!request.multipart) return kit.call(method as 'POST', request.url, who, request.body);
  const upload = fileUpload(await png(64, 64));
  return kit.t.app.inject({ method: method as 'PUT', url: request.url, payload: upload.payload, headers: { ...upload.headers, ...headers } });
}

describe('role × endpoint matrix', () => {
  test('every write route has a row here (and every row is a route)', () => {
    expect(Object.keys(ROWS).sort()).toEqual(coveredRoutes());
  });

  test.each(Object.keys(ROWS))('%s', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const row = ROWS[route]!;
    const request = await row.build();
    expect(request.url.startsWith(path.split('{')[0]!), `${route} builds a URL of its route`).toBe(true);

    const before = await fingerprint(db());
    if (!row.allowed.includes('anyone')) {
      const anonymous = await send(method, request, null);
      expect({ who: 'anonymous', status: anonymous.statusCode, code: anonymous.json().code }).toEqual({ who: 'anonymous', status: 401, code: 'UNAUTHORIZED' });
    }
    for (const role of row.refused ?? []) {
      const res = await send(method, request, as(role));
      expect({ who: role, status: res.statusCode, code: res.json().code }).toEqual({ who: role, status: 403, code: 'FORBIDDEN' });
    }
    expect(await fingerprint(db()), `${route}: a refused call wrote something`).toEqual(before);

    const allowed = row.allowed.map((role) => (role === 'anyone' ? null : as(role)));
    for (const [i, who] of allowed.entries()) {
      const res = await send(method, i === 0 ? request : await row.build(), who);
      expect(res.statusCode, `${route} as ${row.allowed[i]}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${route} as ${row.allowed[i]}: ${res.body}`).toBeLessThan(300);
    }
    if (row.writesNothing) expect(await fingerprint(db())).toEqual(before);
  });
});
