import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_FRIEND } from './fixtures.ts';
import { expectToast, openDialog, signedInPage } from './helpers.ts';

// Fixture accounts only: sign-ups are rate limited and the suite shares one server.
test('a rider writes a review, sees it pending, and visitors find it once approved', async ({ browser }) => {
  test.setTimeout(120_000);
  const product = `Pyzel Ghost ${Date.now().toString(36)}`;

  const rider = await signedInPage(browser, E2E_FRIEND);
  await rider.goto('/discipline/surfing/reviews');
  await expect(rider).toHaveTitle('Reviews - Surfing - Stoked');
  const dialog = rider.getByTestId('review-form-dialog');
  await openDialog(rider, 'write-review', dialog, 'Write Review');
  await dialog.getByLabel('Product name').fill(product);
  await dialog.getByLabel('Brand').fill('Pyzel');
  await dialog.getByLabel('Category').selectOption('Board');
  await dialog.getByLabel('Release month (optional)').fill('2024-03');
  await dialog.getByLabel('Your review').fill('Made for heavy waves.\nHolds a line in barrels.');
  await dialog.getByLabel('Your rating (0-5)').fill('6');
  await dialog.getByLabel('Overall score (0-10)').fill('8.5');
  await dialog.getByLabel('Price (USD, optional)').fill('950');
  await dialog.getByLabel('Pros').fill('Drive\nHold\nSpeed');
  await dialog.getByLabel('Cons').fill('Stiff\nHeavy\nPricey');
  await dialog.getByRole('button', { name: 'Write Review' }).click();
  await expect(dialog.getByText('Some fields are not valid.')).toBeVisible();
  await dialog.getByLabel('Your rating (0-5)').fill('4.5');
  await dialog.getByRole('button', { name: 'Write Review' }).click();
  await expectToast(rider, 'Review submitted');
  await expect(dialog).toBeHidden();

  await rider.getByRole('searchbox', { name: 'Search reviews' }).fill(product);
  const ownCard = rider.getByTestId('review-card').filter({ hasText: product });
  await expect(ownCard).toHaveCount(1);
  await expect(ownCard).toContainText('Pending review');
  await expect(ownCard).toContainText('Pyzel');
  await expect(ownCard).toContainText('$950.00');
  await expect(ownCard).toContainText('Released March 2024');
  await expect(ownCard.getByTestId('review-pros').locator('li')).toHaveCount(2);
  await expect(ownCard.getByTestId('review-cons').locator('li')).toHaveCount(2);

  // The full review: its own address and title, every pro and con, edit and delete for the author.
  await ownCard.getByRole('link', { name: new RegExp(`^Read Full Review\\W+${product}$`) }).click();
  await expect(rider.getByRole('heading', { level: 1, name: product })).toBeVisible();
  await expect(rider).toHaveTitle(`${product} - Reviews - Surfing - Stoked`);
  await expect(rider.getByTestId('review-pros').locator('li')).toHaveCount(3);
  await expect(rider.getByTestId('review-content')).toHaveText('Made for heavy waves.\nHolds a line in barrels.');
  await expect(rider.getByTestId('review-detail').getByRole('button', { name: 'Edit' })).toBeVisible();
  const reviewUrl = rider.url();

  // A visitor does not see it until the fixture admin approves it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/discipline/surfing/reviews?q=${encodeURIComponent(product)}`);
  await expect(visitor.getByTestId('reviews-empty')).toBeVisible();
  const admin = await browser.newContext();
  const login = await admin.request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const pending = (await (await admin.request.get('/api/admin/approvals')).json()) as { id: string; itemType: string; itemName: string; version: number }[];
  const approval = pending.find((a) => a.itemType === 'review' && a.itemName === product);
  expect(approval, 'the new review waits in the approvals queue').toBeTruthy();
  const decided = await admin.request.post(`/api/admin/approvals/${approval!.id}`, { data: { decision: 'approved', version: approval!.version } });
  expect(decided.ok(), await decided.text()).toBe(true);

  await visitor.goto(`/discipline/surfing/reviews?q=${encodeURIComponent(product)}&category=Board`);
  const card = visitor.getByTestId('review-card').filter({ hasText: product });
  await expect(card).toHaveCount(1);
  await expect(card).not.toContainText('Pending review');
  await visitor.getByTestId('reviews-category').selectOption('Camera');
  await expect(visitor.getByTestId('reviews-empty')).toBeVisible();
  await visitor.goto(reviewUrl);
  await expect(visitor.getByRole('heading', { level: 1, name: product })).toBeVisible();
  await expect(visitor.getByTestId('review-detail').getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await visitor.goto('/discipline/surfing/reviews/00000000-0000-4000-8000-000000000000');
  await expect(visitor.getByRole('heading', { name: 'Content not found' })).toBeVisible();

  // The author edits the review (the edit waits for an admin, listed on the page), then deletes it.
  await rider.goto(reviewUrl);
  await rider.getByTestId('review-detail').getByRole('button', { name: 'Edit' }).click();
  const edit = rider.getByTestId('review-form-dialog');
  await expect(edit.getByLabel('Pros')).toHaveValue('Drive\nHold\nSpeed');
  await edit.getByLabel('Brand').fill('Pyzel Surfboards');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(rider, 'Review updated');
  await expect(edit).toBeHidden();
  await expect(rider.getByTestId('pending-revision')).toContainText('Pyzel Surfboards');
  await expect(rider.getByTestId('review-detail')).not.toContainText('Pyzel Surfboards');
  await expect(rider.getByTestId('review-detail')).toContainText('March 2024');
  await rider.getByTestId('review-detail').getByRole('button', { name: 'Delete' }).click();
  await rider.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(rider, 'Item deleted successfully!');
  await expect(rider).toHaveURL(/\/discipline\/surfing\/reviews$/);
  await visitor.goto(reviewUrl);
  await expect(visitor.getByRole('heading', { name: 'Content not found' })).toBeVisible();
});
