import sharp from 'sharp';
import { MAP_TILES_CACHE, OUTBOX_DATABASE, SERVICE_WORKER_CACHES } from '../common/offline.ts';
import { expectToast, newMember, signInThroughApi, uniqueTag, type Account } from './helpers.ts';
import { expect, test, type BrowserContext, type Page } from './test.ts';

// Issue 37, hole 5: the pictures a rider saw (their secret spots' photos among them) were kept by the
// service worker after they logged out. Whatever ends the session on the device (the app's logout, a
// plain-HTML logout form, the session ended elsewhere) leaves none of them, nor the map tiles viewed.

const PASSWORD = 'stoked member 2026';

async function withServiceWorker(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page;
}

/** A secret ('Only me') spot of the signed-in rider of `context`, with a photo: its photo's addresses. */
async function secretSpotWithPhoto(context: BrowserContext): Promise<{ id: string; photoUrls: string[] }> {
  const made = await context.request.post('/api/disciplines/surfing/places', {
    data: { name: `Secret Slab ${uniqueTag()}`, location: 'Somewhere quiet', latitude: 43.41, longitude: -1.62, visibility: 'private' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 160 } } })
    .jpeg()
    .toBuffer();
  const upload = await context.request.post(`/api/photos/place/${id}`, {
    multipart: { file: { name: 'slab.jpg', mimeType: 'image/jpeg', buffer }, alt: 'The slab at dawn' },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photo = (await upload.json()) as { variants: { url: string }[] };
  return { id, photoUrls: photo.variants.map((v) => new URL(v.url, 'http://x').pathname) };
}

const keptPictures = (page: Page) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), SERVICE_WORKER_CACHES.pictures);
const keptTiles = (page: Page) => page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, MAP_TILES_CACHE);

/** The actions waiting on the device (web/lib/outbox-store.ts's database), after adding `add` to them. */
const waitingActions = (page: Page, add?: object) =>
  page.evaluate(
    ([name, action]) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open(name, 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore('actions', { keyPath: 'id', autoIncrement: true });
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const store = db.transaction('actions', 'readwrite').objectStore('actions');
          if (action) store.add(action);
          const counted = store.count();
          counted.onsuccess = () => (db.close(), resolve(counted.result));
        };
      }),
    [OUTBOX_DATABASE, add] as const,
  );

/** Signed in as a new rider, the secret spot's page (and its map) seen with the worker in charge: its photo is kept. */
async function riderSawSecretSpot(
  browser: import('@playwright/test').Browser,
): Promise<{ context: BrowserContext; page: Page; account: Account; photoUrls: string[] }> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const account = await newMember(context.request, `Secret Keeper ${uniqueTag()}`);
  const { id, photoUrls } = await secretSpotWithPhoto(context);
  const page = await withServiceWorker(context);
  await page.goto(`/discipline/surfing/places/${id}`);
  await expect(page.getByTestId('photo-gallery').getByRole('img')).toHaveCount(1);
  await expect.poll(async () => (await keptPictures(page)).filter((p) => photoUrls.includes(p)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  // The map of the places, around the spot: the tiles viewed are kept too.
  await page.goto('/discipline/surfing/places?view=map');
  await expect.poll(() => keptTiles(page), { timeout: 15_000 }).toBeGreaterThan(0);
  // A comment made offline at the secret spot, still waiting to be sent.
  const comment = {
    userId: 'rider',
    method: 'POST',
    path: `/api/places/${id}/comments`,
    body: { content: 'Low tide only' },
    label: 'Comment',
    queuedAt: new Date().toISOString(),
    invalidate: [],
  };
  expect(await waitingActions(page, comment)).toBe(1);
  return { context, page, account, photoUrls };
}

async function expectForgotten(page: Page, photoUrls: string[]) {
  await expect.poll(async () => (await keptPictures(page)).filter((p) => photoUrls.includes(p)), { timeout: 15_000 }).toEqual([]);
  await expect.poll(() => keptTiles(page), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => waitingActions(page), { timeout: 15_000 }).toBe(0);
  // The app's own code stays: it is the same for everyone, and offline use needs it.
  expect(await page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('workbox-precache')))).toBe(true);
}

test("a rider's secret-spot photos and map tiles are forgotten when they log out in the app", async ({ browser }) => {
  const { context, page, photoUrls } = await riderSawSecretSpot(browser);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expectToast(page, 'Logged out');
  await expectForgotten(page, photoUrls);
  await context.close();
});

test('they are forgotten when the logout is a plain HTML form (as without scripts)', async ({ browser }) => {
  const { context, page, photoUrls } = await riderSawSecretSpot(browser);
  // The form a page without scripts posts: a navigation the worker sees, not a script's call.
  const home = page.waitForURL((url) => url.pathname === '/');
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = '/actions/log-out';
    document.body.append(form);
    form.submit();
  });
  // It comes back home with its message.
  await home;
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expectForgotten(page, photoUrls);
  await context.close();
});

test('they are forgotten when the session ends elsewhere (a password changed on another device)', async ({ browser }) => {
  const { context, page, account, photoUrls } = await riderSawSecretSpot(browser);
  const elsewhere = await browser.newContext();
  await signInThroughApi(elsewhere, account);
  const changed = await elsewhere.request.post('/api/auth/change-password', { data: { currentPassword: PASSWORD, newPassword: 'a new line for 2027' } });
  expect(changed.ok(), await changed.text()).toBe(true);
  // This device learns it at its next page: it is a visitor's now.
  await page.goto('/discipline/surfing');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expectForgotten(page, photoUrls);
  await context.close();
  await elsewhere.close();
});
