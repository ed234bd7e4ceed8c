import { existsSync } from 'node:fs';
import path from 'node:path';
import { linkIn } from '../server/test/smtp.ts';
import { E2E_DATA_DIR } from './fixtures.ts';
import { expectToast, mailsTo, uniqueTag } from './helpers.ts';
import { expect, test } from './test.ts';

// Issue 39, item 5: the confirmation mail goes over SMTP to a real SMTP server (e2e/start-server.ts)
// and the new rider confirms with the link that server received, as from their mailbox.

test('a new rider registers, the SMTP server receives the confirmation mail, and its link confirms and signs them in', async ({ page }) => {
  const email = `smtp-${uniqueTag()}@example.com`;
  const password = 'mail over smtp 2026';

  await page.goto('/register');
  await page.getByLabel('Name').fill('Sam Smtp');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectToast(page, 'Please check your email to verify your account.');

  await expect.poll(() => mailsTo(email).length).toBe(1);
  const [mail] = mailsTo(email);
  expect(mail!.envelopeTo).toEqual([email]);
  expect(mail!.from).toEqual(['no-reply@stoked.local']);
  expect(mail!.messageId).toMatch(/^<.+@.+>$/);
  expect(mail!.subject).toBe('Confirm your Stoked account');
  const link = linkIn(mail!, '/confirm-email');
  expect(link?.searchParams.get('token')).toBeTruthy();
  // Delivered over SMTP, so nothing was written to the file outbox.
  expect(existsSync(path.join(E2E_DATA_DIR, 'mail'))).toBe(false);

  await page.goto(link!.href);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
  await expectToast(page, 'Email confirmed!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
