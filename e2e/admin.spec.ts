import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_DATA_DIR, E2E_FRIEND } from './fixtures.ts';
import { expectToast, openLanguageMenu, signedInPage } from './helpers.ts';
import { LANGUAGE_CODES } from '../common/languages.ts';

// A journey cut short (then retried) must not leave languages switched off for the next ones.
test.afterEach(async ({ browser, baseURL }) => {
  const admin = await browser.newContext();
  const headers = { origin: baseURL! };
  await admin.request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers });
  const restored = await admin.request.put('/api/admin/settings/languages', { data: { enabledLanguages: LANGUAGE_CODES }, headers });
  expect(restored.ok(), await restored.text()).toBe(true);
  await admin.close();
});

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

  // The rider is not an admin: the panel is closed to them, in the spec's words.
  const riderPage = await riderContext.newPage();
  const refused = await riderPage.goto('/admin');
  expect(refused?.status()).toBe(403);
  await expect(riderPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(riderPage.getByText("You don't have permission to access the admin panel.")).toBeVisible();
  await expect(riderPage.getByRole('tablist')).toHaveCount(0);

  // The admin opens the panel on its Overview.
  const admin = await signedInPage(browser, E2E_ADMIN);
  await admin.goto('/admin');
  await expect(admin).toHaveTitle('Admin Panel - Stoked');
  await expect(admin.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(admin.getByRole('tab')).toHaveText(['Overview', 'Users', 'Content', 'Approvals', 'Moderation', 'Disciplines', 'Settings', 'Jobs']);
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

test('a visitor opening the admin panel reads Access Denied; one opening their profile is asked to log in, and comes back to it', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile&notice=profile$/);
  await expect(page.getByTestId('login-notice')).toHaveText('Please log in to view your profile.');
});

/** Every file of the production build the server serves. */
function builtFiles(dir = path.resolve('dist/web')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test('the production build carries no credentials', () => {
  const files = builtFiles();
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  // The admin's password and address (from the environment, as ADMIN_EMAIL / ADMIN_PASSWORD would be) and the server's secret.
  const authSecret = readFileSync(path.join(E2E_DATA_DIR, 'auth-secret'), 'utf8').trim();
  expect(authSecret.length).toBeGreaterThanOrEqual(32);
  for (const file of files.filter((f) => /\.(js|html|css|json|map|txt)$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    for (const secret of [E2E_ADMIN.password, E2E_ADMIN.email, authSecret]) {
      expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  }
});

test('bootstrap, then the admin adds a discipline to a category, approves a trick in it, manages a user and a language', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const disciplineId = `e2e-kite-${suffix}`;
  const disciplineName = `Kite Loops ${suffix}`;

  // The bootstrap screen: the admin exists (prepared like `npm run create-admin`), so it is ready and sends to /login.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/setup-admin');
  await expect(page.getByRole('heading', { name: 'Admin User Ready!' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // Disciplines › Add Discipline, linked to the Water category.
  await page.goto('/admin?tab=disciplines&subtab=disciplines');
  await page.getByTestId('admin-disciplines-add').click();
  await expect(page).toHaveURL('/admin/new/disciplines');
  const form = page.getByTestId('admin-discipline-form');
  await expect(form.getByRole('heading', { name: 'Create New Discipline' })).toBeVisible();
  await form.getByTestId('admin-discipline-form-submit').click();
  await expect(form.getByText('ID is required')).toBeVisible();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('ID', { exact: true }).fill(disciplineId);
  await form.getByLabel('Name', { exact: true }).fill(disciplineName);
  await form.getByLabel('Icon (emoji)').fill('🪁');
  await form.getByRole('checkbox', { name: 'Water' }).check();
  await form.getByTestId('admin-discipline-form-submit').click();
  await expectToast(page, 'Discipline created successfully!');
  await expect(page).toHaveURL('/admin?tab=disciplines&subtab=disciplines');
  await expect(page.getByTestId(`admin-discipline-row-${disciplineId}`)).toContainText(disciplineName);

  // The category page lists it at once.
  await page.goto('/category/water');
  await expect(page.getByRole('link', { name: new RegExp(disciplineName) }).first()).toBeVisible();

  // A rider contributes a trick to it; the admin approves it in the panel and it is public.
  const rider = await browser.newContext();
  const login = await rider.request.post('/api/auth/sign-in/email', {
    data: { email: E2E_FRIEND.email, password: E2E_FRIEND.password },
    headers: { origin: baseURL! },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const trickName = `Kiteloop ${suffix}`;
  const created = await rider.request.post(`/api/disciplines/${disciplineId}/tricks`, {
    data: { name: trickName, description: 'Loop the kite while airborne.', difficulty: 8, level: 'Advanced', steps: ['Send it', 'Loop'], tips: [] },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/admin?tab=approvals');
  const row = page.getByTestId('admin-approval-row').filter({ hasText: trickName });
  await row.getByRole('button', { name: `Approve ${trickName}` }).click();
  await expectToast(page, 'Item approved');
  await expect(row).toHaveCount(0);
  const visitor = await browser.newContext();
  const publicList = await visitor.request.get(`/api/disciplines/${disciplineId}/tricks`);
  expect(JSON.stringify(await publicList.json())).toContain(trickName);

  // Users › Add User: a new account with the default role.
  const email = `made-${suffix}@e2e.stoked.test`;
  await page.goto('/admin?tab=users');
  await page.getByTestId('admin-users-add').click();
  const userForm = page.getByTestId('admin-user-form');
  await expect(userForm.getByRole('heading', { name: 'Create New User' })).toBeVisible();
  await userForm.getByLabel('Name', { exact: true }).fill(`Made ${suffix}`);
  await userForm.getByLabel('Email', { exact: true }).fill(email);
  await userForm.getByLabel('Password', { exact: true }).fill('made by the admin');
  await userForm.getByTestId('admin-user-form-submit').click();
  await expectToast(page, 'User created successfully!');
  await expect(page).toHaveURL('/admin?tab=users');
  await page.getByTestId('admin-users-search').fill(email);
  await expect(page.getByTestId('admin-users-table')).toContainText(email);

  // Settings › Languages: German switched off disappears from the language selector, then comes back.
  await page.goto('/admin?tab=settings&subtab=languages');
  const languages = page.getByTestId('admin-settings-languages');
  await languages.getByLabel('Deutsch').uncheck();
  await languages.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Languages saved');
  // The toast sits below the header, so the language button stays within reach while it shows.
  const headerBottom = await page
    .locator('header')
    .first()
    .evaluate((header) => header.getBoundingClientRect().bottom);
  const toast = page.locator('[data-sonner-toast]').first();
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
  await openLanguageMenu(page);
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await languages.getByLabel('Deutsch').check();
  await languages.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Languages saved');
  await openLanguageMenu(page);
  await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A discipline with content is kept; once its trick is deleted from Content › Tricks, it can go.
  await page.goto('/admin?tab=disciplines&subtab=disciplines');
  const disciplineRow = page.getByTestId(`admin-discipline-row-${disciplineId}`);
  await disciplineRow.getByRole('button', { name: `Delete ${disciplineName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Error deleting discipline');
  await expect(disciplineRow).toHaveCount(1);

  await page.goto('/admin?tab=content&subtab=tricks');
  await page.getByTestId('admin-content-search').fill(trickName);
  const trickRow = page.getByTestId('admin-content-list').locator('tr', { hasText: trickName });
  await trickRow.getByRole('button', { name: `Delete ${trickName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Item deleted successfully!');
  await expect(trickRow).toHaveCount(0);

  await page.goto('/admin?tab=disciplines&subtab=disciplines');
  await disciplineRow.getByRole('button', { name: `Delete ${disciplineName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Discipline deleted successfully!');
  await expect(disciplineRow).toHaveCount(0);
  await page.goto('/category/water');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(disciplineName) })).toHaveCount(0);
});
