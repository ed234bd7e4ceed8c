import { expect, test } from './test.ts';
import { newMember } from './helpers.ts';

// Issue 21, item 4: Web Push. A real subscription needs the browser's push service (not reachable
// here); the server's side is tested against a local push service (server/features/push). Here: the
// worker shows what a push carries, in its language and direction, and the settings offer push.

test('a push reaching the service worker is shown as a notification, in its language', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const account = await newMember(context.request, 'Push Rider');
  const page = await context.newPage();
  await page.goto('/profile?tab=settings');
  const block = page.getByTestId('push-settings');
  await expect(block.getByRole('heading', { name: 'Push notifications' })).toBeVisible();
  await expect(block.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
  await expect(page.getByLabel('New followers')).toContainText('In app and push');
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      const live = list.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const payload = { title: 'Stoked', body: `مرحبًا ${account.name}`, url: `${baseURL}/notifications`, tag: 'notification-1', lang: 'ar', dir: 'rtl' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId: await registrations, data: JSON.stringify(payload) });

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        lang: n.lang,
        dir: n.dir,
        data: n.data as unknown,
      })),
    );
  await expect.poll(shown).toEqual([{ title: 'Stoked', body: payload.body, tag: 'notification-1', lang: 'ar', dir: 'rtl', data: { url: payload.url } }]);
  await context.close();
});
