import { describe, expect, test } from 'vitest';
import type { PlaceConditions } from '../../common/conditions.ts';
import type { PlaceSessions, Session } from '../../common/sessions.ts';
import type { LikeResult } from '../../common/content.ts';
import type { User } from '../test/community-kit.ts';
import { formsTestKit } from '../test/forms-kit.ts';
import { pushBrowser } from '../test/push-receiver.ts';

// Issue 17 item 2: the actions of the public pages (join, leave, request, invitation answers, RSVP,
// like, rate, comment, follow) are plain HTML POST forms: same-origin only, answered with a redirect
// back (never to another site) and a flash message; a visitor is sent to log in and back.

const { t, call, user, team, place, event, post, flashOf, expectBack, teamOf, eventOf, placeReactions, comments, myScore, profileOf } = formsTestKit();

/** A photo of a place of `rider`'s (its file address is made up) and how to read its row back. */
async function photoOf(rider: User) {
  const variants = JSON.stringify({ 400: '/uploads/photos/00000000-0000-4000-8000-000000000003.webp' });
  const subjectId = await place(rider);
  const row = await t.app.db
    .insertInto('photos')
    .values({ subject_type: 'place', subject_id: subjectId, position: 0, alt: 'Kept', variants, width: 400, height: 300, author_id: rider.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const read = () => t.app.db.selectFrom('photos').select(['id', 'alt', 'position']).where('subject_id', '=', subjectId).execute();
  return { photoId: row.id, unchanged: async () => expect(await read()).toEqual([{ id: row.id, alt: 'Kept', position: 0 }]) };
}

const reportsAt = async (placeId: string, who: User) => ((await call('GET', `/api/places/${placeId}/conditions`, who)).json() as PlaceConditions).reports;
const sessionsAt = async (placeId: string, who: User) => ((await call('GET', `/api/places/${placeId}/sessions`, who)).json() as PlaceSessions).outNow;
/** A session at a fresh place whose author (following `rider`) tagged `rider`. */
async function taggedSession(rider: User) {
  const author = await user();
  const id = await place(author);
  expect((await call('PUT', `/api/profiles/${rider.id}/follow`, author)).statusCode).toBe(200);
  const res = await call('POST', '/api/sessions', author, { placeId: id, when: 'now', companionIds: [rider.id] });
  expect(res.statusCode, res.body).toBe(201);
  return { placeId: id, session: res.json() as Session, author };
}

describe('every action form: origin, visitors, redirects', () => {
  // Each action with fields that would work, on things made fresh for it, and how to see that it did nothing.
  // `signedOut`: what the visitor is told when the spec has words of its own for it (else 'Login Required').
  type Case = {
    action: string;
    signedOut?: { title: string; text: string };
    setup: (rider: User) => Promise<{ fields: Record<string, string>; unchanged: () => Promise<void> }>;
  };
  const cases: Case[] = [
    {
      action: 'join-team',
      signedOut: { title: 'teams.toast.authRequired', text: 'teams.toast.loginToJoin' },
      setup: async (rider) => {
        const crew = await team(await user());
        return { fields: { id: crew.id }, unchanged: async () => expect((await teamOf(crew.id, rider)).myRole).toBeNull() };
      },
    },
    {
      action: 'leave-team',
      setup: async (rider) => {
        const crew = await team(await user());
        expect((await call('POST', `/api/teams/${crew.id}/join`, rider)).statusCode).toBe(200);
        return { fields: { id: crew.id }, unchanged: async () => expect((await teamOf(crew.id, rider)).myRole).toBe('member') };
      },
    },
    {
      action: 'cancel-join-request',
      setup: async (rider) => {
        const crew = await team(await user(), true);
        expect((await call('POST', `/api/teams/${crew.id}/join`, rider)).statusCode).toBe(200);
        return { fields: { id: crew.id }, unchanged: async () => expect((await teamOf(crew.id, rider)).myRequest).toBe('pending') };
      },
    },
    ...(['accept-invitation', 'decline-invitation'] as const).map((action): Case => ({
      action,
      setup: async (rider) => {
        const leader = await user();
        const crew = await team(leader);
        expect((await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id })).statusCode).toBe(201);
        return {
          fields: { id: crew.id, teamName: crew.name },
          unchanged: async () => expect(await teamOf(crew.id, rider)).toMatchObject({ myRole: null, invited: true }),
        };
      },
    })),
    {
      action: 'rsvp',
      setup: async (rider) => {
        const id = await event(await user());
        return { fields: { id }, unchanged: async () => expect((await eventOf(id, rider)).myRsvp).toBeNull() };
      },
    },
    {
      action: 'cancel-rsvp',
      setup: async (rider) => {
        const id = await event(await user());
        expect((await call('PUT', `/api/events/${id}/rsvp`, rider)).statusCode).toBe(200);
        return { fields: { id, was: 'going' }, unchanged: async () => expect((await eventOf(id, rider)).myRsvp).toBe('going') };
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
        return { fields: { id: (added.json() as { id: string }).id }, unchanged: async () => expect(await comments(id, rider)).toHaveLength(1) };
      },
    },
    {
      action: 'report-conditions',
      setup: async (rider) => {
        const id = await place(await user());
        return {
          fields: { placeId: id, kind: 'water', size: 'big', wind: 'none', crowd: 'empty' },
          unchanged: async () => expect(await reportsAt(id, rider)).toEqual([]),
        };
      },
    },
    {
      action: 'delete-condition-report',
      setup: async (rider) => {
        const id = await place(await user());
        expect((await call('POST', `/api/places/${id}/conditions`, rider, { kind: 'water', size: 'flat', wind: 'light', crowd: 'busy' })).statusCode).toBe(201);
        const [report] = await reportsAt(id, rider);
        return { fields: { id: report!.id }, unchanged: async () => expect(await reportsAt(id, rider)).toHaveLength(1) };
      },
    },
    ...(['cover-photo', 'describe-photo', 'delete-photo'] as const).map((action): Case => ({
      action,
      setup: async (rider) => {
        const { photoId, unchanged } = await photoOf(rider);
        return { fields: { id: photoId, alt: 'Changed' }, unchanged };
      },
    })),
    {
      action: 'log-session',
      setup: async (rider) => {
        const id = await place(await user());
        return { fields: { placeId: id, when: 'now', note: 'Forged?' }, unchanged: async () => expect(await sessionsAt(id, rider)).toEqual([]) };
      },
    },
    {
      action: 'delete-session',
      setup: async (rider) => {
        const id = await place(await user());
        expect((await call('POST', '/api/sessions', rider, { placeId: id, when: 'now' })).statusCode).toBe(201);
        const [session] = await sessionsAt(id, rider);
        return { fields: { id: session!.id }, unchanged: async () => expect(await sessionsAt(id, rider)).toHaveLength(1) };
      },
    },
    ...(['accept-session-tag', 'decline-session-tag'] as const).map((action): Case => ({
      action,
      setup: async (rider) => {
        const { session } = await taggedSession(rider);
        const tag = () =>
          t.app.db.selectFrom('ride_session_companions').select('status').where('session_id', '=', session.id).where('user_id', '=', rider.id).execute();
        // Still pending: neither accepted nor removed.
        return { fields: { id: session.id }, unchanged: async () => expect(await tag()).toEqual([{ status: 'pending' }]) };
      },
    })),
    {
      action: 'create-calendar-feed',
      setup: async (rider) => ({
        fields: {},
        unchanged: async () => expect((await call('GET', '/api/me/calendar-feed', rider)).json()).toMatchObject({ active: false }),
      }),
    },
    {
      action: 'revoke-calendar-feed',
      setup: async (rider) => {
        expect((await call('POST', '/api/me/calendar-feed', rider)).statusCode).toBe(201);
        return { fields: {}, unchanged: async () => expect((await call('GET', '/api/me/calendar-feed', rider)).json()).toMatchObject({ active: true }) };
      },
    },
    {
      action: 'revoke-push-device',
      setup: async (rider) => {
        const res = await call('POST', '/api/push/devices', rider, pushBrowser('https://fcm.googleapis.com').subscription);
        expect(res.statusCode, res.body).toBe(201);
        const devices = async () => ((await call('GET', '/api/push/devices', rider)).json() as { devices: unknown[] }).devices;
        return { fields: { id: (res.json() as { id: string }).id }, unchanged: async () => expect(await devices()).toHaveLength(1) };
      },
    },
    {
      action: 'follow-person',
      setup: async (rider) => {
        const other = await user();
        return { fields: { id: other.id, name: other.name }, unchanged: async () => expect((await profileOf(other.id, rider)).isFollowing).toBe(false) };
      },
    },
    {
      action: 'unfollow-person',
      setup: async (rider) => {
        const other = await user();
        expect((await call('PUT', `/api/profiles/${other.id}/follow`, rider)).statusCode).toBe(200);
        return { fields: { id: other.id, name: other.name }, unchanged: async () => expect((await profileOf(other.id, rider)).isFollowing).toBe(true) };
      },
    },
    // Issue 38, item 3: an item's edit and delete from its page, by its author.
    {
      action: 'edit-places',
      setup: async (rider) => {
        const id = await place(rider);
        // The name, and no edit waiting for review (an approved place's edit by its author waits for one).
        const state = async () => {
          const shown = (await call('GET', `/api/places/${id}`, rider)).json() as { name: string; pendingRevision?: unknown };
          return [shown.name, shown.pendingRevision ?? null];
        };
        const before = await state();
        const fields = { id, name: 'Renamed', location: 'Bay', latitude: '1', longitude: '2', imageUrl: '', audience: 'public' };
        return { fields, unchanged: async () => expect(await state()).toEqual(before) };
      },
    },
    {
      action: 'delete-places',
      setup: async (rider) => {
        const id = await place(rider);
        return { fields: { id }, unchanged: async () => expect((await call('GET', `/api/places/${id}`, rider)).statusCode).toBe(200) };
      },
    },
  ];

  for (const { action, signedOut, setup } of cases) {
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
        expectBack(res, `/login?next=${encodeURIComponent(back)}`, { kind: 'error', ...(signedOut ?? { title: 'content.loginRequired' }) });
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

describe("the header's language form (anyone may choose; nothing is stored for a visitor)", () => {
  const languageCookie = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'stoked-language')?.value;
  const preferred = async (who: User) => ((await call('GET', '/api/profile', who)).json() as { preferredLanguage: string | null }).preferredLanguage;

  test("a visitor's choice is a cookie, and the same page comes back without the address naming another language", async () => {
    const res = await post('language', { language: 'fr', back: '/discipline/surfing?lang=de&tab=2' }, null);
    expectBack(res, '/discipline/surfing?tab=2');
    expect(flashOf(res)).toBeNull();
    expect(languageCookie(res)).toBe('fr');
  });

  test("a signed-in person's choice is also saved as the language of their mails", async () => {
    const rider = await user();
    expectBack(await post('language', { language: 'de', back: '/teams' }, rider), '/teams');
    expect(await preferred(rider)).toBe('de');
  });

  test('a language the site does not offer, or none: back with a message, no cookie, nothing saved', async () => {
    const rider = await user();
    const before = await preferred(rider);
    for (const language of ['zh', 'xx', '']) {
      const res = await post('language', { language, back: '/teams' }, rider);
      expectBack(res, '/teams', { kind: 'error', title: language === 'zh' ? 'errors.LANGUAGE_NOT_OFFERED' : 'errors.VALIDATION_ERROR' });
      expect(languageCookie(res)).toBeUndefined();
    }
    expect(await preferred(rider)).toBe(before);
  });

  test('from another site, or with no Origin: 403, no cookie, nothing saved', async () => {
    const rider = await user();
    for (const origin of ['https://evil.example', null]) {
      const res = await post('language', { language: 'it', back: '/' }, rider, origin);
      expect(res.statusCode).toBe(403);
      expect(languageCookie(res)).toBeUndefined();
    }
    expect(await preferred(rider)).not.toBe('it');
  });

  test('a `back` on another site goes home instead', async () => {
    for (const back of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      expectBack(await post('language', { language: 'es', back }, null), '/');
    }
  });
});
