import { expect, test } from '@playwright/test';
import { E2E_ADMIN, E2E_FRIEND } from './fixtures.ts';
import { expectToast, logIn } from './helpers.ts';

// Fixture accounts only: sign-ups are rate limited and the suite shares one server.
test('a rider contributes a place, the admin sees it in the panel and approves it; a rider is denied the panel', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const placeName = `Admin Queue Point ${Date.now().toString(36)}`;

  // The rider adds a place through the API: it waits for approval.
  const riderContext = await browser.newContext();
  const login = await riderContext.request.post('/api/auth/sign-in/email', {
    data: { email: E2E_FRIEND.email, password: E2E_FRIEND.password },
    headers: { origin: baseURL! },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const created = await riderContext.request.post('/api/disciplines/surfing/places', {
    data: { name: placeName, location: 'Jeffreys Bay, South Africa', latitude: -34.05, longitude: 24.93 },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const place = (await created.json()) as { id: string; status: string };
  expect(place.status).toBe('pending');

  // The rider is not an admin: the panel is closed to them.
  const riderPage = await riderContext.newPage();
  await riderPage.goto('/admin');
  await expect(riderPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(riderPage.getByText("You don't have permission to access the admin panel.")).toBeVisible();
  await expect(riderPage.getByRole('tablist')).toHaveCount(0);

  // The admin opens the panel on its Overview.
  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto('/admin');
  await expect(admin).toHaveTitle('Admin Panel - Stoked');
  await expect(admin.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(admin.getByRole('tab')).toHaveText(['Overview', 'Users', 'Content', 'Approvals', 'Disciplines', 'Settings']);
  await expect(admin.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  for (const title of ['Total Users', 'Teams', 'Articles', 'Events', 'Places', 'Reviews', 'Pending approvals', 'Unread messages']) {
    await expect(admin.getByRole('tabpanel').getByText(title, { exact: true })).toBeVisible();
  }
  // At least the three fixture accounts, and the rider's place both counted and waiting.
  const figure = async (key: string) => Number((await admin.getByTestId(`admin-count-${key}`).locator('dd').innerText()).replace(/\D/g, ''));
  await expect(admin.getByTestId('admin-count-places').locator('dd')).toHaveText(/\d/);
  expect(await figure('users')).toBeGreaterThanOrEqual(3);
  expect(await figure('places')).toBeGreaterThanOrEqual(1);
  expect(await figure('pendingApprovals')).toBeGreaterThanOrEqual(1);

  // The Approvals tab lives in the URL and lists the place with its submitter and a link to its page.
  await admin.getByRole('tab', { name: 'Approvals' }).click();
  await expect(admin).toHaveURL(/\/admin\?tab=approvals$/);
  const row = admin.getByTestId('admin-approval-row').filter({ hasText: placeName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Place');
  await expect(row.getByRole('link', { name: E2E_FRIEND.name })).toHaveAttribute('href', /^\/profile\/.+/);
  const view = row.getByRole('link', { name: `View ${placeName}` });
  await expect(view).toHaveAttribute('href', `/discipline/surfing/places/${place.id}`);
  await expect(view).toHaveAttribute('target', '_blank');

  // A reload keeps the tab.
  await admin.reload();
  await expect(admin.getByRole('tab', { name: 'Approvals' })).toHaveAttribute('aria-selected', 'true');

  await row.getByRole('button', { name: `Approve ${placeName}` }).click();
  await expectToast(admin, 'Item approved');
  await expect(row).toHaveCount(0);

  // The place is now public.
  const visitor = await browser.newContext();
  const publicPlace = await visitor.request.get(`/api/places/${place.id}`);
  expect(publicPlace.ok()).toBe(true);
  expect(((await publicPlace.json()) as { status: string }).status).toBe('approved');
});

test('a visitor opening the admin panel is denied', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
});
