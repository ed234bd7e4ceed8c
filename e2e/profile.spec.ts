import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './test.ts';
import sharp from 'sharp';
import { E2E_FRIEND, E2E_RIDER, fixtureId } from './fixtures.ts';
import { expectToast, logIn } from './helpers.ts';

test('profile: avatar, edit and cancel, follow someone, change password, delete the account', async ({ page }, info) => {
  const newPassword = 'pat second password';
  // A visitor is sent to log in, and would come back here.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile&notice=profile$/);
  await expect(page.getByTestId('login-notice')).toHaveText('Please log in to view your profile.');
  await logIn(page, E2E_RIDER.email, E2E_RIDER.password);
  await expectToast(page, 'Welcome back!');

  await page.goto('/profile');
  mkdirSync(info.outputDir, { recursive: true });
  const avatarFile = path.join(info.outputDir, 'avatar.png');
  await sharp({ create: { width: 600, height: 600, channels: 3, background: '#f97316' } })
    .png()
    .toFile(avatarFile);
  await page.getByTestId('avatar-input').setInputFiles(avatarFile);
  await expectToast(page, 'Avatar updated');
  await expect(page.locator('img[src^="/uploads/avatars/"]').first()).toBeVisible();

  // Opening and closing the form are links (/profile?edit=1), so they work before the scripts too.
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await page.getByLabel('Bio').fill('Chasing swells since 2010.');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByText('Chasing swells since 2010.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Bio')).toHaveValue('');
  await page.getByLabel('Bio').fill('Big wave rider.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile saved!');
  await expect(page.getByText('Big wave rider.')).toBeVisible();

  await page.goto(`/profile/${fixtureId(E2E_FRIEND)}`);
  await expect(page.getByRole('heading', { name: E2E_FRIEND.name })).toBeVisible();
  const followers = page.getByTestId('followers-count');
  await expect(followers).toHaveText('0');
  await page.getByTestId('follow-person').click();
  await expect(followers).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('followers-count')).toHaveText('1');
  await page.goto(`/profile/${fixtureId(E2E_RIDER)}`);
  await expect(page.getByTestId('following-count')).toHaveText('1');

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Current password').fill(E2E_RIDER.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('not the same');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'New passwords do not match.');
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password changed');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Logged out successfully');
  await logIn(page, E2E_RIDER.email, E2E_RIDER.password);
  await expectToast(page, 'Sign in Failed');
  await logIn(page, E2E_RIDER.email, newPassword);
  await expectToast(page, 'Welcome back!');

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByLabel('Enter your password to confirm').fill(newPassword);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Your account was deleted.');
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, E2E_RIDER.email, newPassword);
  await expectToast(page, 'Sign in Failed');
  await page.goto(`/profile/${fixtureId(E2E_RIDER)}`);
  await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
});
