import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testWebBuild } from '../scripts/test-web-build.ts';
import { FLASH_COOKIE } from '../common/forms.ts';
import { LANGUAGE_COOKIE } from '../common/languages.ts';
import { pathToFileURL } from 'node:url';
import type { PageRequest, RenderedPage } from '../web/entry-server.tsx';
import { pageRendererOf } from './lib/web-pages.ts';
import { readManifest } from './lib/build-manifest.ts';
import { createTestApp, RELAXED_LIMITS, signUpVerified, statementsDuring, type TestApp } from './test/test-app.ts';
import { useTestApp } from './test/use-test-app.ts';
import { readsFor } from './test/page-reads.ts';

/**
 * Every page comes rendered by the server (web/entry-server.tsx), with the data the browser
 * hydrates from; a render that fails or is late is the bare app.
 */

type RenderPage = (request: PageRequest) => Promise<RenderedPage>;

const tmp = mkdtempSync(path.join(tmpdir(), 'stoked-pages-'));
const BARE_ROOT = '<div id="root"></div>';

const html = (res: LightMyRequestResponse) => (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body);
const rootOf = (page: string) => /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="ssr-state">/.exec(page)?.[1];
const stateOf = (page: string) =>
  JSON.parse(/<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(page)![1]!) as {
    language: string;
    settings: { enabledLanguages: string[] };
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    texts: Record<string, string>;
    strings?: Record<string, unknown>;
  };

describe('with the real page renderer', () => {
  const t = useTestApp(async () => ({ ...RELAXED_LIMITS, webDist: await testWebBuild() }), { timeout: 240_000 });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });

  /** An upcoming surfing event made by a new admin (published at once): its id, its admin and its start. */
  const publishedEvent = async (adminName: string, fields: { name: string; description: string; location: string; type: string }) => {
    const admin = await signUpVerified(t, { name: adminName });
    await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const start = new Date(Date.now() + 864e6).toISOString();
    const payload = { ...fields, startDate: start, endDate: start, price: 0, maxAttendees: null };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/disciplines/surfing/events',
      headers: { cookie: admin.cookie, origin: t.config.publicUrl },
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    return { id: (created.json() as { id: string }).id, admin, start };
  };

  /** How many times `during` made our session reader look a session up. */
  const sessionReadsOf = async (during: () => Promise<void>) => {
    // Every read starts there (server/lib/session.ts), whether better-auth is then asked or not.
    const { auth } = t.app;
    const original = auth.readSession;
    let reads = 0;
    auth.readSession = (...args) => {
      reads += 1;
      return original(...args);
    };
    try {
      await during();
    } finally {
      auth.readSession = original;
    }
    return reads;
  };

  test('a page is the same page whether sent as brotli, gzip or as it is', async () => {
    const page = '/discipline/surfing';
    const br = await get(page);
    const gz = await get(page, { 'accept-encoding': 'gzip' });
    const plain = await get(page, { 'accept-encoding': 'identity' });
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    // Each render stamps the data it hands over with the time; nothing else may differ.
    const masked = (text: string) => text.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '');
    const plainText = masked(plain.body);
    expect(plainText).toContain('<h1');
    expect(masked(brotliDecompressSync(br.rawPayload).toString())).toBe(plainText);
    expect(masked(gunzipSync(gz.rawPayload).toString())).toBe(plainText);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  test('a visitor gets the home page rendered, compressed, with its data and the hero image hinted', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/);
    const page = html(res);
    const root = rootOf(page)!;
    expect(root).toContain('Welcome to Stoked</h1>');
    expect(root).toContain('href="/category/water"');
    expect(page.split('</head>')[0]).toContain('<link rel="preload" href="/images/home-background.webp" as="image" fetchPriority="high"/>');
    // The app's scripts are fetched and run only after the first paint, by paint-first.js: the entry and the modules it imports.
    expect(page).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const loader = /<script defer src="\/paint-first.js" data-entry="(\/assets\/index-[\w-]+\.js)" data-preload="([^"]+)"><\/script>/.exec(page);
    expect(loader).not.toBeNull();
    const preloads = loader![2]!.split(' ');
    expect(preloads.length).toBeGreaterThan(3);
    for (const href of preloads) expect(href).toMatch(/^\/assets\/[\w.-]+\.js$/);
    // The settings come inline, so the app does not fetch them again.
    expect(page).not.toContain('href="/api/settings"');
    const state = stateOf(page);
    expect(state.language).toBe('en');
    const keys = state.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(expect.arrayContaining(['["categories"]', '["home","stats"]']));
    // The numbers it shows come as the server wrote them: the browser formats none while hydrating.
    const texts = Object.entries(state.texts);
    expect(texts.length).toBeGreaterThan(0);
    for (const [key, text] of texts) {
      expect(key).toMatch(/^number en \{\} \d+$/);
      expect(root).toContain(text);
    }
  });

  test("a page names its own code and strings to be fetched with the entry's, each once", async () => {
    const manifest = readManifest(await testWebBuild())!;
    const preloadsOf = (page: string) => /data-preload="([^"]+)"/.exec(page)![1]!.split(' ');
    const chunkOf = (key: string) => `/${manifest[key]!.file}`;
    const teamsPage = html(await get('/teams', { cookie: `${LANGUAGE_COOKIE}=de` }));
    const teams = preloadsOf(teamsPage);
    // Its page chunk and the German core strings, not only the entry's modules.
    expect(teams).toEqual(expect.arrayContaining([chunkOf('features/teams/teams-page.tsx'), chunkOf('locales/de.json?part=core')]));
    // The other strings it shows come with it, in German (the rest of the language's load later: issue 38).
    expect(teams).not.toContain(chunkOf('locales/de.json?part=rest'));
    expect(teams).not.toContain(chunkOf('locales/en.json?part=rest'));
    const de = JSON.parse(readFileSync(path.join(import.meta.dirname, '../web/locales/de.json'), 'utf8')) as Record<string, unknown>;
    expect(stateOf(teamsPage).strings).toMatchObject({ teams: de.teams });
    expect(Object.keys(stateOf(teamsPage).strings ?? {})).not.toContain('nav');
    expect(new Set(teams).size).toBe(teams.length);
    // The home page is in the entry: it waits for the core strings only.
    const home = preloadsOf(html(await get('/')));
    expect(home).toContain(chunkOf('locales/en.json?part=core'));
    expect(home).not.toContain(chunkOf('locales/en.json?part=rest'));
    expect(home).not.toContain(chunkOf('features/teams/teams-page.tsx'));
    // The toaster is drawn with the first toast, which may come offline: its code is named with every page.
    expect(home).toContain(chunkOf('components/shell/toaster.tsx'));
    // What waits on the device to be sent is listed for a signed-in person only, online or not.
    expect(home).not.toContain(chunkOf('components/shell/outbox-status.tsx'));
    const member = await signUpVerified(t, { name: 'Preload Member' });
    expect(preloadsOf(html(await get('/', { cookie: member.cookie })))).toContain(chunkOf('components/shell/outbox-status.tsx'));
  });

  test("the page is in the language of the visitor's cookie, or the default for an unknown or disabled one", async () => {
    const de = html(await get('/', { cookie: `${LANGUAGE_COOKIE}=de` }));
    expect(de).toContain('<html lang="de" dir="ltr">');
    expect(rootOf(de)).toContain('Willkommen bei Stoked');
    expect(stateOf(de).language).toBe('de');

    // Arabic is not among the languages enabled at first.
    const ar = html(await get('/discipline/surfing', { cookie: `${LANGUAGE_COOKIE}=ar` }));
    expect(ar).toContain('<html lang="en" dir="ltr">');

    const unknown = html(await get('/', { cookie: `${LANGUAGE_COOKIE}=xx` }));
    expect(unknown).toContain('<html lang="en" dir="ltr">');
  });

  test("a first visit is in the browser's language (Accept-Language) among the enabled ones; a cookie's choice wins", async () => {
    const fr = html(await get('/', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' }));
    expect(fr).toContain('<html lang="fr" dir="ltr">');
    expect(stateOf(fr).language).toBe('fr');
    const chosen = html(await get('/', { 'accept-language': 'fr-CH, fr;q=0.9', cookie: `${LANGUAGE_COOKIE}=de` }));
    expect(chosen).toContain('<html lang="de" dir="ltr">');
    // Arabic is not enabled at first: the next accepted language that is.
    const ar = html(await get('/', { 'accept-language': 'ar-EG, es;q=0.5' }));
    expect(ar).toContain('<html lang="es" dir="ltr">');
  });

  test("title and description are the page's own", async () => {
    const page = html(await get('/discipline/surfing'));
    expect(page).toContain('<title>Surfing - Stoked</title>');
    expect(rootOf(page)).toMatch(/<h1[^>]*>Surfing<\/h1>/);
  });

  test('an item page carries its share preview (OpenGraph, Twitter card) and its schema.org description, in its language', async () => {
    const { id, admin, start } = await publishedEvent('Preview Admin', {
      name: 'Preview Pro',
      description: 'Heats all day.',
      location: 'Hossegor',
      type: 'Competition',
    });
    const path = `/discipline/surfing/events/${id}`;
    const url = `${t.config.publicUrl}${path}`;
    // The address's language wins over the cookie's, and is then the page's own address.
    const head = html(await get(`${path}?lang=fr`, { cookie: `${LANGUAGE_COOKIE}=de` })).split('</head>')[0]!;
    const meta = (name: string) => new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(head)?.[1];
    expect([meta('og:title'), meta('og:url'), meta('og:locale'), meta('twitter:card'), meta('og:image')]).toEqual([
      'Preview Pro - Stoked',
      `${url}?lang=fr`,
      'fr',
      'summary_large_image',
      expect.stringMatching(new RegExp(`^${t.config.publicUrl}/api/share-cards/event/${id}\\.png\\?v=[0-9a-z]+&#38;lang=fr$`)),
    ]);
    const links = [
      `rel="canonical" href="${url}?lang=fr"`,
      `rel="alternate" hreflang="de" href="${url}?lang=de"`,
      `rel="alternate" hreflang="x-default" href="${url}"`,
    ];
    for (const link of links) expect(head).toContain(`<link ${link} />`);
    expect(head).not.toContain('hreflang="ar"'); // not enabled
    expect(head).toMatch(/<link rel="manifest" href="\/manifest-fr\.webmanifest"/); // the installed app's name in French
    expect(html(await get(path, { cookie: `${LANGUAGE_COOKIE}=de` }))).toContain(`<link rel="canonical" href="${url}" />`);
    const data = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'Preview Pro',
      startDate: start,
      location: { name: 'Hossegor' },
      inLanguage: 'fr',
    });
    const profile = html(await get(`/profile/${admin.id}`)).split('</head>')[0]!;
    expect([profile.includes('<meta property="og:type" content="profile" />'), /"@type":"Person","name":"Preview Admin"/.test(profile)]).toEqual([true, true]);
  });

  test('every page is rendered, for visitors and signed-in people; unknown addresses and missing items answer 404 in words', async () => {
    const rider = await signUpVerified(t, { name: 'Rendered Rider' });
    const mine = await get('/', { cookie: rider.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(rootOf(html(mine))).toContain('href="/profile"');
    const me = stateOf(html(mine)).queries.queries.find((q) => JSON.stringify(q.queryKey) === '["auth","me"]');
    expect(JSON.stringify(me?.state.data)).toContain('Rendered Rider');
    // The next visitor gets a visitor's page, never the rider's.
    const visitor = html(await get('/'));
    expect(visitor).not.toContain('Rendered Rider');
    expect(rootOf(visitor)).toContain('href="/login"');

    for (const url of ['/login', '/register', '/contact']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(html(res)), url).toMatch(/<form[^>]*>/);
    }
    for (const url of ['/no/such/page', '/discipline/no-such-discipline']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(rootOf(html(res)), url).toMatch(/not found/i);
    }
  });

  test("a signed-in page reads the person's session once for all its API calls; nobody else can borrow it", async () => {
    const rider = await signUpVerified(t, { name: 'Once Rider' });
    let statements: string[] = [];
    const reads = await sessionReadsOf(async () => {
      statements = await statementsDuring(t, async () => {
        const page = html(await get('/discipline/surfing', { cookie: rider.cookie }));
        expect(JSON.stringify(stateOf(page).queries)).toContain('Once Rider');
      });
    });
    expect(reads).toBe(1);
    // Who is asking comes with the page, read with its session: no read asks it again.
    const asked: string[] = [];
    const unwatch = t.app.reads.watch((url) => asked.push(url));
    try {
      expect(JSON.stringify(stateOf(html(await get('/discipline/surfing', { cookie: rider.cookie }))).queries)).toContain('Once Rider');
    } finally {
      unwatch();
    }
    expect(asked).toContain('/api/disciplines/surfing');
    expect(asked).not.toContain('/api/me');
    // The session and its person in one statement (a join), not one each.
    const sessionStatements = statements.filter((sql) => /from "sessions"/.test(sql));
    expect(sessionStatements).toHaveLength(1);
    expect(sessionStatements[0]).toMatch(/join "profiles"/);
    // The header that names a page's session means nothing from outside.
    const forged = await t.app.inject({ method: 'GET', url: '/api/me', headers: { 'x-stoked-page': 'guess.0000' } });
    expect(forged.json()).toEqual({ user: null });
  });

  test("a profile page's API calls take from the profile's own query whether its person may be seen", async () => {
    const rider = await signUpVerified(t, { name: 'Asked Once' });
    const statements = await statementsDuring(t, async () => {
      expect(rootOf(html(await get(`/profile/${rider.id}`)))).toContain('Asked Once');
    });
    // Its sessions, tricks, activity and statistics would each ask it: the profile's query has told them.
    expect(statements.filter((sql) => /where "p"\."id" = \$1 and \("p"\."email_verified" and not "p"\."banned"\)$/.test(sql))).toHaveLength(0);
    expect(
      statements.filter((sql) => /from "profiles" as "p" where "p"\."id" = \$\d+ and \("p"\."email_verified" and not "p"\."banned"\)/.test(sql)),
    ).toHaveLength(1);
  });

  test("an event page's attendees and comments take from the event's own query whether it may be seen", async () => {
    const { id } = await publishedEvent('Seen Once Admin', { name: 'Seen Once Jam', description: 'One check.', location: 'Biarritz', type: 'Meetup' });
    const statements = await statementsDuring(t, async () => {
      expect(rootOf(html(await get(`/discipline/surfing/events/${id}`)))).toContain('Seen Once Jam');
    });
    expect(statements.filter((sql) => /^select "c"\."id" from "events" as "c" where "c"\."id" = \$1/.test(sql))).toHaveLength(0);
    expect(statements.filter((sql) => /from "events" as "c"/.test(sql))).toHaveLength(1);
    // Hidden again (pending): the event's query finds nothing, and so its lists are not found either.
    await t.app.db.updateTable('events').set({ status: 'pending' }).where('id', '=', id).execute();
    const hidden = await get(`/discipline/surfing/events/${id}`);
    expect(hidden.statusCode).toBe(404);
    expect(html(hidden)).not.toContain('One check.');
  });

  test("a section's list asks whether its discipline exists only when the page is empty", async () => {
    await publishedEvent('Listed Once Admin', { name: 'Listed Once Jam', description: 'No check.', location: 'Anglet', type: 'Meetup' });
    const exists = (sql: string) => /^select "id" from "disciplines" where "id" = \$1$/.test(sql);
    const listed = await statementsDuring(t, async () => {
      expect(rootOf(html(await get('/discipline/surfing/events')))).toContain('Listed Once Jam');
    });
    expect(listed.filter(exists)).toHaveLength(0);
    // An empty page may be a discipline that does not exist: then it asks, and a missing one is not found.
    const empty = await statementsDuring(t, async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/disciplines/surfing/events?q=nothing-matches-this' })).statusCode).toBe(200);
    });
    expect(empty.filter(exists)).toHaveLength(1);
    const missing = await t.app.inject({ method: 'GET', url: '/api/disciplines/no-such-sport/events' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'DISCIPLINE_NOT_FOUND' });
  });

  test("a visitor's page and its API reads ask nobody who is signed in", async () => {
    const reads = await sessionReadsOf(async () => {
      expect(rootOf(html(await get('/discipline/surfing')))).toContain('Surfing');
      expect((await t.app.inject({ method: 'GET', url: '/api/disciplines/surfing' })).json()).toMatchObject({ following: false });
    });
    expect(reads).toBe(0);
  });

  test('a page hands over the site-wide answers its route reads, not every one an earlier page kept', async () => {
    const rider = await signUpVerified(t, { name: 'Kept Answers' });
    const keys = (page: string) => stateOf(page).queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys(html(await get(`/profile/${rider.id}`)))).toContain('["disciplines"]');
    const hub = keys(html(await get('/discipline/surfing')));
    expect(hub).toContain('["categories"]');
    expect(hub).not.toContain('["disciplines"]');
    expect(keys(html(await get(`/profile/${rider.id}`))), 'and reuses it where the route reads it').toContain('["disciplines"]');
  });

  test("what users write cannot break out of the page: no script but the app's, values escaped", async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const rider = await signUpVerified(t, { name: hostile });
    const page = html(await get(`/profile/${rider.id}`));
    expect(rootOf(page)).toBeDefined();
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<img src=x');
    for (const tag of page.match(/<script[^>]*>/g) ?? [])
      expect(tag).toMatch(/ src="\/paint-first.js" data-entry="\/assets\/|type="application\/(?:ld\+)?json"/);
    expect(page).toContain(`<title>${hostile.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)} - Stoked</title>`);
    const profile = stateOf(page).queries.queries.find((q) => JSON.stringify(q.state.data).includes('alert(1)'));
    expect(profile, 'the name reaches the browser intact').toBeDefined();
  });

  test('a change shows on the next render (nothing kept beyond the API cache, off in tests)', async () => {
    const admin = await signUpVerified(t);
    await t.database.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const before = stateOf(html(await get('/'))).settings.enabledLanguages;
    expect(before).toContain('de');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/languages',
      headers: { cookie: admin.cookie, origin: t.config.publicUrl },
      payload: { enabledLanguages: ['en', 'ar'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = html(await get('/', { cookie: `${LANGUAGE_COOKIE}=de` }));
    expect(stateOf(after).settings.enabledLanguages).toEqual(['en', 'ar']);
    expect(after).toContain('<html lang="en" dir="ltr">');
    const ar = html(await get('/discipline/surfing', { cookie: `${LANGUAGE_COOKIE}=ar` }));
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(stateOf(ar).language).toBe('ar');
  });
});

describe('each page reads only the data its route declared', () => {
  let renderPage: RenderPage;
  const t = useTestApp(async () => ({ ...RELAXED_LIMITS, webDist: await testWebBuild(), sampleContent: true }), { timeout: 240_000 });
  beforeAll(async () => {
    ({ renderPage } = (await import(pathToFileURL(pageRendererOf(await testWebBuild())).href)) as { renderPage: RenderPage });
  });

  // The page's API calls answered in-process, as the server answers them for a page.
  const fetchFor = (cookie?: string) => readsFor(t.app, cookie);
  const firstId = async (url: string) => {
    const body = JSON.parse((await t.app.inject({ method: 'GET', url })).body) as { items: { id: string }[] };
    expect(body.items.length, url).toBeGreaterThan(0);
    return body.items[0]!.id;
  };

  test('no page discovers a query by rendering, for a visitor or a signed-in member', async () => {
    const rider = await signUpVerified(t);
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { cookie: rider.cookie, origin: t.config.publicUrl },
      payload: { name: 'Declared Crew', description: 'A crew for the page test.', disciplineIds: ['surfing'], isPrivate: false },
    });
    expect(team.statusCode, team.body).toBeLessThan(300);
    const section = (name: string, kind: string) =>
      firstId(`/api/disciplines/surfing/${name}?page=1&limit=1`).then((id) => `/discipline/surfing/${kind}/${id}`);
    const urls = [
      '/',
      '/category/water',
      '/discipline/surfing',
      '/teams',
      `/team/${(JSON.parse(team.body) as { id: string }).id}`,
      `/profile/${rider.id}`,
      '/discipline/surfing/teams',
      '/discipline/surfing/athletes',
      '/discipline/surfing/places',
      '/discipline/surfing/places?view=map',
      '/discipline/surfing/articles',
      '/discipline/surfing/shops',
      '/discipline/surfing/tricktionary',
      '/discipline/surfing/reviews',
      '/discipline/surfing/events',
      '/discipline/surfing/events?q=surf&when=past',
      await section('places', 'places'),
      await section('articles', 'articles'),
      await section('shops', 'shops'),
      await section('tricks', 'tricktionary'),
      await section('reviews', 'reviews'),
      await section('events', 'events'),
      '/privacy',
      '/terms',
      '/login',
      '/register',
      '/contact',
      '/no/such/page',
    ];
    const problems: string[] = [];
    for (const [who, cookie] of [
      ['visitor', undefined],
      ['member', rider.cookie],
    ] as const) {
      for (const url of [...urls, ...(cookie ? ['/profile', '/notifications', '/messages'] : [])]) {
        const page = await renderPage({ url, storedLanguage: 'en', read: fetchFor(cookie) });
        if (page.kind === 'page' && page.undeclared.length) problems.push(`${who} ${url}: ${page.undeclared.join(' ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe("kept like the API's anonymous answers, and around the renderer", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    rmSync(tmp, { recursive: true, force: true });
  });

  async function appWithRenderer(name: string, source: string, httpCacheSeconds = 0) {
    const webDist = path.join(tmp, name);
    mkdirSync(webDist, { recursive: true });
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html lang="en" dir="ltr"><head><title>Stoked</title></head><body>${BARE_ROOT}</body></html>`,
    );
    mkdirSync(path.dirname(pageRendererOf(webDist)), { recursive: true });
    writeFileSync(pageRendererOf(webDist), source);
    const app = await createTestApp({ webDist, httpCacheSeconds });
    apps.push(app);
    return app;
  }

  test('a renderer that throws: the bare app, 200', async () => {
    const t = await appWithRenderer('throws', 'export async function renderPage() { throw new Error("boom"); }');
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(BARE_ROOT);
  });

  test('a renderer that never answers: the bare app within the deadline', async () => {
    const t = await appWithRenderer('hangs', 'export function renderPage() { return new Promise(() => {}); }');
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/discipline/surfing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(BARE_ROOT);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('rendered pages in the cache', () => {
  // Counts its renders, and renders the page with the language and the number of the render.
  const COUNTING = `let renders = 0;
export async function renderPage({ url, storedLanguage }) {
  renders += 1;
  return { kind: 'page', status: 200, html: '<p>' + url + ' ' + (storedLanguage ?? '-') + ' #' + renders + '</p>', head: '', state: '', lang: 'en', dir: 'ltr', meta: undefined, undeclared: [], modules: [] };
}`;
  const t = useTestApp(() => {
    const webDist = path.join(tmp, 'counting');
    mkdirSync(path.dirname(pageRendererOf(webDist)), { recursive: true });
    mkdirSync(webDist, { recursive: true });
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html lang="en" dir="ltr"><head><title>Stoked</title></head><body>${BARE_ROOT}</body></html>`,
    );
    writeFileSync(pageRendererOf(webDist), COUNTING);
    return { ...RELAXED_LIMITS, webDist, httpCacheSeconds: 60 };
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const rendered = (res: LightMyRequestResponse) => /<p>([^<]*)<\/p>/.exec(html(res))?.[1];

  test("a visitor's page is rendered once per address, language and compression, and revalidates with 304", async () => {
    const first = await get('/teams');
    expect(rendered(first)).toBe('/teams - #1');
    expect(rendered(await get('/teams'))).toBe('/teams - #1');
    expect(rendered(await get('/teams', { cookie: `${LANGUAGE_COOKIE}=de` }))).toBe('/teams de #2');
    const br = await get('/teams', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(rendered(br)).toBe('/teams - #3');
    const brAgain = await get('/teams', { 'accept-encoding': 'gzip, br' });
    expect(brAgain.headers['content-encoding']).toBe('br');
    expect(rendered(brAgain)).toBe('/teams - #3');
    expect(rendered(await get('/teams?page=2'))).toBe('/teams?page=2 - #4');

    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect((await get('/teams', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  test('ten visitors at once: one render', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/discipline/surfing')));
    expect(new Set(answers.map(rendered)).size).toBe(1);
  });

  test("a signed-in person's page is theirs: rendered for them, private, never kept or served to anyone else", async () => {
    const before = rendered(await get('/category/water'));
    const rider = await signUpVerified(t);
    const mine = await get('/category/water', { cookie: rider.cookie });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(rendered(mine)).not.toBe(before);
    expect(rendered(await get('/category/water', { cookie: rider.cookie }))).not.toBe(rendered(mine));
    // The sign-up wrote: the visitors' page is rendered afresh, and it is not the rider's.
    const next = rendered(await get('/category/water'));
    expect(next).not.toBe(before);
    expect(next).not.toBe(rendered(mine));
  });

  test("a page carrying a form's message is the sender's alone: neither served from the cache nor kept", async () => {
    const kept = rendered(await get('/teams?flash'));
    expect(rendered(await get('/teams?flash'))).toBe(kept);
    const flash = `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify({ kind: 'success', title: 'discipline.toast.followed' }))}`;
    const withMessage = await get('/teams?flash', { cookie: flash });
    expect(rendered(withMessage)).not.toBe(kept);
    expect(withMessage.headers['cache-control']).toBe('private, no-cache');
    expect(String(withMessage.headers['set-cookie'])).toContain(`${FLASH_COOKIE}=;`);
    expect(rendered(await get('/teams?flash'))).toBe(kept);
  });
});
