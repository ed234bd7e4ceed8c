import { expect, test, type BrowserContext, type Page } from './test.ts';
import { adminApi, createEvent, createPlace, expectToast, newMember, riderAtPlace, uniqueTag } from './helpers.ts';
import { MAP_TILES_CACHE, OUTBOX_SYNC, SAVED_DATABASE, SERVICE_WORKER_CACHES } from '../common/offline.ts';

// Issue 21, item 1: the service worker keeps the app's shell and what was visited, so that a rider
// opens Stoked where there is no signal; what a session saw is forgotten when it ends on the device.
// Item 3: what a rider does offline waits on the device and is sent when the connection returns.

async function withServiceWorker(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  // Installed (the shell kept) and in charge of this page: what it opens from now on is kept.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page;
}

test('a visited page opens offline, and a page never visited opens the app, which says it was not saved', async ({ browser }) => {
  const name = `Offline Session ${uniqueTag()}`;
  const event = await createEvent(await adminApi(browser), 'surfing', name);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await withServiceWorker(context);
  await page.goto(`/discipline/surfing/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  await context.setOffline(true);
  await page.goto(`/discipline/surfing/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  // The app took the page over offline: its code was kept too.
  await expect(page.locator('html[data-page-ready]')).toHaveCount(1);

  await page.goto('/discipline/skateboarding/tricktionary', { waitUntil: 'commit' });
  // The app's shell, drawn by the app from what it kept: its header, and why the page is missing.
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('This page was not saved on this device.')).toBeVisible();
  await context.close();
});

test('a first visit in Arabic keeps its language for offline: an unvisited page says so in Arabic', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  // The Arabic strings arrive before the worker runs: the page hands them to it.
  const page = await withServiceWorker(context, '/discipline/surfing?lang=ar');
  await page.waitForFunction(
    async (code) => (await (await caches.open(code)).keys()).some((r) => /\/assets\/ar-[^/]*\.js$/.test(r.url)),
    SERVICE_WORKER_CACHES.code,
    { timeout: 15_000 },
  );
  await context.setOffline(true);
  await page.goto('/discipline/skateboarding/tricktionary?lang=ar', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' })).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('what a signed-in person saw is forgotten when they log out on the device', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const account = await newMember(context.request, 'Offline Rider');
  const page = await withServiceWorker(context);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(account.name);

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await context.setOffline(true);
  await page.goto('/profile', { waitUntil: 'commit' });
  // Not the page kept while signed in: the app's shell, offline.
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(account.name)).toHaveCount(0);
  await context.close();
});

test('a check-in made offline waits on the device, shown as waiting, and is sent when the connection returns', async ({ browser }) => {
  const tag = uniqueTag();
  const place = await createPlace(await adminApi(browser), 'surfing', `Offline Point ${tag}`);
  const { context, account, page, section } = await riderAtPlace(browser, `Offliner ${tag}`, place.id);
  // The rider has the app running (its scripts come after the page shows) when the signal goes.
  await expect(page.locator('html[data-page-ready]')).toBeAttached();

  await context.setOffline(true);
  const form = section.getByTestId('session-form');
  await form.getByLabel('Note').fill('No signal, clean sets');
  await form.getByRole('button', { name: 'Log session' }).click();
  await expectToast(page, 'Saved on this device');
  const waiting = page.getByTestId('outbox');
  await expect(waiting).toContainText('Waiting for a connection');
  await expect(waiting).toContainText(`Session at Offline Point ${tag}`);

  await context.setOffline(false);
  await expectToast(page, 'Sent now that you are back online');
  await expect(waiting).toBeHidden();
  const item = section.getByTestId('sessions-out-now').getByTestId('session-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(account.name);
  await expect(item).toContainText('No signal, clean sets');
});

test('a saved discipline opens offline: its spots and the page of a spot never visited', async ({ browser }) => {
  const tag = uniqueTag();
  const admin = await adminApi(browser);
  const place = await createPlace(admin, 'surfing', `Saved Reef ${tag}`);
  await createEvent(admin, 'surfing', `Saved Jam ${tag}`, { inDays: 0 });
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await withServiceWorker(context, '/discipline/surfing');
  const save = page.getByTestId('save-offline');
  await save.getByRole('button', { name: 'Save offline: Surfing' }).click();
  await expectToast(page, 'Saved for offline use');
  await expect(save.getByTestId('saved-size')).toContainText(/Saved on this device \(\d+(\.\d)? [kM]B\)/);
  // The code of the saved pages comes too, with what they load later (a spot's map): none was opened yet.
  const code = await page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
    SERVICE_WORKER_CACHES.code,
  );
  expect(code.filter((path) => /^\/assets\/places-map-[\w-]+\.(js|css)$/.test(path))).toHaveLength(2);
  // The answers the worker kept while saving may be evicted by later browsing: the saved copy stands alone.
  await page.evaluate(
    async (names) => void (await Promise.all(names.map((name) => caches.delete(name)))),
    [SERVICE_WORKER_CACHES.api, SERVICE_WORKER_CACHES.pages],
  );

  await context.setOffline(true);
  await page.goto(`/discipline/surfing/places/${place.id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Saved Reef ${tag}`, { timeout: 15_000 });
  await page.goto('/discipline/surfing/places?view=grid', { waitUntil: 'commit' });
  await expect(page.getByText(`Saved Reef ${tag}`).first()).toBeVisible({ timeout: 15_000 });
  // This month's calendar of its events, never opened, with today's event in it (on two days when it
  // runs past midnight: it starts now and lasts two hours).
  await page.goto('/discipline/surfing/events?view=calendar', { waitUntil: 'commit' });
  await expect(page.getByTestId('events-calendar').getByText(`Saved Jam ${tag}`).first()).toBeVisible({ timeout: 15_000 });

  await context.setOffline(false);
  await page.goto('/discipline/surfing');
  await page.getByTestId('save-offline').getByRole('button', { name: 'Remove from device: Surfing' }).click();
  await expectToast(page, 'Removed from this device');
  const saveAgain = page.getByTestId('save-offline').getByRole('button', { name: 'Save offline: Surfing' });
  await expect(saveAgain).toBeVisible();

  // Saved again, then someone logs in or out on the device: what was saved is forgotten with the session.
  await saveAgain.click();
  await expect(page.getByTestId('saved-size')).toBeVisible();
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  // A refused call changes no session: nothing is forgotten.
  const refused = await page.evaluate(() =>
    fetch('/api/auth/change-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"currentPassword":"wrong","newPassword":"whatever it is"}',
    }).then((r) => r.status),
  );
  expect(refused).toBeGreaterThanOrEqual(400);
  expect(await databases()).toContain(SAVED_DATABASE);
  await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
  await expect.poll(databases).not.toContain(SAVED_DATABASE);
  await context.close();
});

test("map tiles viewed are kept on the device within the site's budget", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  // The browser tests' tile server is the app's own (MAP_TILE_URL in playwright.config.ts).
  const page = await withServiceWorker(context, '/discipline/surfing');
  await page.goto('/discipline/surfing/places?view=map');
  await expect(page.getByTestId('places-map')).toBeVisible();
  const kept = () => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url), MAP_TILES_CACHE);
  await expect.poll(async () => (await kept()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect((await kept()).every((url) => /\/icons\/icon-192\.png\?tile=\d+\/\d+\/\d+$/.test(url))).toBe(true);
  // Offline, the map still draws them.
  await context.setOffline(true);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByTestId('places-map').locator('img.leaflet-tile-loaded').first()).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('with no page of the site open, the service worker sends what waits when the connection returns (Background Sync)', async ({ browser, baseURL }) => {
  const tag = uniqueTag();
  const place = await createPlace(await adminApi(browser), 'surfing', `Synced Point ${tag}`);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await newMember(context.request, `Syncer ${tag}`);
  const page = await withServiceWorker(context, `/discipline/surfing/places/${place.id}`);
  await context.setOffline(true);
  const form = page.getByTestId('place-sessions').getByTestId('session-form');
  await form.getByLabel('Note').fill('Sent by the worker');
  await form.getByRole('button', { name: 'Log session' }).click();
  await expectToast(page, 'Saved on this device');

  // The rider closes the app; the connection returns; the browser wakes the worker.
  const blank = await context.newPage();
  await page.close();
  await context.setOffline(false);
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(baseURL!).origin,
    registrationId: await registration,
    tag: OUTBOX_SYNC,
    lastChance: false,
  });
  const notes = async () => {
    const res = await context.request.get(`/api/places/${place.id}/sessions`);
    return JSON.stringify(await res.json());
  };
  await expect.poll(notes, { timeout: 15_000 }).toContain('Sent by the worker');
  await context.close();
});
