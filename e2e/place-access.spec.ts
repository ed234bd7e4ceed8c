import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_FRIEND, fixtureId } from './fixtures.ts';
import { adminApi, createPlace, expectToast, newMember, signedInPage, signInThroughApi, uniqueTag } from './helpers.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// Issue 20 item 3: a steward closes a spot for dates including today; everyone sees the banner, the
// card's status, the list's filter and the map's marker.
test('a steward closes a spot for some days; the banner, the card, the filter and the map say so', async ({ browser }) => {
  test.setTimeout(120_000);
  const placeName = `Falcon Crag ${uniqueTag()}`;

  // The fixture admin adds the place (approved at once) and names the rider its steward, through the API.
  const admin = await browser.newContext();
  const login = await admin.request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const created = await admin.request.post('/api/disciplines/surfing/places', {
    data: { name: placeName, location: 'Verdon, France', latitude: 43.75, longitude: 6.35 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const place = (await created.json()) as { id: string };
  const named = await admin.request.post(`/api/places/${place.id}/stewards`, { data: { userId: fixtureId(E2E_FRIEND) } });
  expect(named.ok(), await named.text()).toBe(true);

  // The steward closes it from yesterday for a few days, on the place page.
  const steward = await signedInPage(browser, E2E_FRIEND);
  await steward.goto(`/discipline/surfing/places/${place.id}`);
  await expect(steward.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
  await expect(steward.getByTestId('place-access-banner')).toHaveCount(0);
  const form = steward.getByTestId('place-closure-form');
  await form.getByLabel('From').fill(day(-1));
  await form.getByLabel('Until (included)').fill(day(5));
  await form.getByLabel('Reason').fill('Peregrine falcons nesting');
  await form.getByRole('button', { name: 'Add a closure' }).click();
  await expectToast(steward, 'Closure added');
  const banner = steward.getByTestId('place-access-banner');
  await expect(banner).toContainText('Closed');
  await expect(banner).toContainText('Peregrine falcons nesting');
  await expect(steward.getByTestId('place-access-history')).toContainText(`${E2E_FRIEND.name}: closure added`);

  // A visitor sees the banner on the place, and the status in the list filtered by access.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/discipline/surfing/places/${place.id}`);
  await expect(visitor.getByTestId('place-access-banner')).toContainText('Peregrine falcons nesting');
  await visitor.goto(`/discipline/surfing/places?q=${encodeURIComponent(placeName)}&access=open`);
  await expect(visitor.getByTestId('places-empty')).toBeVisible();
  await visitor.getByTestId('places-access-filter').selectOption('closed');
  await expect(visitor).toHaveURL(/access=closed/);
  const card = visitor.getByTestId('place-card').filter({ hasText: placeName });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('place-access-badge')).toHaveText(/Closed/);

  // On the map its marker is the closed sign, and its popup says so in words.
  await visitor.getByRole('link', { name: 'Map' }).click();
  const map = visitor.getByTestId('places-map');
  const marker = map.locator(`.leaflet-marker-icon[title="${placeName}"]`);
  await expect(marker).toHaveClass(/place-access-marker-closed/);
  await marker.click();
  await expect(map.locator('.leaflet-popup-content')).toContainText('Access: Closed');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, actionTimeout: 10_000 });

  test('a steward sets the status through the form; the list filters by it through its GET form', async ({ browser, page, request }) => {
    const name = `Quarry ${uniqueTag()}`;
    const admin = await adminApi(browser);
    const place = await createPlace(admin, 'surfing', name, 'Portland, England');
    const member = await newMember(request, 'Kim Keeper');
    const me = (await (await (await browser.newContext()).request.post('/api/auth/sign-in/email', { data: member })).json()) as { user: { id: string } };
    expect((await admin.post(`/api/places/${place.id}/stewards`, { data: { userId: me.user.id } })).ok()).toBe(true);

    await signInThroughApi(page.context(), member);
    await page.goto(`/discipline/surfing/places/${place.id}`);
    await page.getByLabel('Status', { exact: true }).selectOption('permit');
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document');
    await page.getByRole('button', { name: 'Save status' }).click();
    expect((await answer).status(), 'the form is answered with a redirect (303)').toBe(303);
    await expect(page.getByRole('status').filter({ hasText: 'Access status saved' }).first()).toBeVisible();
    await expect(page.getByTestId('place-access-banner')).toContainText('Permit required');

    await page.goto('/discipline/surfing/places');
    const form = page.getByRole('search');
    await form.getByRole('searchbox', { name: 'Search places' }).fill(name);
    await form.getByLabel('Access').selectOption('permit');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]access=permit/);
    await expect(page.getByTestId('place-card')).toHaveText([new RegExp(`${name}[\\s\\S]*Permit required`)]);
  });
});
