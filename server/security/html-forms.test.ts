import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import type { CommentPage, LikeResult } from '../../common/content.ts';
import type { Event } from '../../common/events.ts';
import { FLASH_COOKIE, parseFlash, type Flash } from '../../common/forms.ts';
import type { PublicProfile } from '../../common/profiles.ts';
import type { TeamDetail } from '../../common/teams.ts';
import { callerOf, RELAXED_LIMITS, signUpVerified } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';

// Issue 17 item 2: the actions of the public pages (join, leave, request, invitation answers, RSVP,
// like, rate, comment, follow) are plain HTML POST forms: same-origin only, answered with a redirect
// back (never to another site) and a flash message; a visitor is sent to log in and back.

type User = Awaited<ReturnType<typeof signUpVerified>>;

const t = useTestApp(RELAXED_LIMITS);
let seq = 0;

const call = callerOf(() => t);

async function user(): Promise<User> {
  seq += 1;
  return signUpVerified(t, { name: `Rider ${seq} ${Math.random().toString(36).slice(2, 7)}` });
}

/** A form as a browser posts it: urlencoded, from `origin` (this site unless told), with the person's cookie. */
function post(action: string, fields: Record<string, string>, who: User | null, origin: string | null = t.config.publicUrl) {
  return t.app.inject({
    method: 'POST',
    url: `/actions/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}), ...(who ? { cookie: who.cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
}

function flashOf(res: LightMyRequestResponse): Flash | null {
  const cookie = res.cookies.find((c) => c.name === FLASH_COOKIE);
  return parseFlash(cookie?.value ? decodeURIComponent(cookie.value) : undefined);
}

function expectBack(res: LightMyRequestResponse, back: string, flash?: Partial<Flash>) {
  expect({ status: res.statusCode, location: res.headers.location }, res.body).toEqual({ status: 303, location: back });
  if (flash) expect(flashOf(res)).toMatchObject(flash);
}

async function team(leader: User, isPrivate = false): Promise<TeamDetail> {
  const res = await call('POST', '/api/teams', leader, { name: `Crew ${++seq}`, isPrivate });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as TeamDetail;
  await t.app.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', created.id).execute();
  return created;
}

const teamOf = async (id: string, who: User) => (await call('GET', `/api/teams/${id}`, who)).json() as TeamDetail;

async function place(author: User): Promise<string> {
  const res = await call('POST', '/api/disciplines/surfing/places', author, { name: `Spot ${++seq}`, location: 'Bay', latitude: 1, longitude: 2 });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  await t.app.db.updateTable('places').set({ status: 'approved' }).where('id', '=', id).execute();
  return id;
}

async function event(author: User, maxAttendees: number | null = null): Promise<string> {
  const later = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
  const res = await call('POST', '/api/disciplines/surfing/events', author, {
    name: `Contest ${++seq}`,
    description: 'A contest.',
    location: 'Bay',
    startDate: later(10),
    endDate: later(11),
    type: 'Competition',
    price: 0,
    maxAttendees,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  await t.app.db.updateTable('events').set({ status: 'approved' }).where('id', '=', id).execute();
  return id;
}

const eventOf = async (id: string, who: User) => (await call('GET', `/api/events/${id}`, who)).json() as Event;
const placeReactions = async (id: string, who: User) =>
  ((await call('GET', `/api/places/${id}`, who)).json() as { reactions: { likes: number; liked: boolean } }).reactions;
const comments = async (id: string, who: User) => ((await call('GET', `/api/content/place/${id}/comments`, who)).json() as CommentPage).items;
/** The person's score of a place (places show no rating, but every kind of content can be rated). */
const myScore = async (id: string, who: User) =>
  (await t.app.db.selectFrom('ratings').select('score').where('item_type', '=', 'place').where('item_id', '=', id).where('user_id', '=', who.id).executeTakeFirst())?.score ?? null;
const profileOf = async (id: string, who: User) => (await call('GET', `/api/profiles/${id}`, who)).json() as PublicProfile;

describe('teams: join, request, cancel, leave, answer an invitation', () => {
  test('join a public team, then leave it', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader);
    const back = `/team/${crew.id}`;
    expectBack(await post('join-team', { teamId: crew.id, back }, rider), back, { kind: 'success', title: 'teams.toast.welcome', text: 'teams.toast.joined' });
    expect((await teamOf(crew.id, rider)).myRole).toBe('member');
    expectBack(await post('leave-team', { teamId: crew.id, back }, rider), back, { kind: 'success', title: 'teams.toast.left' });
    expect((await teamOf(crew.id, rider)).myRole).toBeNull();
  });

  test('request to join a private team, then cancel the request', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader, true);
    const back = `/team/${crew.id}`;
    expectBack(await post('join-team', { teamId: crew.id, back }, rider), back, { kind: 'success', title: 'teams.requestSent', text: 'teams.requestSentText' });
    expect((await teamOf(crew.id, rider)).myRequest).toBe('pending');
    expectBack(await post('cancel-join-request', { teamId: crew.id, back }, rider), back, { kind: 'success', title: 'teams.toast.requestCancelled' });
    expect((await teamOf(crew.id, rider)).myRequest).toBeNull();
  });

  test('accept one invitation, decline another; the team is named in the message', async () => {
    const leader = await user();
    const rider = await user();
    const [one, two] = [await team(leader), await team(leader)];
    for (const crew of [one, two]) expect((await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id })).statusCode).toBe(201);
    expectBack(await post('accept-invitation', { teamId: one.id, teamName: one.name, back: '/notifications' }, rider), '/notifications', {
      title: 'teams.invitation.joined',
      params: { team: one.name },
    });
    expect((await teamOf(one.id, rider)).myRole).toBe('member');
    expectBack(await post('decline-invitation', { teamId: two.id, teamName: two.name, back: '/notifications' }, rider), '/notifications', {
      title: 'teams.invitation.declined',
      params: { team: two.name },
    });
    expect(await teamOf(two.id, rider)).toMatchObject({ myRole: null, invited: false });
  });

  test('a refusal of the API comes back as its error: the leader cannot leave', async () => {
    const leader = await user();
    const crew = await team(leader);
    expectBack(await post('leave-team', { teamId: crew.id, back: `/team/${crew.id}` }, leader), `/team/${crew.id}`, { kind: 'error', title: 'errors.LEADER_MUST_TRANSFER' });
    expect((await teamOf(crew.id, leader)).myRole).toBe('leader');
  });
});

describe('events: RSVP and cancel', () => {
  test('going, then leaving the event', async () => {
    const author = await user();
    const rider = await user();
    const id = await event(author);
    const back = `/discipline/surfing/events/${id}`;
    expectBack(await post('rsvp', { eventId: id, back }, rider), back, { kind: 'success', title: 'events.toast.going' });
    expect((await eventOf(id, rider)).myRsvp).toBe('going');
    expectBack(await post('cancel-rsvp', { eventId: id, was: 'going', back }, rider), back, { kind: 'success', title: 'events.toast.left' });
    expect((await eventOf(id, rider)).myRsvp).toBeNull();
  });

  test('a full event: the waitlist and the place in line, then leaving the waitlist', async () => {
    const author = await user();
    const [first, rider] = [await user(), await user()];
    const id = await event(author, 1);
    expect((await call('PUT', `/api/events/${id}/rsvp`, first)).statusCode).toBe(200);
    expectBack(await post('rsvp', { eventId: id, back: '/events' }, rider), '/events', { title: 'events.toast.waitlisted', text: 'events.toast.position', params: { position: '1' } });
    expect((await eventOf(id, rider)).myRsvp).toBe('waitlist');
    expectBack(await post('cancel-rsvp', { eventId: id, was: 'waitlist', back: '/events' }, rider), '/events', { title: 'events.toast.leftWaitlist' });
    expect((await eventOf(id, rider)).myRsvp).toBeNull();
  });
});

describe('reactions: like, rate, comment, delete a comment', () => {
  test('like and unlike, from a card in a list (back keeps its query)', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    const back = '/discipline/surfing/places?sort=newest';
    expectBack(await post('like', { type: 'place', id, back }, rider), back);
    expect(await placeReactions(id, rider)).toMatchObject({ likes: 1, liked: true });
    expectBack(await post('unlike', { type: 'place', id, back }, rider), back);
    expect(await placeReactions(id, rider)).toMatchObject({ likes: 0, liked: false });
  });

  test('rate with a score from the radio group, then remove the rating', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    expectBack(await post('rate', { type: 'place', id, score: '4', back: '/' }, rider), '/', { kind: 'success', title: 'content.rated' });
    expect(await myScore(id, rider)).toBe(4);
    expectBack(await post('unrate', { type: 'place', id, back: '/' }, rider), '/', { kind: 'success', title: 'content.rated' });
    expect(await myScore(id, rider)).toBeNull();
  });

  test('a rating without a score (no radio chosen) is refused with the validation message', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    expectBack(await post('rate', { type: 'place', id, back: '/' }, rider), '/', { kind: 'error', title: 'errors.VALIDATION_ERROR' });
  });

  test('comment, then delete one’s own comment', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    const back = `/discipline/surfing/places/${id}`;
    expectBack(await post('comment', { type: 'place', id, body: 'Glassy this morning', back }, rider), back, { kind: 'success', title: 'content.commentAdded' });
    const [mine] = await comments(id, rider);
    expect(mine).toMatchObject({ body: 'Glassy this morning', author: { id: rider.id } });
    expectBack(await post('delete-comment', { commentId: mine!.id, back }, rider), back, { kind: 'success', title: 'content.commentDeleted' });
    expect(await comments(id, rider)).toEqual([]);
  });

  test('an empty comment is refused and nothing is stored', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    const res = await post('comment', { type: 'place', id, body: '   ', back: '/' }, rider);
    expect(res.statusCode).toBe(303);
    expect(flashOf(res)?.kind).toBe('error');
    expect(await comments(id, rider)).toEqual([]);
  });

  test('someone else’s comment cannot be deleted', async () => {
    const author = await user();
    const [rider, other] = [await user(), await user()];
    const id = await place(author);
    expect((await call('POST', `/api/content/place/${id}/comments`, rider, { body: 'Mine' })).statusCode).toBe(201);
    const [theirs] = await comments(id, other);
    const res = await post('delete-comment', { commentId: theirs!.id, back: '/' }, other);
    expect(flashOf(res)?.kind).toBe('error');
    expect(await comments(id, other)).toHaveLength(1);
  });
});

describe('profiles: follow and unfollow a person', () => {
  test('follow, then unfollow; the person is named in the message', async () => {
    const rider = await user();
    const other = await user();
    const back = `/profile/${other.id}`;
    expectBack(await post('follow-person', { userId: other.id, name: other.name, back }, rider), back, {
      kind: 'success',
      title: 'profile.public.followed',
      params: { name: other.name },
    });
    expect(await profileOf(other.id, rider)).toMatchObject({ isFollowing: true, followers: 1 });
    expectBack(await post('unfollow-person', { userId: other.id, name: other.name, back }, rider), back, { title: 'profile.public.unfollowed' });
    expect(await profileOf(other.id, rider)).toMatchObject({ isFollowing: false, followers: 0 });
  });
});

describe('every action form: origin, visitors, redirects', () => {
  // Each action with fields that would work, on things made fresh for it, and how to see that it did nothing.
  type Case = { action: string; setup: (rider: User) => Promise<{ fields: Record<string, string>; unchanged: () => Promise<void> }> };
  const cases: Case[] = [
    {
      action: 'join-team',
      setup: async (rider) => {
        const crew = await team(await user());
        return { fields: { teamId: crew.id }, unchanged: async () => expect((await teamOf(crew.id, rider)).myRole).toBeNull() };
      },
    },
    {
      action: 'leave-team',
      setup: async (rider) => {
        const crew = await team(await user());
        expect((await call('POST', `/api/teams/${crew.id}/join`, rider)).statusCode).toBe(200);
        return { fields: { teamId: crew.id }, unchanged: async () => expect((await teamOf(crew.id, rider)).myRole).toBe('member') };
      },
    },
    {
      action: 'cancel-join-request',
      setup: async (rider) => {
        const crew = await team(await user(), true);
        expect((await call('POST', `/api/teams/${crew.id}/join`, rider)).statusCode).toBe(200);
        return { fields: { teamId: crew.id }, unchanged: async () => expect((await teamOf(crew.id, rider)).myRequest).toBe('pending') };
      },
    },
    ...(['accept-invitation', 'decline-invitation'] as const).map(
      (action): Case => ({
        action,
        setup: async (rider) => {
          const leader = await user();
          const crew = await team(leader);
          expect((await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id })).statusCode).toBe(201);
          return { fields: { teamId: crew.id, teamName: crew.name }, unchanged: async () => expect(await teamOf(crew.id, rider)).toMatchObject({ myRole: null, invited: true }) };
        },
      }),
    ),
    {
      action: 'rsvp',
      setup: async (rider) => {
        const id = await event(await user());
        return { fields: { eventId: id }, unchanged: async () => expect((await eventOf(id, rider)).myRsvp).toBeNull() };
      },
    },
    {
      action: 'cancel-rsvp',
      setup: async (rider) => {
        const id = await event(await user());
        expect((await call('PUT', `/api/events/${id}/rsvp`, rider)).statusCode).toBe(200);
        return { fields: { eventId: id, was: 'going' }, unchanged: async () => expect((await eventOf(id, rider)).myRsvp).toBe('going') };
      },
    },
    {
      action: 'like',
      setup: async (rider) => {
        const id = await place(await user());
        return { fields: { type: 'place', id }, unchanged: async () => expect(await placeReactions(id, rider)).toMatchObject({ likes: 0, liked: false }) };
      },
    },
    {
      action: 'unlike',
      setup: async (rider) => {
        const id = await place(await user());
        expect(((await call('PUT', `/api/content/place/${id}/like`, rider)).json() as LikeResult).liked).toBe(true);
        return { fields: { type: 'place', id }, unchanged: async () => expect(await placeReactions(id, rider)).toMatchObject({ likes: 1, liked: true }) };
      },
    },
    {
      action: 'rate',
      setup: async (rider) => {
        const id = await place(await user());
        return { fields: { type: 'place', id, score: '5' }, unchanged: async () => expect(await myScore(id, rider)).toBeNull() };
      },
    },
    {
      action: 'unrate',
      setup: async (rider) => {
        const id = await place(await user());
        expect((await call('PUT', `/api/content/place/${id}/rating`, rider, { score: 3 })).statusCode).toBe(200);
        return { fields: { type: 'place', id }, unchanged: async () => expect(await myScore(id, rider)).toBe(3) };
      },
    },
    {
      action: 'comment',
      setup: async (rider) => {
        const id = await place(await user());
        return { fields: { type: 'place', id, body: 'Forged?' }, unchanged: async () => expect(await comments(id, rider)).toEqual([]) };
      },
    },
    {
      action: 'delete-comment',
      setup: async (rider) => {
        const id = await place(await user());
        const added = await call('POST', `/api/content/place/${id}/comments`, rider, { body: 'Keep me' });
        expect(added.statusCode).toBe(201);
        return { fields: { commentId: (added.json() as { id: string }).id }, unchanged: async () => expect(await comments(id, rider)).toHaveLength(1) };
      },
    },
    {
      action: 'follow-person',
      setup: async (rider) => {
        const other = await user();
        return { fields: { userId: other.id, name: other.name }, unchanged: async () => expect((await profileOf(other.id, rider)).isFollowing).toBe(false) };
      },
    },
    {
      action: 'unfollow-person',
      setup: async (rider) => {
        const other = await user();
        expect((await call('PUT', `/api/profiles/${other.id}/follow`, rider)).statusCode).toBe(200);
        return { fields: { userId: other.id, name: other.name }, unchanged: async () => expect((await profileOf(other.id, rider)).isFollowing).toBe(true) };
      },
    },
  ];

  for (const { action, setup } of cases) {
    describe(action, () => {
      test('from another site, or with no Origin: 403 and nothing changed', async () => {
        const rider = await user();
        const { fields, unchanged } = await setup(rider);
        for (const origin of ['https://evil.example', null]) {
          const res = await post(action, { ...fields, back: '/' }, rider, origin);
          expect(res.statusCode, `${origin}: ${res.body}`).toBe(403);
          expect(res.headers.location).toBeUndefined();
          await unchanged();
        }
      });

      test('a visitor is sent to log in, and back afterwards', async () => {
        const rider = await user();
        const { fields } = await setup(rider);
        const back = '/somewhere?tab=2';
        const res = await post(action, { ...fields, back }, null);
        expectBack(res, `/login?next=${encodeURIComponent(back)}`, { kind: 'error', title: 'content.loginRequired' });
      });

      test('a `back` on another site goes home instead (no open redirect)', async () => {
        for (const back of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
          const rider = await user();
          const { fields } = await setup(rider);
          const res = await post(action, { ...fields, back }, rider);
          expect({ status: res.statusCode, location: res.headers.location }).toEqual({ status: 303, location: '/' });
          // The action itself was done: only where it leads is refused.
          expect(flashOf(res)?.kind, JSON.stringify(flashOf(res))).not.toBe('error');
        }
      });
    });
  }

  test('an unknown action: back with an error message', async () => {
    const rider = await user();
    expectBack(await post('launch-rockets', { back: '/teams' }, rider), '/teams', { kind: 'error', title: 'errors.NOT_FOUND' });
  });

  test('an unknown action from another site is still refused', async () => {
    const rider = await user();
    expect((await post('launch-rockets', { back: '/teams' }, rider, 'https://evil.example')).statusCode).toBe(403);
  });
});
