import { E2E_ADMIN } from './fixtures.ts';
import { openLanguageMenu, signedInPage } from './helpers.ts';
import { expect, test, type Page } from './test.ts';

/** Public pages arrive rendered by the server; the browser takes them over without drawing them again. */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads the home page, a discipline and its places', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stoked' })).toBeVisible();
    await expect(page.getByTestId('stat-disciplines')).not.toHaveText('');
    await page.goto('/discipline/surfing');
    await expect(page.getByRole('heading', { level: 1, name: 'Surfing' })).toBeVisible();
    await expect(page).toHaveTitle('Surfing - Stoked');
    await page
      .getByRole('link', { name: /Places/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/discipline\/surfing\/places$/);
    await expect(page.getByRole('heading', { level: 1, name: /Places/ })).toBeVisible();
  });
});

function watch(page: Page) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && apiCalls.push(new URL(r.url()).pathname));
  return { problems, apiCalls };
}

test('the browser takes the page over as it is: no error, no data fetched again, then moves on by itself', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/discipline/surfing');
  const heading = page.getByRole('heading', { level: 1, name: 'Surfing' });
  await heading.evaluate((h) => (h.dataset.fromServer = 'yes'));
  // The app has taken the page over (page.goto waits for it, e2e/test.ts) and kept the server's
  // markup: the follow button now asks a visitor to log in.
  await expect(heading).toHaveAttribute('data-from-server', 'yes');
  await page.getByTestId('follow-button').click();
  await expect(page).toHaveURL(/\/login/);
  expect(seen.problems).toEqual([]);
  expect(seen.apiCalls).toEqual([]);

  // A link followed in the app is not a new page load: the window keeps what it had.
  await page.goto('/discipline/surfing');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page
    .getByRole('link', { name: /Places/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Places/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(seen.problems).toEqual([]);
});

test('a visitor who picks a language gets the next first page in it from the server', async ({ page }) => {
  await page.goto('/');
  await openLanguageMenu(page);
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen bei Stoked' })).toBeVisible();
  const served = await (await page.request.get('/discipline/surfing')).text();
  expect(served).toContain('<html lang="de" dir="ltr">');
  expect(served).toContain('Surfen');
  const seen = watch(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen bei Stoked' })).toBeVisible();
  await openLanguageMenu(page);
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stoked' })).toBeVisible();
  expect(seen.problems).toEqual([]);
});

test.describe('a visitor far from UTC', () => {
  // UTC+14: the server renders in UTC, and an evening in UTC is the next morning here.
  test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'en-US' });

  test('sees event times in their own zone, with no hydration error', async ({ browser, page }) => {
    const name = `Dawn Patrol ${Date.now().toString(36)}`;
    const admin = await signedInPage(browser, E2E_ADMIN);
    const created = await admin.request.post('/api/disciplines/surfing/events', {
      data: {
        name,
        description: 'Early session.',
        location: 'Pipeline',
        type: 'Meetup',
        price: 0,
        startDate: '2031-03-10T15:00:00.000Z',
        endDate: '2031-03-10T17:00:00.000Z',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const seen = watch(page);
    await page.goto(`/discipline/surfing/events/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // 15:00 UTC on the 10th is 5:00 on the 11th in Kiritimati.
    await expect(page.getByTestId('event-dates')).toContainText('Mar 11, 2031');
    await expect(page.getByTestId('event-dates')).toContainText('5:00');
    expect(seen.problems).toEqual([]);
  });
});
