import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_FRIEND } from './fixtures.ts';
import { expectToast, openDialog, signedInPage } from './helpers.ts';

// Fixture accounts only: sign-ups are rate limited and the suite shares one server.
test('a rider adds a shop, the admin approves it, a visitor finds it by brand, contacts it and rates it', async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const shopName = `Sunset Surf Supply ${suffix}`;
  const brand = `Tidewave${suffix}`;

  // The rider adds a shop; a phone with letters is refused next to its field and nothing typed is lost.
  const rider = await signedInPage(browser, E2E_FRIEND);
  await rider.goto('/discipline/surfing/shops');
  await expect(rider).toHaveTitle('Shops - Surfing - Stoked');
  const dialog = rider.getByTestId('shop-form-dialog');
  await openDialog(rider, 'add-shop', dialog, 'Add Shop');
  await dialog.getByLabel('Shop name').fill(shopName);
  await dialog.getByLabel('Description').fill('Boards, wetsuits and repairs by the beach.');
  await dialog.getByLabel('Location').fill('Sunset Beach, Oahu');
  await dialog.getByLabel('Established (year)').fill('1992');
  await dialog.getByLabel('Sponsored athletes').fill('7');
  await dialog.getByLabel('Specialties').fill('Ding repair\nLongboards');
  await dialog.getByLabel('Brands').fill(`Firewire, ${brand}, Rip Curl\nXcel, FCS`);
  await dialog.getByLabel('Contact email').fill('hello@sunsetsurf.example.com');
  await dialog.getByLabel('Phone').fill('555-CALL-NOW');
  await dialog.getByLabel('Website').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add Shop' }).click();
  await expect(dialog.getByText('Use only digits, spaces and + - ( ).')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid http:// or https:// address.')).toBeVisible();
  await expect(dialog.getByLabel('Shop name')).toHaveValue(shopName);
  await dialog.getByLabel('Phone').fill('+1 (808) 555-0188');
  await dialog.getByLabel('Website').fill('https://sunsetsurf.example.com');
  await dialog.getByRole('button', { name: 'Add Shop' }).click();
  await expectToast(rider, 'Shop added!');
  await expect(dialog).toBeHidden();
  await rider.getByRole('searchbox', { name: 'Search shops' }).fill(shopName);
  const ownCard = rider.getByTestId('shop-card').filter({ hasText: shopName });
  await expect(ownCard).toHaveCount(1);
  await expect(ownCard).toContainText('Pending review');

  // A visitor does not see it yet.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/discipline/surfing/shops?q=${encodeURIComponent(brand)}`);
  await expect(visitor.getByTestId('shops-empty')).toBeVisible();

  // The fixture admin approves it through the API.
  const admin = await browser.newContext();
  const login = await admin.request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const pending = (await (await admin.request.get('/api/admin/approvals')).json()) as { id: string; itemType: string; itemName: string; version: number }[];
  const approval = pending.find((a) => a.itemType === 'shop' && a.itemName === shopName);
  expect(approval, 'the new shop waits in the approvals queue').toBeTruthy();
  const decided = await admin.request.post(`/api/admin/approvals/${approval!.id}`, { data: { decision: 'approved', version: approval!.version } });
  expect(decided.ok(), await decided.text()).toBe(true);

  // The visitor finds it by one of its brands: three brands and '+2 more', contact links.
  await visitor.reload();
  const card = visitor.getByTestId('shop-card').filter({ hasText: shopName });
  await expect(card).toHaveCount(1);
  await expect(card).not.toContainText('Pending review');
  await expect(card.getByTestId('shop-brands').getByRole('listitem')).toHaveText(['Firewire', brand, 'Rip Curl']);
  await expect(card.getByTestId('shop-more-brands')).toHaveText('+2 more');
  await expect(card).toContainText('Est. 1992');
  await expect(card).toContainText('7 sponsored athletes');
  await expect(card).toContainText('No ratings yet');
  await expect(card.getByRole('link', { name: `Contact ${shopName}` })).toHaveAttribute('href', 'mailto:hello@sunsetsurf.example.com');
  const visit = card.getByRole('link', { name: `Visit Store: ${shopName} (opens in a new tab)` });
  await expect(visit).toHaveAttribute('href', 'https://sunsetsurf.example.com');
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('rel', 'noopener noreferrer');

  // Its own page has every brand and a shareable address.
  await card.getByTestId('shop-link').click();
  await expect(visitor.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
  await expect(visitor).toHaveTitle(`${shopName} - Surfing Shops - Stoked`);
  await expect(visitor.getByTestId('shop-brands').getByRole('listitem')).toHaveText(['Firewire', brand, 'Rip Curl', 'Xcel', 'FCS']);
  await expect(visitor.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const shopUrl = visitor.url();

  // The rider rates it; the visitor's card then shows the average and the count.
  await rider.goto(shopUrl);
  await rider.getByRole('button', { name: 'Rate 4 stars' }).click();
  await expectToast(rider, 'Thanks for rating!');
  await expect(rider.getByTestId('rating-summary')).toHaveText('4.0 / 5 (1 rating)');
  await visitor.goto(`/discipline/surfing/shops?q=${encodeURIComponent(brand)}`);
  await expect(visitor.getByTestId('shop-card').getByTestId('shop-rating')).toContainText('4.0(1 review)');

  // Its author edits it (the edit waits for an admin, listed on the page), then deletes it after confirming.
  await rider.getByRole('button', { name: 'Edit' }).click();
  const edit = rider.getByTestId('shop-form-dialog');
  await edit.getByLabel('Location').fill('Sunset Beach, Oahu, Hawaii');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(rider, 'Shop updated');
  await expectToast(rider, 'Your changes will be visible once an admin approves them.');
  await expect(rider.getByTestId('pending-revision')).toContainText('Sunset Beach, Oahu, Hawaii');
  await rider.getByRole('button', { name: 'Delete' }).first().click();
  await rider.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(rider, 'Item deleted successfully!');
  await expect(rider).toHaveURL(/\/discipline\/surfing\/shops$/);
  await visitor.goto(shopUrl);
  await expect(visitor.getByRole('heading', { name: 'Content not found' })).toBeVisible();
});
