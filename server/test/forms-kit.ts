import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CommentPage } from '../../common/content.ts';
import type { Event } from '../../common/events.ts';
import { FLASH_COOKIE, parseFlash, type Flash } from '../../common/forms.ts';
import type { PublicProfile } from '../../common/profiles.ts';
import type { TeamDetail } from '../../common/teams.ts';
import { communityTestKit, type User } from './community-kit.ts';

/**
 * What the tests of the public pages' HTML forms share: the community kit, a form posted as a
 * browser posts it, the redirect and flash message it answers with, and reads of what it changed.
 */
export function formsTestKit() {
  const kit = communityTestKit();
  const { t, call } = kit;

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

  const teamOf = async (id: string, who: User) => (await call('GET', `/api/teams/${id}`, who)).json() as TeamDetail;
  const eventOf = async (id: string, who: User) => (await call('GET', `/api/events/${id}`, who)).json() as Event;
  const placeReactions = async (id: string, who: User) =>
    ((await call('GET', `/api/places/${id}`, who)).json() as { reactions: { likes: number; liked: boolean } }).reactions;
  const comments = async (id: string, who: User) => ((await call('GET', `/api/content/place/${id}/comments`, who)).json() as CommentPage).items;
  /** The person's score of a place (places show no rating, but every kind of content can be rated). */
  const myScore = async (id: string, who: User) =>
    (
      await t.app.db
        .selectFrom('ratings')
        .select('score')
        .where('item_type', '=', 'place')
        .where('item_id', '=', id)
        .where('user_id', '=', who.id)
        .executeTakeFirst()
    )?.score ?? null;
  const profileOf = async (id: string, who: User) => (await call('GET', `/api/profiles/${id}`, who)).json() as PublicProfile;

  return { ...kit, post, flashOf, expectBack, teamOf, eventOf, placeReactions, comments, myScore, profileOf };
}
