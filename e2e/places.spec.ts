import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_FRIEND } from './fixtures.ts';
import { createPlace, expectToast, openDialog, signedInPage } from './helpers.ts';

// Fixture accounts only: sign-ups are rate limited and the suite shares one server.
test('a rider adds a place, the admin approves it, a visitor finds it on the map', async ({ browser }) => {
  // Four people, a map and a comment thread: longer than one page visit.
  test.setTimeout(120_000);
  const placeName = `Honolua Bay ${Date.now().toString(36)}`;
  const location = 'Maui, Hawaii';

  // The rider adds a place; until an admin approves it only they see it, marked 'Pending review'.
  const rider = await signedInPage(browser, E2E_FRIEND);
  await rider.goto('/discipline/surfing/places');
  await expect(rider).toHaveTitle('Places - Surfing - Stoked');
  const dialog = rider.getByTestId('place-form-dialog');
  await openDialog(rider, 'add-place', dialog, 'Add Place');
  await dialog.getByLabel('Name').fill(placeName);
  await dialog.getByLabel('Location').fill(location);
  await dialog.getByLabel('Latitude').fill('95');
  await dialog.getByLabel('Longitude').fill('-156.6392');
  await dialog.getByLabel('Image URL (optional)').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add Place' }).click();
  await expect(dialog.getByText('Please enter a valid http:// or https:// address.')).toBeVisible();
  await dialog.getByLabel('Latitude').fill('21.0139');
  await dialog.getByLabel('Image URL (optional)').fill('');
  await dialog.getByRole('button', { name: 'Add Place' }).click();
  await expectToast(rider, 'Place added');
  await expect(dialog).toBeHidden();
  await rider.getByRole('searchbox', { name: 'Search places' }).fill(placeName);
  const ownCard = rider.getByTestId('place-card').filter({ hasText: placeName });
  await expect(ownCard).toHaveCount(1);
  await expect(ownCard).toContainText('Pending review');
  await expect(ownCard).toContainText(location);

  // A visitor does not see it yet.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/discipline/surfing/places?q=${encodeURIComponent(placeName)}`);
  await expect(visitor.getByTestId('places-empty')).toBeVisible();

  // The fixture admin approves it through the API (there is no approvals screen yet).
  const admin = await browser.newContext();
  const login = await admin.request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const pending = (await (await admin.request.get('/api/admin/approvals')).json()) as { id: string; itemType: string; itemName: string; version: number }[];
  const approval = pending.find((a) => a.itemType === 'place' && a.itemName === placeName);
  expect(approval, 'the new place waits in the approvals queue').toBeTruthy();
  const decided = await admin.request.post(`/api/admin/approvals/${approval!.id}`, { data: { decision: 'approved', version: approval!.version } });
  expect(decided.ok(), await decided.text()).toBe(true);

  // Now the visitor sees it, switches to the map and opens its marker.
  await visitor.reload();
  const card = visitor.getByTestId('place-card').filter({ hasText: placeName });
  await expect(card).toHaveCount(1);
  await expect(card).not.toContainText('Pending review');
  await visitor.getByRole('button', { name: 'Add Place' }).click();
  await expectToast(visitor, 'Login Required');
  await expect(visitor).toHaveURL(/\/login$/);
  await visitor.goto(`/discipline/surfing/places?q=${encodeURIComponent(placeName)}`);
  await expect(visitor.getByTestId('place-card')).toHaveCount(1);
  await visitor.getByRole('link', { name: 'Map' }).click();
  await expect(visitor.getByRole('link', { name: 'Map' })).toHaveAttribute('aria-current', 'true');
  const map = visitor.getByTestId('places-map');
  await expect(map).toBeVisible();
  expect((await map.boundingBox())?.height).toBeCloseTo(600, -1);
  await map.locator(`.leaflet-marker-icon[title="${placeName}"]`).click();
  const popup = map.locator('.leaflet-popup-content');
  await expect(popup).toContainText(`${placeName}, ${location}`);

  // The popup leads to the place's own page, which has a shareable address and title.
  await popup.getByRole('link', { name: 'View place' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
  await expect(visitor).toHaveTitle(`${placeName} - Stoked`);
  const placeUrl = visitor.url();

  // Its page lists the approved places of the discipline around it, nearest first, and shows them on its own small map.
  const neighbour = `${placeName} Point`;
  await createPlace(admin.request, 'surfing', neighbour, 'Maui, Hawaii', { latitude: 21.02, longitude: -156.55 });
  await visitor.reload();
  const nearby = visitor.getByTestId('nearby-spots');
  await expect(nearby.getByRole('heading', { name: 'Nearby places' })).toBeVisible();
  const neighbourLine = nearby.getByRole('listitem').filter({ hasText: neighbour });
  await expect(neighbourLine).toContainText('Maui, Hawaii');
  await expect(neighbourLine).toContainText(/9\.\d km away/);
  await expect(nearby.locator(`.leaflet-marker-icon[title="${neighbour}"]`)).toBeVisible();
  await expect(nearby.locator(`.leaflet-marker-icon[title="${placeName}"]`)).toBeVisible();

  // The rider, its author, likes it and comments; the visitor sees both after a reload.
  await rider.goto(placeUrl);
  await rider.getByRole('button', { name: `Like ${placeName}` }).click();
  await expect(rider.getByTestId('like-count')).toHaveText('1');
  await rider.getByLabel('Your comment').fill('Best at mid tide, watch the reef.');
  await rider.getByRole('button', { name: 'Post Comment' }).click();
  await expectToast(rider, 'Comment posted');
  await visitor.reload();
  await expect(visitor.getByTestId('like-count')).toHaveText('1');
  await expect(visitor.getByTestId('comment')).toContainText('Best at mid tide, watch the reef.');

  // Its author edits it: the edit waits for an admin, listed on the page, while the approved place stays; then deletes it after confirming.
  await rider.getByRole('button', { name: 'Edit' }).click();
  const edit = rider.getByTestId('place-form-dialog');
  await edit.getByLabel('Location').fill('Maui, Hawaii, USA');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(rider, 'Place saved!');
  await expectToast(rider, 'Your changes will be visible once an admin approves them.');
  await expect(rider.getByTestId('pending-revision')).toContainText('Maui, Hawaii, USA');
  await rider.getByRole('button', { name: 'Delete' }).first().click();
  await rider.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(rider, 'Item deleted successfully!');
  await expect(rider).toHaveURL(/\/discipline\/surfing\/places$/);
  await visitor.goto(placeUrl);
  await expect(visitor.getByRole('heading', { name: 'Content not found' })).toBeVisible();
});
