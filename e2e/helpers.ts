import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { isMailTo, linkIn, readReceivedMails, type ReceivedMail } from '../server/test/smtp.ts';
import { E2E_ADMIN, E2E_SMTP_FILE } from './fixtures.ts';

/** The mails the SMTP server beside the server received for this address (e2e/start-server.ts), oldest first. */
export function mailsTo(email: string): ReceivedMail[] {
  return readReceivedMails(E2E_SMTP_FILE).filter((mail) => isMailTo(mail, email));
}

/** The confirmation link of the newest mail to this address (it opens a page that asks for the password). */
export function verificationLink(email: string): string | undefined {
  const newest = mailsTo(email).at(-1);
  return newest && linkIn(newest, '/confirm-email')?.href;
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

/** A short text no other run has used, for names that a search must find alone. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export type Account = { name: string; email: string; password: string };

/**
 * A new confirmed account, made through the API (sign-up, then the mailed token with the password),
 * so that a test starts from someone who follows, joined and liked nothing. `request` ends up
 * signed in as them.
 */
export async function newMember(request: APIRequestContext, name: string): Promise<Account> {
  const account = { name, email: `${name.split(' ')[0]!.toLowerCase()}-${uniqueTag()}@example.com`, password: 'stoked member 2026' };
  const signUp = await request.post('/api/auth/sign-up/email', { data: account });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await expect.poll(() => verificationLink(account.email)).toBeTruthy();
  const token = new URL(verificationLink(account.email)!).searchParams.get('token');
  const confirmed = await request.post('/api/auth/confirm-email', { data: { token, password: account.password } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return account;
}

/** Signs a browser context in through the API: its pages and their `page.request` share the session. */
export async function signInThroughApi(context: BrowserContext, account: { email: string; password: string }) {
  const login = await context.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
}

/** A page in a browser context of its own (its own cookies), signed in through the API. */
export async function signedInPage(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughApi(page.context(), account);
  return page;
}

/** The fixture admin, through the API: what an admin creates is approved at once. */
export async function adminApi(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext();
  await signInThroughApi(context, E2E_ADMIN);
  return context.request;
}

async function created(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: string }> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

export async function createPlace(
  admin: APIRequestContext,
  disciplineId: string,
  name: string,
  location = 'Barcelona, Spain',
  at = { latitude: 41.3829, longitude: 2.1668 },
) {
  return created(await admin.post(`/api/disciplines/${disciplineId}/places`, { data: { name, location, ...at } }));
}

/** A free event `inDays` from now (negative: already over), lasting two hours. */
export async function createEvent(admin: APIRequestContext, disciplineId: string, name: string, options: { type?: string; inDays?: number } = {}) {
  const start = new Date(Date.now() + (options.inDays ?? 7) * 24 * 3600 * 1000);
  const end = new Date(start.getTime() + 2 * 3600 * 1000);
  return created(
    await admin.post(`/api/disciplines/${disciplineId}/events`, {
      data: {
        name,
        description: 'A session for every level.',
        location: 'Barcelona, Spain',
        type: options.type ?? 'Meetup',
        price: 0,
        startDate: start.toISOString(),
        endDate: end.toISOString(),
      },
    }),
  );
}

export async function createTeam(admin: APIRequestContext, disciplineId: string, name: string, isPrivate: boolean) {
  return created(await admin.post('/api/teams', { data: { name, type: 'Amateur', isPrivate, location: 'Barcelona', disciplineIds: [disciplineId] } }));
}

/** A new rider signed in in a new context of `browser`, on a place's page, where nobody is out yet: its sessions section. */
export async function riderAtPlace(browser: Browser, name: string, placeId: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  const account = await newMember(context.request, name);
  const page = await context.newPage();
  await page.goto(`/discipline/surfing/places/${placeId}`);
  const section = page.getByTestId('place-sessions');
  await expect(section.getByTestId('sessions-out-now')).toContainText('Nobody is out here right now.');
  return { context, account, page, section };
}

/** 'YYYY-MM-DDTHH:mm' of a local time, as a datetime-local input takes it. */
export function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Opens a section's dialog with its button (`buttonTestId`): the button waits for the session to load
 * before it opens the form, so it is clicked again until the dialog shows its `heading`.
 */
export async function openDialog(page: Page, buttonTestId: string, dialog: Locator, heading: string) {
  await expect(async () => {
    await page.getByTestId(buttonTestId).click();
    await expect(dialog.getByRole('heading', { name: heading })).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** The flash message a plain form's answer leaves on the page it leads back to (a status region). */
export async function expectFlash(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

/** Presses a control that must send a POST form without scripts; the server answers with a 303 to a page. */
export async function submit(page: Page, button: Locator) {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document', { timeout: 15_000 });
  await button.click();
  expect((await answer).status(), 'the form is answered with a redirect (303)').toBe(303);
}
