import { expect, test, type Page } from './test.ts';
import { adminApi, createEvent, createPlace, expectToast, newMember, signInThroughApi, uniqueTag, verificationLink } from './helpers.ts';

/**
 * Issue 38: nothing typed is lost. A page the server rendered shows its forms before the app's
 * scripts have run, and a person types into them then. Once the scripts take the page over, the
 * form must send what is in its fields, not a state that never saw the typing (on /confirm-email,
 * Enter did nothing). Each test holds the page's scripts back on a slowed CPU, types into the
 * server's markup, checks that the app had not taken the page over yet, lets the scripts run,
 * waits for the app, submits, and checks that what was typed arrived as typed.
 */

/**
 * A slowed phone whose scripts wait until `release()`: the server's markup shows and takes typing,
 * and nothing of the app runs before the test says so.
 */
async function scriptsHeldBack(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether the app has taken the page over (web/components/shell/layout.tsx marks the document then). */
const takenOver = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-page-ready'));

/** Opens `url` with its scripts held back; types with `type` into the server's markup; lets the scripts run and waits for the app. */
async function typeBeforeScripts(page: Page, url: string, type: () => Promise<void>) {
  const release = await scriptsHeldBack(page);
  await page.goto(url, { waitUntil: 'commit' });
  await type();
  expect(await takenOver(page), 'the typing happened before the app took the page over').toBe(false);
  release();
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached', timeout: 60_000 });
}

/** The JSON body of the next POST to `path` (the app's own request, once it has the page). */
function nextPost(page: Page, path: string) {
  return page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path, { timeout: 30_000 });
}

test.describe.configure({ timeout: 150_000 });
test.use({ actionTimeout: 30_000 });

test('the confirmation sends the password typed before the scripts ran', async ({ page, request }) => {
  const account = { name: 'Cora Confirm', email: `cora-${uniqueTag()}@example.com`, password: 'typed early 2026' };
  expect((await request.post('/api/auth/sign-up/email', { data: account })).ok()).toBe(true);
  await expect.poll(() => verificationLink(account.email)).toBeTruthy();
  const link = new URL(verificationLink(account.email)!);
  await typeBeforeScripts(page, link.pathname + link.search, async () => {
    await page.getByLabel('Password', { exact: true }).fill(account.password);
  });
  const posted = nextPost(page, '/api/auth/confirm-email');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  expect((await posted).postDataJSON()).toEqual({ token: link.searchParams.get('token'), password: account.password });
  await expectToast(page, 'Email confirmed!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the login sends the address and password typed before the scripts ran', async ({ page, request }) => {
  const member = await newMember(request, 'Lou Login');
  await typeBeforeScripts(page, '/login', async () => {
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
  });
  const posted = nextPost(page, '/api/auth/sign-in/email');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  expect((await posted).postDataJSON()).toEqual({ email: member.email, password: member.password });
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the sign-up sends what was typed before the scripts ran', async ({ page }) => {
  const account = { name: 'Rey Register', email: `rey-${uniqueTag()}@example.com`, password: 'typed early 2026' };
  await typeBeforeScripts(page, '/register', async () => {
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
  });
  const posted = nextPost(page, '/api/auth/sign-up/email');
  await page.getByRole('button', { name: 'Register' }).click();
  expect((await posted).postDataJSON()).toMatchObject(account);
  await expect(page.getByTestId('check-inbox')).toContainText(account.email);
  // The account is the one typed: its confirmation mail went to that address.
  await expect.poll(() => verificationLink(account.email), { timeout: 30_000 }).toBeTruthy();
});

test('a list search sends the words typed before the scripts ran', async ({ browser, page }) => {
  const tag = uniqueTag();
  const admin = await adminApi(browser);
  await createEvent(admin, 'sandboarding', `Dune Jam ${tag} North`);
  await createEvent(admin, 'sandboarding', `Dune Jam ${tag} South`);
  const search = page.getByRole('searchbox', { name: 'Search events' });
  await typeBeforeScripts(page, '/discipline/sandboarding/events', async () => {
    await search.fill(`${tag} North`);
  });
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(\\+|%20)North`), { timeout: 30_000 });
  await expect(page.getByTestId('event-card')).toHaveText([new RegExp(`Dune Jam ${tag} North`)], { timeout: 30_000 });
  await expect(search).toHaveValue(`${tag} North`);
});

test('a comment sends the text typed before the scripts ran', async ({ browser, page, request }) => {
  const name = `Sand Bowl ${uniqueTag()}`;
  const place = await createPlace(await adminApi(browser), 'sandboarding', name, 'Huacachina, Peru');
  await signInThroughApi(page.context(), await newMember(request, 'Cam Comment'));
  const text = `Soft sand after noon ${uniqueTag()}`;
  const field = page.getByLabel('Your comment');
  await typeBeforeScripts(page, `/discipline/sandboarding/places/${place.id}`, async () => {
    await field.fill(text);
  });
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expectToast(page, 'Comment posted');
  await expect(page.getByTestId('comment').filter({ hasText: text })).toBeVisible();
  const comments = (await (await page.request.get(`/api/content/place/${place.id}/comments`)).json()) as { items: { body: string }[] };
  expect(comments.items.map((c) => c.body)).toEqual([text]);
});
