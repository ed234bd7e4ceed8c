import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { contentTestKit, type User } from '../test/content-kit.ts';
import { CONTENT, DISCIPLINE, IS_STREAM, openApi, routesOf, type OpenApi } from './catalogue.ts';

/**
 * No e-mail address, password hash, session token or verification flag of anyone in any GET
 * answer of the API (its own /api/me and /api/profile aside, which show the caller their own
 * e-mail), for anonymous visitors, another user and the people involved (author, leader).
 * Every GET route of the OpenAPI document is called with the ids of rows made below.
 */
const kit = contentTestKit('place');
const { call, token } = kit;
const db = () => kit.t.app.db;
let doc: OpenApi;
let author: User, leader: User, member: User, requester: User, follower: User, viewer: User;
const ids: Record<string, string> = {};

async function ok(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Record<string, unknown>;
}

beforeAll(async () => {
  doc = await openApi(kit);
  const people = await Promise.all(['Author', 'Leader', 'Member', 'Requester', 'Follower', 'Viewer'].map((n) => kit.user(`${n} ${token('p')}`)));
  [author, leader, member, requester, follower, viewer] = people as [User, User, User, User, User, User];
  for (const spec of CONTENT) {
    const item = await ok(await call('POST', `/api/disciplines/${DISCIPLINE}/${spec.section}`, author, spec.input(`Public ${token()}`)), 201);
    ids[spec.section] = item.id as string;
    await db().updateTable(spec.section).set({ status: 'approved' }).where('id', '=', ids[spec.section]!).execute();
    await ok(await call('POST', `/api/content/${spec.type}/${item.id}/comments`, follower, { body: 'Great one' }), 201);
    await ok(await call('PUT', `/api/content/${spec.type}/${item.id}/like`, follower));
  }
  await ok(await call('PUT', `/api/content/review/${ids.reviews}/rating`, follower, { score: 4 }));
  await ok(
    await call('POST', `/api/places/${ids.places}/conditions`, follower, { kind: 'water', size: 'small', wind: 'none', crowd: 'some', note: 'Fun' }),
    201,
  );
  await ok(await call('PUT', `/api/events/${ids.events}/rsvp`, follower));
  // Held at the place: the place's list of events is read with one in it.
  await db().updateTable('events').set({ place_id: ids.places! }).where('id', '=', ids.events!).execute();
  // A recurring series, its file read with its dates in it.
  const series = await ok(
    await call('POST', `/api/disciplines/${DISCIPLINE}/events`, author, {
      ...CONTENT.find((c) => c.section === 'events')!.input(`Weekly ${token()}`),
      repeat: { frequency: 'weekly', count: 3, timeZone: 'Europe/Paris' },
    }),
    201,
  );
  ids.series = series.id as string;
  await db().updateTable('events').set({ status: 'approved' }).where('id', '=', ids.series).execute();
  // The follower's calendar feed, read with the event they go to in it.
  ids.calendar = new URL((await ok(await call('POST', '/api/me/calendar-feed', follower), 201)).url as string).pathname;
  await ok(await call('PUT', `/api/tricks/${ids.tricks}/progress`, follower, { state: 'landed' }));
  await ok(await call('PUT', `/api/disciplines/${DISCIPLINE}/follow`, author));
  await ok(await call('PUT', `/api/disciplines/${DISCIPLINE}/follow`, follower));
  await ok(await call('PUT', `/api/profiles/${author.id}/follow`, follower));
  await ok(await call('PUT', `/api/profiles/${follower.id}/follow`, author));
  // A session at the place with the trick, its author's companion accepted: both people are in the answer.
  const session = await ok(
    await call('POST', '/api/sessions', author, { placeId: ids.places, when: 'now', trickIds: [ids.tricks], companionIds: [follower.id], note: 'Fun' }),
    201,
  );
  await ok(await call('POST', `/api/sessions/${session.id}/companion`, follower, { accept: true }));

  const team = await ok(await call('POST', '/api/teams', leader, { name: `Public Crew ${token()}`, disciplineIds: [DISCIPLINE], isPrivate: true }), 201);
  ids.team = team.id as string;
  await db().updateTable('teams').set({ status: 'approved' }).where('id', '=', ids.team).execute();
  await ok(await call('POST', `/api/teams/${ids.team}/members`, leader, { userId: member.id }), 201);
  await ok(await call('POST', `/api/teams/${ids.team}/invitation/accept`, member));
  await ok(await call('POST', `/api/teams/${ids.team}/join`, requester));
  ids.request = (await db().selectFrom('team_join_requests').select('id').where('team_id', '=', ids.team).executeTakeFirstOrThrow()).id;
  // A pending invitation, so that the leader's list of them is read with someone in it.
  await ok(await call('POST', `/api/teams/${ids.team}/members`, leader, { userId: requester.id }), 201);
  await ok(await call('POST', '/api/contact', follower, { name: 'Follower', email: follower.email, subject: 'Hi', message: 'Hello' }), 201);
  const conversation = await ok(await call('POST', '/api/conversations', follower, { userId: author.id }), 201);
  ids.conversation = conversation.id as string;
  await ok(await call('POST', `/api/conversations/${ids.conversation}/messages`, follower, { body: 'Hello there' }), 201);
});

/** The URL of a GET route with the ids made above. */
const URLS: Record<string, () => string> = {
  '/api/categories/{id}': () => '/api/categories/water',
  '/api/disciplines/{id}': () => `/api/disciplines/${DISCIPLINE}`,
  '/api/disciplines/{id}/athletes': () => `/api/disciplines/${DISCIPLINE}/athletes`,
  '/api/teams/{id}': () => `/api/teams/${ids.team}`,
  '/api/teams/{id}/join-requests': () => `/api/teams/${ids.team}/join-requests`,
  '/api/teams/{id}/invitations': () => `/api/teams/${ids.team}/invitations`,
  '/api/teams/{id}/member-search': () => `/api/teams/${ids.team}/member-search?q=${encodeURIComponent('example.com')}`,
  '/api/events/{id}/attendees': () => `/api/events/${ids.events}/attendees`,
  '/api/places/{id}/nearby': () => `/api/places/${ids.places}/nearby`,
  '/api/places/{id}/access': () => `/api/places/${ids.places}/access`,
  '/api/places/{id}/events': () => `/api/places/${ids.places}/events`,
  '/api/profiles/{id}/tricks': () => `/api/profiles/${follower.id}/tricks`,
  '/api/content/{type}/{id}/comments': () => `/api/content/place/${ids.places}/comments`,
  '/api/places/{id}/conditions': () => `/api/places/${ids.places}/conditions`,
  '/api/places/{id}/sessions': () => `/api/places/${ids.places}/sessions`,
  '/api/events/{id}/calendar.ics': () => `/api/events/${ids.events}/calendar.ics`,
  '/api/events/{id}/series.ics': () => `/api/events/${ids.series}/series.ics`,
  '/api/disciplines/{id}/events/calendar.ics': () => `/api/disciplines/${DISCIPLINE}/events/calendar.ics`,
  '/api/calendar/{token}.ics': () => ids.calendar!,
  '/api/share-cards/{type}/{id}.png': () => `/api/share-cards/event/${ids.events}.png`,
  '/api/profiles/{id}': () => `/api/profiles/${author.id}`,
  '/api/profiles/{id}/activity': () => `/api/profiles/${author.id}/activity`,
  '/api/profiles/{id}/followers': () => `/api/profiles/${author.id}/followers`,
  '/api/profiles/{id}/following': () => `/api/profiles/${author.id}/following`,
  '/api/profiles/{id}/sessions': () => `/api/profiles/${author.id}/sessions`,
  '/api/profiles/{id}/session-stats': () => `/api/profiles/${author.id}/session-stats`,
  '/api/conversations/{id}': () => `/api/conversations/${ids.conversation}`,
  '/api/conversations/{id}/messages': () => `/api/conversations/${ids.conversation}/messages`,
  ...Object.fromEntries(
    CONTENT.flatMap((spec) => [
      [`/api/disciplines/{id}/${spec.section}`, () => `/api/disciplines/${DISCIPLINE}/${spec.section}`],
      [`/api/${spec.section}/{id}`, () => `/api/${spec.section}/${ids[spec.section]}`],
    ]),
  ),
};

/** Routes that show the signed-in caller their own account, e-mail included. */
const OWN_ACCOUNT = new Set(['/api/me', '/api/profile']);

const publicGets = () =>
  routesOf(doc)
    .filter((r) => r.startsWith('GET '))
    .map((r) => r.slice(4))
    .filter((path) => !path.startsWith('/api/admin/') && !path.startsWith('/api/auth/') && !IS_STREAM(path));

async function secrets() {
  const profiles = await db().selectFrom('profiles').select(['id', 'email']).execute();
  const sessions = await db().selectFrom('sessions').select('token').execute();
  const accounts = await sql<{ password: string | null }>`select password from accounts`.execute(db());
  const hashes = accounts.rows.map((a) => a.password).filter((p): p is string => !!p);
  expect(hashes.length).toBeGreaterThanOrEqual(7);
  expect(sessions.length).toBeGreaterThanOrEqual(7);
  const feeds = (await db().selectFrom('calendar_feeds').select('token_hash').execute()).map((f) => f.token_hash);
  expect(feeds.length).toBeGreaterThanOrEqual(1);
  return { profiles, tokens: sessions.map((s) => s.token), hashes, feeds };
}

describe('no e-mail or auth data in public answers', () => {
  test('every GET route with a parameter has a URL here', () => {
    const withParams = publicGets().filter((p) => p.includes('{'));
    expect(Object.keys(URLS).sort()).toEqual(withParams.sort());
  });

  test.each([
    ['anonymous', (): User | null => null],
    ['another user', (): User | null => viewer],
    ['the author', (): User | null => author],
    ['the team leader', (): User | null => leader],
    ['the follower', (): User | null => follower],
  ] as const)('as %s', async (_label, whoOf) => {
    const who = whoOf();
    const { profiles, tokens, hashes, feeds } = await secrets();
    const paths = publicGets();
    expect(paths.length).toBeGreaterThanOrEqual(30);
    let answered = 0;
    for (const path of paths) {
      const url = URLS[path]?.() ?? path;
      const res = await call('GET', url, who);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 200) answered += 1;
      const body = res.body.toLowerCase();
      const mine = who && OWN_ACCOUNT.has(path) ? who.id : null;
      for (const p of profiles) if (p.id !== mine) expect(body, `${url} shows ${p.email}`).not.toContain(p.email.toLowerCase());
      for (const t of tokens) expect(res.body, `${url} shows a session token`).not.toContain(t);
      for (const h of hashes) expect(res.body, `${url} shows a password hash`).not.toContain(h.slice(-24));
      for (const f of feeds) expect(res.body, `${url} shows a calendar feed's hash`).not.toContain(f);
      expect(body, url).not.toContain('$argon2');
      expect(body, url).not.toContain('$scrypt');
      expect(body, url).not.toMatch(/email_?verified|"password"|"token"|"ip_?address"|"ban_?reason"/);
      const cookies = String(res.headers['set-cookie'] ?? '');
      for (const t of tokens) expect(cookies, `${url} sets a session cookie`).not.toContain(t);
    }
    expect(answered, 'most routes answered with data').toBeGreaterThanOrEqual(who ? 25 : 20);
  });
});
