import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, test } from './test.ts';
import { adminApi, createEvent, expectToast, newMember, signInThroughApi, uniqueTag } from './helpers.ts';

// Issue 21, item 5: "Add to calendar" downloads the event's .ics, a discipline's events list offers its
// feed, and a rider makes, uses and revokes a personal feed of their RSVPs from the profile settings.

const summaries = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c).summary);

test('"Add to calendar" downloads the event as an .ics file; the events list offers a subscription', async ({ browser }) => {
  const name = `Calendar Jam ${uniqueTag()}`;
  const event = await createEvent(await adminApi(browser), 'surfing', name);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/discipline/surfing/events/${event.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^calendar-jam-[a-z0-9]+\.ics$/);
  expect(summaries(await readFile((await file.path())!, 'utf8'))).toEqual([name]);

  await page.goto('/discipline/surfing/events');
  const subscribe = page.getByRole('link', { name: 'Subscribe in your calendar' });
  await expect(subscribe).toHaveAttribute('href', /^webcal:\/\/[^/]+\/api\/disciplines\/surfing\/events\/calendar\.ics$/);
});

test('a rider makes a feed of their RSVPs, reads it as a calendar app would, and revokes it', async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const name = `Feed Contest ${uniqueTag()}`;
  const event = await createEvent(await adminApi(browser), 'surfing', name);
  const context = await browser.newContext();
  await newMember(context.request, 'Feeder Rider');
  expect((await context.request.put(`/api/events/${event.id}/rsvp`)).ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/profile?tab=settings');
  const block = page.getByTestId('calendar-feed');
  await expect(block).toContainText('You have no calendar feed yet.');
  await block.getByRole('button', { name: 'Create my feed address' }).click();
  await expectToast(page, 'Your calendar feed is ready');
  const url = await block.getByTestId('calendar-feed-url').inputValue();
  expect(url).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);

  // A calendar app has no cookie.
  const app = await playwright.request.newContext();
  const feed = await app.get(url);
  expect(feed.status()).toBe(200);
  expect(summaries(await feed.text())).toEqual([name]);

  await block.getByRole('button', { name: 'Revoke the address' }).click();
  await expectToast(page, 'Calendar feed revoked: its address no longer works.');
  await expect(block).toContainText('You have no calendar feed yet.');
  expect((await app.get(url)).status()).toBe(404);
  await app.dispose();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the feed is made and revoked with plain forms; the address shows once, on the page the form comes back to', async ({ browser, playwright }) => {
    const setup = await browser.newContext();
    const account = await newMember(setup.request, 'Plain Rider');
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInThroughApi(context, account);
    const page = await context.newPage();
    await page.goto('/profile?tab=settings');
    const block = page.getByTestId('calendar-feed');
    await expect(block).toContainText('You have no calendar feed yet.');
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document');
    await block.getByRole('button', { name: 'Create my feed address' }).click();
    expect((await answer).status(), 'the form is answered with a redirect (303)').toBe(303);
    await expect(page).toHaveURL(/\/profile\?tab=settings$/);
    const url = await block.getByTestId('calendar-feed-url').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
    const app = await playwright.request.newContext();
    expect((await app.get(url)).status()).toBe(200);

    // Shown once: the next visit says only that a feed exists.
    await page.goto('/profile?tab=settings');
    await expect(block.getByTestId('calendar-feed-url')).toHaveCount(0);
    await expect(block).toContainText('Your feed works since');

    await block.getByRole('button', { name: 'Revoke the address' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Calendar feed revoked' }).first()).toBeVisible();
    await expect(block).toContainText('You have no calendar feed yet.');
    expect((await app.get(url)).status()).toBe(404);
    await app.dispose();
  });
});
