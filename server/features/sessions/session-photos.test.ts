import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { FeedPage } from '../../../common/feed.ts';
import type { Photo } from '../../../common/photos.ts';
import type { ProfileSessionPage } from '../../../common/session-stats.ts';
import type { PlaceSessions } from '../../../common/sessions.ts';
import { contentTestKit, expectError, type User } from '../../test/content-kit.ts';
import * as fixtures from '../../test/image-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { sessionsTestKit } from './sessions-test-kit.ts';

// Issue 20, items 1 and 5: a session carries its photos wherever it is read, deleting it takes its
// files along, and only its author (or an admin) adds them.

const kit = contentTestKit('place');
const s = sessionsTestKit(kit);

let author: User, follower: User, stranger: User;
let spot: { id: string };

beforeAll(async () => {
  [author, follower, stranger] = (await Promise.all(['Author', 'Follower', 'Stranger'].map((n) => kit.user(`${n} ${kit.token('p')}`)))) as [User, User, User];
  await s.follow(follower, author);
  spot = await s.place();
});

async function upload(sessionId: string, who: User, alt: string) {
  const body = multipartBody([
    { field: 'alt', data: alt },
    { filename: 'p.png', type: 'image/png', data: await fixtures.png(500, 400) },
  ]);
  return kit.t.app.inject({
    method: 'POST',
    url: `/api/photos/session/${sessionId}`,
    headers: { origin: kit.t.config.publicUrl, cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}
async function added(sessionId: string, alt: string): Promise<Photo> {
  const res = await upload(sessionId, author, alt);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Photo;
}
const fileOf = (url: string) => path.join(kit.t.config.dataDir, url.replace(/^\/uploads\//, 'uploads/'));
const rowsOf = (subjectId: string) => kit.t.app.db.selectFrom('photos').select('id').where('subject_id', '=', subjectId).execute();

describe('a session’s photos', () => {
  test('in order on the place page (out now and before), in the profile log, and the first as the feed card’s picture', async () => {
    const now = await s.session(author, spot.id, { startedAt: new Date(Date.now() - 600_000) });
    const before = await s.session(author, spot.id, { startedAt: new Date(Date.now() - 5 * 3_600_000) });
    const bare = await s.session(author, spot.id, { startedAt: new Date(Date.now() - 6 * 3_600_000) });
    const first = await added(now, 'Takeoff');
    const second = await added(now, 'Landing');
    const earlier = await added(before, 'Dawn');

    const place = (await kit.call('GET', `/api/places/${spot.id}/sessions`, stranger)).json() as PlaceSessions;
    const photosOf = (list: PlaceSessions['outNow'], id: string) => list.find((x) => x.id === id)?.photos.map((p) => p.alt);
    expect(photosOf(place.outNow, now)).toEqual(['Takeoff', 'Landing']);
    expect(photosOf(place.recent, before)).toEqual(['Dawn']);
    expect(photosOf(place.recent, bare)).toEqual([]);
    expect(place.outNow.find((x) => x.id === now)!.photos[0]).toEqual(first);

    const log = (await kit.call('GET', `/api/profiles/${author.id}/sessions?limit=50`, stranger)).json() as ProfileSessionPage;
    expect(log.items.find((x) => x.id === now)?.photos.map((p) => p.id)).toEqual([first.id, second.id]);

    // The cover made second: the order follows.
    expect((await kit.call('PATCH', `/api/photos/${second.id}`, author, { cover: true })).statusCode).toBe(200);
    const again = (await kit.call('GET', `/api/places/${spot.id}/sessions`, stranger)).json() as PlaceSessions;
    expect(photosOf(again.outNow, now)).toEqual(['Landing', 'Takeoff']);

    const feed = (await kit.call('GET', '/api/feed?limit=50', follower)).json() as FeedPage;
    const card = (id: string) => feed.items.find((item) => item.kind === 'session' && item.id === id) as { imageUrl: string | null } | undefined;
    expect(card(now)?.imageUrl).toBe(second.variants[0]!.url);
    expect(card(before)?.imageUrl).toBe(earlier.variants[0]!.url);
    expect(card(bare)?.imageUrl).toBeNull();
  });

  test('deleting a session, by its author or by an admin moderating, removes its photos’ rows and files', async () => {
    for (const who of [author, kit.admin]) {
      const id = await s.session(author, spot.id);
      const photo = await added(id, '');
      const files = photo.variants.map((v) => fileOf(v.url));
      expect(files.every((f) => existsSync(f))).toBe(true);
      expect((await kit.call('DELETE', `/api/sessions/${id}`, who)).statusCode).toBe(204);
      expect(await rowsOf(id)).toEqual([]);
      expect(files.filter((f) => existsSync(f))).toEqual([]);
    }
  });

  test('a followers-only session: a stranger cannot see it (404), a follower who is not its author may not add (403)', async () => {
    const id = await s.session(author, spot.id, { visibility: 'followers' });
    expectError(await upload(id, stranger, ''), 404, 'CONTENT_NOT_FOUND');
    expectError(await upload(id, follower, ''), 403, 'FORBIDDEN');
    expect(await rowsOf(id)).toEqual([]);
  });
});
