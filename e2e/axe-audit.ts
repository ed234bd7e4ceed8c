import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext } from '@playwright/test';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '../common/languages.ts';
import { E2E_ADMIN, E2E_RIDER, fixtureId } from './fixtures.ts';
import { expect, test, type Page } from './test.ts';

/**
 * axe-core with every WCAG 2.x A and AA rule (2.2 included) on every kind of page, in English and
 * in Arabic (right to left): for a visitor, a signed-in rider and the admin. The target is zero.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const LANGUAGES = ['en', 'ar'] as const;

type Violation = { id: string; help: string; nodes: { target: string[]; failureSummary?: string }[] };

async function violations(page: Page): Promise<string[]> {
  // What is still fading or sliding in (cards, toasts) is judged as it will be seen, not half
  // transparent; endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated by the browser's debugger, which our Content-Security-Policy rightly keeps a page's own scripts from doing.
  await page.evaluate(AXE);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations;
  }, TAGS);
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}

/** Opens `path` in `language` (cookie for the server's render, storage for the app) and lists what axe finds. */
async function audit(page: Page, baseURL: string, language: string, path: string): Promise<string[]> {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL }]);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, language] as const);
  // /setup-admin asks the server once the app has taken it over, toasts the answer and leaves for
  // /login two seconds later: it is judged while that answer is held back, not halfway through a
  // toast fading in or the page leaving (both were caught on a slow machine).
  const held = path === '/setup-admin' ? '**/api/setup-admin' : undefined;
  if (held) await page.route(held, () => {});
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('main').first()).toBeVisible();
  const found = await violations(page);
  if (held) await page.unroute(held);
  return found.map((v) => `${language} ${path}: ${v}`);
}

async function signIn(request: APIRequestContext, baseURL: string, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/sign-in/email', { data: { email: who.email, password: who.password }, headers: { origin: baseURL } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** One approved item of each section, a team and an event, made by the admin, for the detail pages. */
async function detailPages(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const headers = { origin: baseURL };
  const stamp = Date.now().toString(36);
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const bodies: Record<string, [string, Record<string, unknown>]> = {
    places: ['places', { name: `Axe Point ${stamp}`, location: 'North Shore, Oahu', latitude: 21.665, longitude: -158.053 }],
    events: [
      'events',
      {
        name: `Axe Contest ${stamp}`,
        description: 'The classic contest.',
        location: 'Oahu',
        startDate: days(10),
        endDate: days(12),
        type: 'Competition',
        price: 0,
        maxAttendees: null,
      },
    ],
    tricks: [
      'tricktionary',
      { name: `Axe Flip ${stamp}`, description: 'Flip the board.', level: 'Intermediate', difficulty: 5, steps: ['Pop', 'Flick'], tips: [] },
    ],
    reviews: [
      'reviews',
      {
        productName: `Axe Board ${stamp}`,
        brand: 'Channel Islands',
        category: 'Board',
        content: 'Fast down the line.',
        rating: 4.5,
        overallScore: 8.7,
        price: 849.99,
      },
    ],
    shops: ['shops', { name: `Axe Surf Shop ${stamp}`, description: 'Boards and repairs.', location: 'Honolulu', website: 'https://waves.example.com' }],
    articles: ['articles', { title: `Axe Guide ${stamp}`, content: 'Watch the sets before you paddle out.' }],
  };
  const pages: string[] = [];
  for (const [section, [route, body]] of Object.entries(bodies)) {
    const res = await request.post(`/api/disciplines/surfing/${section}`, { data: body, headers });
    expect(res.status(), `${section}: ${await res.text()}`).toBe(201);
    pages.push(`/discipline/surfing/${route}/${((await res.json()) as { id: string }).id}`);
  }
  const team = await request.post('/api/teams', { data: { name: `Axe Crew ${stamp}`, disciplineIds: ['surfing'] }, headers });
  expect(team.status(), await team.text()).toBe(201);
  pages.push(`/team/${((await team.json()) as { id: string }).id}`);
  return pages;
}

const PUBLIC = [
  '/',
  '/category/water',
  '/discipline/surfing',
  ...['teams', 'athletes', 'places', 'events', 'tricktionary', 'reviews', 'shops', 'articles'].map((s) => `/discipline/surfing/${s}`),
  '/teams',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=expired',
  '/confirm-email?token=expired',
  '/setup-admin',
  '/contact',
  '/privacy',
  '/terms',
  '/no-such-page',
];

/**
 * Every page in `language`, for a visitor, a rider and the admin. One test per language, each in a
 * file of its own (accessibility-rtl.spec.ts): the two halves run in different shards (e2e/run-e2e.ts).
 */
export function auditEveryPage(language: (typeof LANGUAGES)[number]) {
  test(`axe finds no WCAG A/AA violation on any page in ${language === 'en' ? 'English' : 'Arabic'}, for visitors, riders and the admin`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    const admin = await browser.newContext();
    await signIn(admin.request, baseURL!, E2E_ADMIN);
    const details = await detailPages(admin.request, baseURL!);
    const found: string[] = [];
    // A session of the rider at the place: their profile's Sessions part shows its figures, chart and log.
    const logger = await browser.newContext();
    await signIn(logger.request, baseURL!, E2E_RIDER);
    const logged = await logger.request.post('/api/sessions', {
      data: { placeId: details[0]!.split('/').at(-1), when: 'now', note: 'Axe session' },
      headers: { origin: baseURL! },
    });
    expect(logged.status(), await logged.text()).toBe(201);
    await logger.close();

    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    for (const path of [...PUBLIC, ...details, `/profile/${fixtureId(E2E_RIDER)}`]) found.push(...(await audit(page, baseURL!, language, path)));
    await visitor.close();

    const rider = await browser.newContext();
    await signIn(rider.request, baseURL!, E2E_RIDER);
    const riderPage = await rider.newPage();
    // details[0]: a place, whose page shows a rider the condition report form.
    for (const path of ['/', '/discipline/surfing', '/profile', '/notifications', '/messages', details[0]!, details.at(-1)!])
      found.push(...(await audit(riderPage, baseURL!, language, path)));
    await rider.close();

    const adminPage = await admin.newPage();
    const adminPages = [
      ...['overview', 'approvals', 'users', 'content', 'moderation', 'disciplines', 'settings'].map((tab) => `/admin?tab=${tab}`),
      '/admin/new/users',
      '/admin/new/places',
    ];
    for (const path of adminPages) found.push(...(await audit(adminPage, baseURL!, language, path)));
    await adminPage.close();
    await admin.close();
    expect(found).toEqual([]);
  });
}
