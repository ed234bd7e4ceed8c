import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './fixtures.ts';

const MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');

/** The .eml files the server wrote for this address (no SMTP in e2e), oldest first. */
export function mailsTo(email: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return [];
  }
  return files.filter((f) => f.endsWith(`${email}.eml`)).map((f) => readFileSync(path.join(MAIL_DIR, f), 'utf8'));
}

/** The confirmation link of the newest mail to this address (it opens a page that asks for the password). */
export function verificationLink(email: string): string | undefined {
  // Quoted-printable soft line breaks (=\n) and =3D may split the link in the .eml file.
  const body = mailsTo(email).at(-1)?.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return body?.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
}

/** Opens the newest confirmation link to this address and confirms it with the password chosen at sign-up. */
export async function confirmEmail(page: Page, email: string, password: string) {
  await expect.poll(() => verificationLink(email)).toBeTruthy();
  await page.goto(verificationLink(email)!);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Opens the header's language menu and waits for its items. A click that did not open it (the
 * button redrawn under the pointer) is made again; one that did is not, as it would close the menu.
 */
export async function openLanguageMenu(page: Page) {
  const item = page.getByRole('menuitemradio').first();
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('language-selector').first().click({ timeout: 5000 });
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
