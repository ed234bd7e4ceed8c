import type { FastifyContextConfig, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { TeamDetail } from '../../common/teams.ts';

// Counts how often the discipline hub is really computed. API test files share their modules
// (vitest.config.ts: isolate off), so the app is imported afresh here for the mock to take effect.
const hubReads = vi.hoisted(() => ({ count: 0 }));
vi.resetModules();
const { cacheKindOf } = await import('./http-cache.ts');
const { createTestApp, RELAXED_LIMITS, signUpVerified } = await import('../test/test-app.ts');
const { useTestApp } = await import('../test/use-test-app.ts');
vi.mock('../features/disciplines/disciplines.db.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../features/disciplines/disciplines.db.ts')>();
  return {
    ...original,
    getDisciplineHub: (...args: Parameters<typeof original.getDisciplineHub>) => {
      hubReads.count += 1;
      return original.getDisciplineHub(...args);
    },
  };
});

const ORIGIN = 'http://localhost:3000';
const PUBLIC = 'public, max-age=0, must-revalidate';
const PRIVATE = 'private, no-cache';
const TTL_SECONDS = 1;

type User = Awaited<ReturnType<typeof import('../test/test-app.ts').signUpVerified>>;

const t = useTestApp({ ...RELAXED_LIMITS, httpCacheSeconds: TTL_SECONDS });
let leader: User;
let other: User;
let team: TeamDetail;

const get = (url: string, who?: User | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

/** Renames the team behind the API's back, as another server process would. */
const renameInDatabase = (name: string) => t.app.db.updateTable('teams').set({ name }).where('id', '=', team.id).execute();

const nameOf = (res: LightMyRequestResponse) => (res.json() as TeamDetail).name;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  leader = await signUpVerified(t, { name: 'Lena Leader' });
  other = await signUpVerified(t, { name: 'Otto Other' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie: leader.cookie, origin: ORIGIN },
    payload: { name: 'Cache Crew', disciplineIds: ['surfing'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  team = res.json() as TeamDetail;
  await t.app.db.updateTable('teams').set({ status: 'approved' }).where('id', '=', team.id).execute();
});

describe('ETag and 304', () => {
  test('a read carries a weak ETag from its body; a matching If-None-Match answers 304 without a body', async () => {
    const first = await get('/api/disciplines');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await get('/api/disciplines', null, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const stale = await get('/api/disciplines', null, { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  test('a signed-in read has its own ETag and 304 too, without being cached', async () => {
    const first = await get(`/api/teams/${team.id}`, leader);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    expect((await get(`/api/teams/${team.id}`, leader, { 'if-none-match': etag })).statusCode).toBe(304);
    // The anonymous answer differs (canManage), so its tag does not match the leader's.
    expect((await get(`/api/teams/${team.id}`, null, { 'if-none-match': etag })).statusCode).toBe(200);
  });
});

describe('Cache-Control by kind of answer', () => {
  test('anonymous public reads are public and vary on the cookie; the same reads signed in are private', async () => {
    for (const url of [
      '/api/disciplines',
      '/api/disciplines/surfing',
      '/api/teams',
      `/api/teams/${team.id}`,
      '/api/settings',
      '/api/disciplines/surfing/places',
    ]) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(200);
      expect(anonymous.headers['cache-control'], url).toBe(PUBLIC);
      expect(String(anonymous.headers.vary), url).toMatch(/Cookie/);
      const signedIn = await get(url, other);
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers['cache-control'], url).toBe(PRIVATE);
    }
  });

  test('session and account data is never stored; private routes stay private even when refused', async () => {
    expect((await get('/api/me', leader)).headers['cache-control']).toBe('no-store');
    expect((await get('/api/auth/get-session', leader)).headers['cache-control']).toBe('no-store');
    expect((await get('/api/profile', leader)).headers['cache-control']).toBe('no-store');
    expect((await get('/api/notifications', leader)).headers['cache-control']).toBe('no-store');
    const feed = await get('/api/feed');
    expect(feed.headers['cache-control']).toBe(PRIVATE);
    expect(feed.headers.etag).toBeUndefined();
    expect((await get('/api/admin/overview')).headers['cache-control']).toBe(PRIVATE);
  });

  test("a public route's own longer max-age holds for anonymous visitors only, cached or not", async () => {
    expect((await get('/api/stats')).headers['cache-control']).toBe('public, max-age=60');
    expect((await get('/api/stats')).headers['cache-control']).toBe('public, max-age=60');
    expect((await get('/api/stats', other)).headers['cache-control']).toBe(PRIVATE);
  });
});

describe('kinds of answer', () => {
  const kind = (route: string | undefined, config: FastifyContextConfig = {}, headers: Record<string, string> = {}) =>
    cacheKindOf({ routeOptions: { url: route, config }, headers } as unknown as FastifyRequest);

  test('the live stream is left alone, session data is no-store, only routes declared public are public, any session makes it private', () => {
    expect(kind('/api/live', { cache: 'stream' })).toBeUndefined();
    expect(kind('/healthz', { cache: 'public' })).toBeUndefined();
    expect(kind(undefined)).toBeUndefined();
    expect(kind('/api/auth/*', { cache: 'no-store' })).toBe('no-store');
    expect(kind('/api/me', { cache: 'no-store' }, { cookie: 'stoked.session_token=abc.def' })).toBe('no-store');
    expect(kind('/api/teams/:id', { cache: 'public' })).toBe('public');
    expect(kind('/api/disciplines/:id/places', { cache: 'public' })).toBe('public');
    // Saying nothing is private: a new route is never shared by mistake.
    expect(kind('/api/teams/:id/join-requests')).toBe('private');
    expect(kind('/api/conversations', { cache: 'private' })).toBe('private');
    for (const cookie of ['stoked.session_token=abc.def', 'theme=dark; __Secure-stoked.session_token=abc', 'a=1;stoked.session_data=x']) {
      expect(kind('/api/teams/:id', { cache: 'public' }, { cookie }), cookie).toBe('private');
    }
    expect(kind('/api/teams/:id', { cache: 'public' }, { cookie: 'theme=dark' })).toBe('public');
    expect(kind('/api/teams/:id', { cache: 'public' }, { authorization: 'Bearer x' })).toBe('private');
  });
});

describe('in-process cache of anonymous public reads', () => {
  test('an anonymous read is served from the cache until its TTL, then read again', async () => {
    const url = `/api/teams/${team.id}`;
    const before = nameOf(await get(url));
    await renameInDatabase('Renamed Elsewhere');
    expect(nameOf(await get(url)), 'served from the cache').toBe(before);
    await sleep(TTL_SECONDS * 1000 + 100);
    expect(nameOf(await get(url)), 'expired').toBe('Renamed Elsewhere');
  });

  test('the cache is keyed by Accept-Language as well as the URL', async () => {
    const url = `/api/teams/${team.id}`;
    await get(url, null, { 'accept-language': 'fr' });
    await renameInDatabase('Second Name');
    expect(nameOf(await get(url, null, { 'accept-language': 'fr' }))).not.toBe('Second Name');
    expect(nameOf(await get(url, null, { 'accept-language': 'de' }))).toBe('Second Name');
  });

  test('and by the language cookie, which orders what the API answers (server/lib/reader-language.ts)', async () => {
    const url = `/api/teams/${team.id}`;
    await get(url, null, { 'accept-language': 'es', cookie: 'stoked-language=pl' });
    await renameInDatabase('Third Name');
    expect(nameOf(await get(url, null, { 'accept-language': 'es', cookie: 'stoked-language=pl' }))).not.toBe('Third Name');
    expect(nameOf(await get(url, null, { 'accept-language': 'es', cookie: 'stoked-language=de' }))).toBe('Third Name');
  });

  test("a client's no-cache does not skip the cache: its answer is the kept one until the TTL", async () => {
    const url = `/api/teams/${team.id}`;
    await get(url, null, { 'accept-language': 'it' });
    await renameInDatabase('Fresh Name');
    expect(nameOf(await get(url, null, { 'accept-language': 'it' })), 'still cached').not.toBe('Fresh Name');
    expect(nameOf(await get(url, null, { 'accept-language': 'it', 'cache-control': 'no-cache' })), 'a client cannot skip the cache').not.toBe('Fresh Name');
  });

  test('a successful write on this process empties the cache at once', async () => {
    const url = `/api/teams/${team.id}`;
    await get(url);
    await renameInDatabase('Not Yet Seen');
    expect(nameOf(await get(url))).not.toBe('Not Yet Seen');
    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: leader.cookie, origin: ORIGIN },
      payload: { name: 'Written Through The API' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    // The leader's rename waits for review; the emptied cache shows the name the database holds now.
    expect(nameOf(await get(url))).toBe('Not Yet Seen');
  });

  test('concurrent anonymous misses of one URL compute it once and share the answer; signed-in ones each compute their own', async () => {
    await sleep(TTL_SECONDS * 1000 + 100);
    hubReads.count = 0;
    const anonymous = await Promise.all(Array.from({ length: 20 }, () => get('/api/disciplines/skateboarding')));
    expect(anonymous.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(anonymous.map((r) => r.body)).size).toBe(1);
    expect(hubReads.count).toBe(1);
    await Promise.all([
      get('/api/disciplines/skateboarding', leader),
      get('/api/disciplines/skateboarding', other),
      get('/api/disciplines/skateboarding', leader),
    ]);
    expect(hubReads.count).toBe(4);
  });

  test('a refused write leaves the cache alone', async () => {
    const url = `/api/teams/${team.id}`;
    const cached = nameOf(await get(url));
    await renameInDatabase('Behind A Refused Write');
    const refused = await t.app.inject({ method: 'PATCH', url, headers: { cookie: other.cookie, origin: ORIGIN }, payload: { name: 'Nope' } });
    expect(refused.statusCode).toBe(403);
    expect(nameOf(await get(url))).toBe(cached);
  });

  test('a signed-in request never gets the cached anonymous answer, and its own answer is not cached', async () => {
    await sleep(TTL_SECONDS * 1000 + 100);
    const url = `/api/teams/${team.id}`;
    // The leader asks first: were that cached, anonymous visitors would be offered the Manage area.
    const mine = await get(url, leader);
    expect((mine.json() as TeamDetail).canManage).toBe(true);
    const anonymous = await get(url);
    expect((anonymous.json() as TeamDetail).canManage).toBe(false);
    // Now the anonymous answer is cached: the leader still gets their own.
    expect((await get(url, leader)).json()).toMatchObject({ canManage: true });
    expect((await get(url, other)).json()).toMatchObject({ canManage: false });
  });

  test('no e-mail or account data is ever served to someone else, whatever the order of requests', async () => {
    await sleep(TTL_SECONDS * 1000 + 100);
    const urls = [
      '/api/me',
      '/api/profile',
      '/api/auth/get-session',
      '/api/notifications',
      '/api/teams',
      `/api/teams/${team.id}`,
      `/api/profiles/${leader.id}`,
      '/api/disciplines/surfing',
      '/api/disciplines/surfing/athletes',
    ];
    const own = await Promise.all(urls.map((url) => get(url, leader)));
    expect(own[0]!.body, 'the leader sees their own address').toContain(leader.email);
    for (const [who, label] of [
      [null, 'anonymous'],
      [other, 'another user'],
    ] as const) {
      for (const url of urls) {
        // Twice: the second answer may come from the cache.
        for (const res of [await get(url, who), await get(url, who)]) {
          expect(res.body, `${label} ${url}`).not.toContain(leader.email);
          expect(res.body, `${label} ${url}`).not.toContain(leader.cookie.split('=')[1]!.split('.')[0]!);
        }
      }
    }
    expect((await get('/api/me')).json()).toEqual({ user: null });
  });
});

describe('with HTTP_CACHE_SECONDS=0', () => {
  test('nothing is kept: a change made elsewhere shows at once, ETags still work', async () => {
    const plain = await createTestApp({ ...RELAXED_LIMITS });
    try {
      expect(plain.config.httpCacheSeconds).toBe(0);
      const first = await plain.app.inject({ method: 'GET', url: '/api/disciplines/surfing' });
      expect(first.headers.etag).toMatch(/^W\//);
      await plain.app.db.updateTable('disciplines').set({ name: 'Wave Riding' }).where('id', '=', 'surfing').execute();
      const second = await plain.app.inject({ method: 'GET', url: '/api/disciplines/surfing' });
      expect(second.body).toContain('Wave Riding');
      expect(second.headers.etag).not.toBe(first.headers.etag);
    } finally {
      await plain.close();
    }
  });
});
