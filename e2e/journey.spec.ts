import { readFileSync } from 'node:fs';
import { expect, test } from './test.ts';
import { confirmEmail, expectToast, mailsTo, openLanguageMenu } from './helpers.ts';

const arabic = () => JSON.parse(readFileSync('web/locales/ar.json', 'utf8'));

test('register, confirm by mail, log in, follow a discipline, switch to Arabic, log out', async ({ page }) => {
  const email = `journey-${Date.now()}@example.com`;
  const password = 'stoked riders 2026';

  await page.goto('/register');
  await page.getByLabel('Name').fill('Jo Journey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('something else');
  await page.getByRole('button', { name: 'Register' }).click();
  await expectToast(page, "Passwords don't match.");
  expect(mailsTo(email)).toHaveLength(0);

  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectToast(page, 'Please check your email to verify your account.');
  await expect(page.getByTestId('check-inbox')).toContainText(email);

  // An unconfirmed account cannot log in yet.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Confirm your email' })).toBeVisible();

  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  await confirmEmail(page, email, password);
  await expectToast(page, 'Email confirmed!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Logged out successfully');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/discipline/surfing');
  await expect(page).toHaveTitle('Surfing - Stoked');
  const members = page.getByTestId('hub-members');
  const before = Number(await members.innerText());
  const follow = page.getByTestId('follow-button');
  await expect(follow).toHaveText('Follow');
  await follow.click();
  await expectToast(page, 'Following Surfing!');
  await expect(follow).toHaveText(/Following/);
  await expect(members).toHaveText(String(before + 1));
  await page.reload();
  await expect(page.getByTestId('follow-button')).toHaveText(/Following/);
  await expect(page.getByTestId('hub-members')).toHaveText(String(before + 1));

  const ar = arabic();
  await openLanguageMenu(page);
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('follow-button')).toContainText(ar.discipline.following);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ركوب الأمواج');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByRole('button', { name: ar.nav.logout }).click();
  await expectToast(page, ar.auth.toast.loggedOut);
  await expect(page.getByRole('link', { name: ar.nav.login }).first()).toBeVisible();
});

test('a signed-out visitor who follows is sent to the login page', async ({ page }) => {
  await page.goto('/discipline/bmx');
  await page.getByTestId('follow-button').click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'You must be logged in to follow disciplines.');
});

test('browse: home, category, unknown pages', async ({ page }) => {
  // The 28 built-in disciplines, and any an earlier journey added.
  const disciplines = (await (await page.request.get('/api/disciplines')).json()) as unknown[];
  expect(disciplines.length).toBeGreaterThanOrEqual(28);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Stoked');
  await expect(page.getByTestId('stat-disciplines')).toHaveText(String(disciplines.length));
  await page.goto('/category/water');
  await expect(page.getByText('Discover all disciplines within the Water category.')).toBeVisible();
  await page.getByRole('link', { name: 'Kitesurfing' }).click();
  await expect(page).toHaveURL(/\/discipline\/kitesurfing$/);
  await page.goto('/category/lava');
  await expect(page.getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
  await page.goto('/discipline/lava-surfing');
  await expect(page.getByRole('heading', { name: 'Discipline Not Found' })).toBeVisible();
  await page.goto('/discipline/surfing/teams');
  await expect(page).toHaveTitle('Teams - Surfing - Stoked');
});
