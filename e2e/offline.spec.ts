import { expect, test, type BrowserContext, type Page } from './test.ts';
import { adminApi, createEvent, newMember, uniqueTag } from './helpers.ts';

// Issue 21, item 1: the service worker keeps the app's shell and what was visited, so that a rider
// opens Stoked where there is no signal; what a session saw is forgotten when it ends on the device.

async function withServiceWorker(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
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
