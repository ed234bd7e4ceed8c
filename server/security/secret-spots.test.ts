import { beforeAll, describe, expect, test } from 'vitest';
import type { Approval } from '../../common/approvals.ts';
import { contentTestKit, type User } from '../test/content-kit.ts';
import { DISCIPLINE, insertTeam, IS_STREAM, openApi, routesOf, type OpenApi } from './catalogue.ts';

/**
 * Secret spots (issue 20, item 4): a crew place and a private place, each with a marker in its name,
 * its comment, its condition report and its session, never reach anyone who may not see them. Every GET route of
 * the OpenAPI document is walked as a visitor, a stranger (signed in, not of the crew), a crew member,
 * the author and an admin, with each place's id filled in wherever a route takes an id.
 */
const kit = contentTestKit('place');
const { call, token } = kit;
let doc: OpenApi;
let author: User, crewMate: User, stranger: User;
let teamId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';
const secret = {
  crew: { marker: '', id: '' },
  private: { marker: '', id: '' },
};
const secretPublic = { id: '' };

async function ok(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Record<string, unknown>;
}

beforeAll(async () => {
  doc = await openApi(kit);
  [author, crewMate, stranger] = (await Promise.all(['Author', 'Mate', 'Stranger'].map((n) => kit.user(`${n} ${token('p')}`)))) as [User, User, User];
  // Joined by request: a crew spot needs such a team (crew-spot-teams.test.ts).
  teamId = await insertTeam(kit.t.app.db, author, [crewMate], { isPrivate: true });
  // The stranger follows the author and the discipline: the feed and activity would show the spots if they leaked.
  await ok(await call('PUT', `/api/disciplines/${DISCIPLINE}/follow`, stranger));
  await ok(await call('PUT', `/api/profiles/${author.id}/follow`, stranger));
  for (const kind of ['crew', 'private'] as const) {
    const marker = `${kind}mark${token('m')}`.toLowerCase();
    const input = {
      name: `Spot ${marker}`,
      location: `Cove ${marker}`,
      latitude: 43.48,
      longitude: -1.56,
      visibility: kind,
      teamId: kind === 'crew' ? teamId : null,
    };
    const place = await ok(await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, input), 201);
    secret[kind] = { marker, id: place.id as string };
    await ok(await call('POST', `/api/content/place/${place.id}/comments`, author, { body: `Comment ${marker}` }), 201);
    await ok(await call('PUT', `/api/content/place/${place.id}/like`, author));
    await ok(
      await call('POST', `/api/places/${place.id}/conditions`, author, { kind: 'water', size: 'small', wind: 'none', crowd: 'some', note: `Note ${marker}` }),
      201,
    );
    // A session there (issue 20, item 1): for the author's followers (the stranger is one) with the crew mate along, or the author alone.
    if (kind === 'crew') await ok(await call('PUT', `/api/profiles/${crewMate.id}/follow`, author));
    const session = {
      placeId: place.id,
      when: 'now',
      note: `Session ${marker}`,
      visibility: kind === 'crew' ? 'followers' : 'private',
      companionIds: kind === 'crew' ? [crewMate.id] : [],
    };
    const logged = await ok(await call('POST', '/api/sessions', author, session), 201);
    if (kind === 'crew') await ok(await call('POST', `/api/sessions/${logged.id}/companion`, crewMate, { accept: true }));
  }
  // A public approved place next to them: nearby spots of a public place must not list the secret ones.
  const near = await ok(
    await call('POST', `/api/disciplines/${DISCIPLINE}/places`, kit.admin, { name: `Public ${token()}`, location: 'Bay', latitude: 43.481, longitude: -1.561 }),
    201,
  );
  secretPublic.id = near.id as string;
});

/** The URL of a GET route, with `placeId` wherever a route takes an id (others get ids that exist). */
function urlOf(path: string, placeId: string): string {
  const filled = path
    .replace('/api/content/{type}/{id}', `/api/content/place/${placeId}`)
    .replace('/api/share-cards/{type}/{id}', `/api/share-cards/place/${placeId}`)
    .replace(/^\/api\/places\/\{id\}/, `/api/places/${placeId}`)
    .replace(/^\/api\/(teams)\/\{id\}/, `/api/teams/${teamId}`)
    .replace(/^\/api\/profiles\/\{id\}/, `/api/profiles/${author.id}`)
    .replace(/^\/api\/(disciplines)\/\{id\}/, `/api/disciplines/${DISCIPLINE}`)
    .replace(/^\/api\/categories\/\{id\}/, '/api/categories/water')
    .replace(/\{[a-zA-Z]+\}/g, MISSING);
  return filled;
}

const gets = () =>
  routesOf(doc)
    .filter((r) => r.startsWith('GET '))
    .map((r) => r.slice(4))
    .filter((path) => !path.startsWith('/api/auth/') && !IS_STREAM(path));

type Viewer = 'visitor' | 'stranger' | 'crew member' | 'author' | 'admin';
const who = (viewer: Viewer): User | null => ({ visitor: null, stranger, 'crew member': crewMate, author, admin: kit.admin })[viewer];
const MAY_SEE: Record<'crew' | 'private', Viewer[]> = { crew: ['crew member', 'author', 'admin'], private: ['author', 'admin'] };

/** Every GET answer as `viewer`, for both secret places' ids and a public place's, plain and searching the marker. */
async function walk(viewer: Viewer, kind: 'crew' | 'private') {
  const answers = new Map<string, { status: number; body: string }>();
  const { marker, id } = secret[kind];
  for (const path of gets()) {
    for (const placeId of [id, secretPublic.id]) {
      const base = urlOf(path, placeId);
      for (const url of [base, `${base}${base.includes('?') ? '&' : '?'}q=${marker}`]) {
        if (answers.has(url)) continue;
        const res = await call('GET', url, who(viewer));
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
        answers.set(url, { status: res.statusCode, body: res.body.toLowerCase() });
      }
    }
  }
  return answers;
}

describe('secret spots reach only those who may see them', () => {
  test('the spots were made secret: not approved, not queued', async () => {
    for (const kind of ['crew', 'private'] as const) {
      const row = await kit.t.app.db
        .selectFrom('places')
        .select(['status', 'visibility', 'team_id'])
        .where('id', '=', secret[kind].id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', visibility: kind, team_id: kind === 'crew' ? teamId : null });
      const queued = await kit.t.app.db.selectFrom('pending_approvals').select('id').where('item_id', '=', secret[kind].id).execute();
      expect(queued).toEqual([]);
    }
  });

  test.each(
    (['visitor', 'stranger', 'crew member', 'author', 'admin'] as const).flatMap((viewer) =>
      (['crew', 'private'] as const).map((kind) => [viewer, kind] as const),
    ),
  )('as %s, the %s spot', async (viewer, kind) => {
    const { marker, id } = secret[kind];
    const answers = await walk(viewer, kind);
    expect(answers.size).toBeGreaterThan(60);
    const showing = [...answers].filter(([, a]) => a.body.includes(marker)).map(([url]) => url);
    const detail = `/api/places/${id}`;
    if (!MAY_SEE[kind].includes(viewer)) {
      expect(showing, `${viewer} sees the ${kind} spot`).toEqual([]);
      for (const url of [detail, `${detail}/nearby`, `${detail}/access`, `${detail}/conditions`, `${detail}/sessions`, `/api/content/place/${id}/comments`]) {
        expect(answers.get(url)?.status, url).toBe(404);
      }
      return;
    }
    // Those who may see it find it in the list, its page, its comments, its reports and its session.
    for (const url of [detail, `/api/disciplines/${DISCIPLINE}/places`, `/api/content/place/${id}/comments`, `${detail}/conditions`, `${detail}/sessions`]) {
      expect(showing, `${viewer} misses the ${kind} spot at ${url}`).toContain(url);
    }
    // Never public: nearby spots of a public place, the feed and the author's activity leave it out for everyone.
    for (const url of [`/api/places/${secretPublic.id}/nearby`, '/api/feed', `/api/profiles/${author.id}/activity`]) {
      expect(showing, url).not.toContain(url);
    }
  });

  test('the kept public counts and hub numbers leave secret spots out', async () => {
    const counts = await kit.t.app.db
      .selectFrom('public_counts')
      .select(['key', 'n'])
      .where('key', 'in', ['spots', `approved:places:${DISCIPLINE}`])
      .execute();
    expect(Object.fromEntries(counts.map((c) => [c.key, c.n]))).toEqual({ spots: 1, [`approved:places:${DISCIPLINE}`]: 1 });
    const list = await ok(await call('GET', `/api/disciplines/${DISCIPLINE}/places`, null));
    expect(list.total).toBe(1);
  });

  test("the author's profile counts and session figures leave out what each reader may not see (issue 37, hole 6)", async () => {
    // One condition report and one session at each secret spot: the crew's for the crew, both for the author.
    const expected: Record<Viewer, number> = { visitor: 0, stranger: 0, 'crew member': 1, author: 2, admin: 2 };
    for (const viewer of Object.keys(expected) as Viewer[]) {
      const profile = await ok(await call('GET', `/api/profiles/${author.id}`, who(viewer)));
      expect(profile.conditionReports, `${viewer}: condition reports`).toBe(expected[viewer]);
      const stats = (await ok(await call('GET', `/api/profiles/${author.id}/session-stats`, who(viewer)))) as {
        totals: Record<string, number>;
        bySpot: unknown[];
      };
      expect(stats.totals, `${viewer}: session totals`).toMatchObject({ sessions: expected[viewer], spots: expected[viewer] });
      expect(stats.bySpot, `${viewer}: top spots`).toHaveLength(expected[viewer]);
      const log = await ok(await call('GET', `/api/profiles/${author.id}/sessions`, who(viewer)));
      expect(log.total, `${viewer}: session log`).toBe(expected[viewer]);
    }
  });

  test('commenting on or liking a hidden spot answers 404 and stores nothing', async () => {
    const { id } = secret.crew;
    expect((await call('POST', `/api/content/place/${id}/comments`, stranger, { body: 'found it' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/content/place/${id}/like`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/places/${id}/conditions`, stranger, { kind: 'water', size: 'small', wind: 'none', crowd: 'some' })).statusCode).toBe(404);
    const comments = await kit.t.app.db.selectFrom('comments').select('id').where('item_id', '=', id).execute();
    expect(comments).toHaveLength(1);
    expect((await call('POST', `/api/content/place/${id}/comments`, crewMate, { body: 'Crew knows' })).statusCode).toBe(201);
  });

  test('a crew the author does not belong to is refused, nothing stored', async () => {
    const theirs = await insertTeam(kit.t.app.db, stranger);
    const name = `Stolen ${token()}`;
    for (const teamId of [theirs, MISSING, null]) {
      const res = await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, {
        name,
        location: 'X',
        latitude: 1,
        longitude: 1,
        visibility: 'crew',
        teamId,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PLACE_TEAM_NOT_YOURS' });
    }
    const res = await call('PATCH', `/api/places/${secret.crew.id}`, author, { visibility: 'crew', teamId: theirs });
    expect(res.statusCode).toBe(400);
    expect(await kit.t.app.db.selectFrom('places').select('id').where('name', '=', name).execute()).toEqual([]);
    expect((await kit.t.app.db.selectFrom('places').select('team_id').where('id', '=', secret.crew.id).executeTakeFirstOrThrow()).team_id).toBe(teamId);
  });

  test('made public, a secret spot waits for approval; made secret again, it leaves the queue', async () => {
    const made = await ok(
      await call('POST', `/api/disciplines/${DISCIPLINE}/places`, author, {
        name: `Soon ${token()}`,
        location: 'X',
        latitude: 2,
        longitude: 2,
        visibility: 'private',
      }),
      201,
    );
    const id = made.id as string;
    await ok(await call('PATCH', `/api/places/${id}`, author, { visibility: 'public', teamId: null }));
    expect((await call('GET', `/api/places/${id}`, stranger)).statusCode).toBe(404);
    expect(await kit.approvalFor(id)).toBeDefined();
    await ok(await call('PATCH', `/api/places/${id}`, author, { visibility: 'crew', teamId }));
    expect(await kit.approvalFor(id)).toBeUndefined();
    expect((await call('GET', `/api/places/${id}`, crewMate)).statusCode).toBe(200);
    expect((await call('GET', `/api/places/${id}`, stranger)).statusCode).toBe(404);
    // An admin making it public publishes it at once.
    await ok(await call('PATCH', `/api/places/${id}`, kit.admin, { visibility: 'public' }));
    expect((await call('GET', `/api/places/${id}`, stranger)).statusCode).toBe(200);
  });

  /** Where a public spot shows for a visitor: its page, the list, a neighbour's nearby spots, the sitemap and its card. */
  async function publicTraces(id: string, marker: string) {
    const found = (res: Awaited<ReturnType<typeof call>>) => res.statusCode === 200 && res.body.includes(id);
    return {
      page: (await call('GET', `/api/places/${id}`, null)).statusCode === 200,
      list: found(await call('GET', `/api/disciplines/${DISCIPLINE}/places?q=${marker}`, null)),
      nearby: found(await call('GET', `/api/places/${secretPublic.id}/nearby`, null)),
      sitemap: found(await call('GET', '/sitemaps/place-1.xml', null)),
      card: (await call('GET', `/api/share-cards/place/${id}.png`, null)).statusCode === 200,
    };
  }

  test('an author hides their public spot at once (issue 37): it leaves every public place, the rest of the edit still waits, and the change is on record', async () => {
    const marker = `hide${token()}`.toLowerCase();
    const made = await ok(
      await call('POST', `/api/disciplines/${DISCIPLINE}/places`, kit.admin, {
        name: `Was public ${marker}`,
        location: 'X',
        latitude: 43.482,
        longitude: -1.562,
      }),
      201,
    );
    const id = made.id as string;
    await kit.t.app.db.updateTable('places').set({ author_id: author.id }).where('id', '=', id).execute();
    const spots = async () => (await kit.t.app.db.selectFrom('public_counts').select('n').where('key', '=', 'spots').executeTakeFirstOrThrow()).n;
    const before = await spots();
    expect(await publicTraces(id, marker)).toEqual({ page: true, list: true, nearby: true, sitemap: true, card: true });

    const renamed = `Renamed ${marker}`;
    const edited = await ok(await call('PATCH', `/api/places/${id}`, author, { visibility: 'private', name: renamed }));
    expect(edited).toMatchObject({ visibility: 'private', name: `Was public ${marker}`, pendingRevision: { changes: { name: renamed } } });
    expect(await publicTraces(id, marker)).toEqual({ page: false, list: false, nearby: false, sitemap: false, card: false });
    expect(await spots()).toBe(before - 1);
    expect((await call('GET', `/api/places/${id}`, stranger)).statusCode).toBe(404);
    // The rename waits for review; the hiding is not in it, and is kept as a change its author decided.
    const queued = ((await ok(await call('GET', '/api/admin/approvals', kit.admin))) as unknown as Approval[]).filter((a) => a.itemId === id);
    expect(queued).toMatchObject([{ changes: [{ field: 'name', after: renamed }] }]);
    const record = await kit.t.app.db
      .selectFrom('pending_revisions')
      .select(['status', 'changes', 'submitted_by', 'decided_by'])
      .where('item_id', '=', id)
      .where('status', '=', 'approved')
      .execute();
    expect(record).toEqual([{ status: 'approved', changes: { visibility: 'private' }, submitted_by: author.id, decided_by: author.id }]);
  });

  test("an author's public spot made a crew spot is one at once: the crew sees it, nobody else", async () => {
    const made = await ok(
      await call('POST', `/api/disciplines/${DISCIPLINE}/places`, kit.admin, { name: `Crew soon ${token()}`, location: 'X', latitude: 3, longitude: 3 }),
      201,
    );
    const id = made.id as string;
    await kit.t.app.db.updateTable('places').set({ author_id: author.id }).where('id', '=', id).execute();
    expect(await ok(await call('PATCH', `/api/places/${id}`, author, { visibility: 'crew', teamId }))).toMatchObject({
      visibility: 'crew',
      team: { id: teamId },
    });
    expect(await kit.t.app.db.selectFrom('places').select(['status', 'visibility', 'team_id']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'pending',
      visibility: 'crew',
      team_id: teamId,
    });
    expect((await call('GET', `/api/places/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/places/${id}`, crewMate)).statusCode).toBe(200);
    expect(await kit.approvalFor(id)).toBeUndefined();
    // A crew the author is not in is refused, and the spot stays as it was.
    const other = await ok(
      await call('POST', `/api/disciplines/${DISCIPLINE}/places`, kit.admin, { name: `Stays ${token()}`, location: 'X', latitude: 4, longitude: 4 }),
      201,
    );
    await kit.t.app.db
      .updateTable('places')
      .set({ author_id: author.id })
      .where('id', '=', other.id as string)
      .execute();
    const strangersTeam = await insertTeam(kit.t.app.db, stranger, [], { isPrivate: true });
    const refused = await call('PATCH', `/api/places/${other.id}`, author, { visibility: 'crew', teamId: strangersTeam, name: 'Sneaky' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PLACE_TEAM_NOT_YOURS');
    expect(
      await kit.t.app.db
        .selectFrom('places')
        .select(['status', 'visibility'])
        .where('id', '=', other.id as string)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'approved', visibility: 'public' });
    expect(await kit.approvalFor(other.id as string)).toBeUndefined();
  });
});
