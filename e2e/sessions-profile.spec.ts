import { E2E_ADMIN } from './fixtures.ts';
import { adminApi, createPlace, expectToast, newMember, signInThroughApi, uniqueTag } from './helpers.ts';
import { expect, test } from './test.ts';

// Issue 20, item 1: a rider's session reaches a follower's feed and the rider's profile (figures and
// log), and the admin removes it from the Moderation tab. (Every rule: API tests.)
test('a session in a follower’s feed, on the rider’s profile, and deleted by the admin', async ({ browser }) => {
  test.setTimeout(60_000);
  const tag = uniqueTag();
  const admin = await adminApi(browser);
  const placeName = `Log Point ${tag}`;
  const place = await createPlace(admin, 'surfing', placeName);

  const riderContext = await browser.newContext();
  const rider = await newMember(riderContext.request, `Logger ${tag}`);
  const made = await riderContext.request.post('/api/sessions', { data: { placeId: place.id, when: 'now', note: `Offshore ${tag}` } });
  expect(made.status(), await made.text()).toBe(201);
  const riderId = ((await (await riderContext.request.get('/api/me')).json()) as { user: { id: string } }).user.id;

  const followerContext = await browser.newContext();
  await newMember(followerContext.request, `Fan ${tag}`);
  expect((await followerContext.request.put(`/api/profiles/${riderId}/follow`)).ok()).toBe(true);
  const page = await followerContext.newPage();
  await page.goto('/');
  const card = page.getByTestId('feed').getByTestId('feed-item').filter({ hasText: placeName });
  await expect(card).toContainText(`Because you follow ${rider.name}`);
  await expect(card.getByRole('link', { name: `${rider.name} rode at ${placeName}` })).toHaveAttribute('href', `/discipline/surfing/places/${place.id}`);

  await page.goto(`/profile/${riderId}`);
  const part = page.getByTestId('profile-sessions');
  await expect(part.getByTestId('sessions-sessions')).toHaveText('1');
  await expect(part.getByTestId('sessions-streak')).toHaveText('1');
  await expect(part.getByRole('img')).toHaveAttribute('aria-label', /: 1$/);
  await expect(part.getByTestId('session-entry')).toContainText(`Offshore ${tag}`);

  const adminContext = await browser.newContext();
  await signInThroughApi(adminContext, E2E_ADMIN);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin?tab=moderation&subtab=sessions');
  const row = adminPage
    .getByTestId('admin-moderation-sessions')
    .getByRole('row')
    .filter({ hasText: `Offshore ${tag}` });
  await row.getByRole('button', { name: `Delete the entry of ${rider.name} at ${placeName}` }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(adminPage, 'Entry deleted');
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('profile-sessions')).toContainText('No sessions yet.');
});
