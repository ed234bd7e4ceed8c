import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from './test.ts';
import sharp from 'sharp';
import { E2E_ADMIN } from './fixtures.ts';
import { confirmEmail, expectToast } from './helpers.ts';

const PASSWORD = 'stoked team riders 2026';

/** Registers through the form and confirms with the mailed link and the password, which signs the new user in. */
async function signUp(browser: Browser, name: string): Promise<Page> {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`;
  const page = await (await browser.newContext()).newPage();
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('check-inbox')).toBeVisible();
  await confirmEmail(page, email, PASSWORD);
  await expectToast(page, 'Email confirmed!');
  return page;
}

/** A browser context signed in as the fixture admin (its `request` shares the session). */
async function adminContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const login = await context.request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return context;
}

/** The fixture admin, through the API (there is no approvals screen yet). */
async function adminApi(browser: Browser): Promise<APIRequestContext> {
  return (await adminContext(browser)).request;
}

async function approveTeam(admin: APIRequestContext, teamId: string) {
  const pending = (await (await admin.get('/api/admin/approvals')).json()) as { id: string; itemType: string; itemId: string; version: number }[];
  const approval = pending.find((a) => a.itemType === 'team' && a.itemId === teamId);
  expect(approval, 'the new team waits in the approvals queue').toBeTruthy();
  const decided = await admin.post(`/api/admin/approvals/${approval!.id}`, { data: { decision: 'approved', version: approval!.version } });
  expect(decided.ok(), await decided.text()).toBe(true);
}

test('create a private team, a rider asks to join, the leader accepts, hands over and leaves', async ({ browser }) => {
  const teamName = `Dawn Patrol ${Date.now().toString(36)}`;
  const leaderName = 'Lani Leader';
  const riderName = 'Rio Rider';

  // The leader creates a private surfing team from the discipline's teams section.
  const leader = await signUp(browser, leaderName);
  await leader.goto('/discipline/surfing/teams');
  await expect(leader).toHaveTitle('Teams - Surfing - Stoked');
  await leader.getByTestId('create-team').click();
  const dialog = leader.getByTestId('create-team-dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Team' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Surfing', exact: true })).toBeChecked();
  await expect(dialog.getByLabel('Type')).toHaveValue('Pro');
  await dialog.getByRole('button', { name: 'Create Team' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Team Name').fill(teamName);
  await dialog.getByLabel('Type').fill('Amateur');
  await dialog.getByLabel('Location').fill('Maui, Hawaii');
  await dialog.getByLabel('Description').fill('Early sessions, shared boards and coffee.');
  await dialog.getByLabel('Founded date').fill('2019-04-12');
  await dialog.getByRole('checkbox', { name: /Private team/ }).check();
  await dialog.getByRole('button', { name: 'Create Team' }).click();
  await expectToast(leader, 'Team saved successfully!');
  await expect(leader).toHaveURL(/\/team\/[0-9a-f-]{36}$/);
  const teamId = leader.url().split('/').pop()!;
  await expect(leader.getByRole('heading', { level: 1 })).toHaveText(teamName);
  await expect(leader).toHaveTitle(`${teamName} - Stoked`);
  await expect(leader.getByRole('status').filter({ hasText: 'Pending approval' })).toBeVisible();
  await expect(leader.locator('article header')).toContainText('Private');
  await expect(leader.locator('article header')).toContainText('Amateur');
  await expect(leader.getByText('April 12, 2019')).toBeVisible();
  await expect(leader.getByRole('button', { name: 'Leave Team' })).toBeDisabled();
  await expect(leader.getByText('You lead this team. Transfer leadership to another member before you leave.')).toBeVisible();

  // Until an admin approves it, nobody else can see it.
  const rider = await signUp(browser, riderName);
  await rider.goto(`/team/${teamId}`);
  await expect(rider.getByRole('heading', { name: 'Team not found.' })).toBeVisible();
  await approveTeam(await adminApi(browser), teamId);

  // The rider finds it in the list and asks to join.
  await rider.goto('/teams');
  await expect(rider).toHaveTitle('Teams - Stoked');
  await rider.getByRole('searchbox', { name: 'Search teams' }).fill(teamName);
  const card = rider.getByTestId('team-card').filter({ hasText: teamName });
  await expect(card).toHaveCount(1);
  await expect(rider.getByTestId('team-card')).toHaveCount(1);
  await expect(card).toContainText('Led by');
  await expect(card).toContainText(leaderName);
  await expect(card).toContainText('1 member');
  await expect(card).toContainText('Founded 2019');
  await card.getByRole('link', { name: teamName }).click();
  await expect(rider).toHaveURL(new RegExp(`/team/${teamId}$`));
  await rider.getByRole('button', { name: 'Request to Join' }).click();
  await expectToast(rider, 'Request sent');
  await expect(rider.getByTestId('request-pending')).toContainText('Request sent');
  await expect(rider.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await expect(rider.getByText('Manage Team')).toHaveCount(0);

  // The leader finds the rider in the member search, then accepts the request.
  await leader.reload();
  await expect(leader.getByRole('status').filter({ hasText: 'Pending approval' })).toHaveCount(0);
  const manage = leader.locator('#manage');
  await expect(manage.getByRole('heading', { name: 'Manage Team' })).toBeVisible();
  await manage.getByLabel('Find people by name').fill('Ri');
  await expect(manage.getByText('Type at least 3 characters.')).toBeVisible();
  await manage.getByLabel('Find people by name').fill('Rio Ri');
  await expect(manage.getByRole('button', { name: `Add ${riderName}` })).toBeVisible();
  await manage.getByRole('tab', { name: /Join requests/ }).click();
  await manage.getByRole('button', { name: `Accept ${riderName}` }).click();
  await expectToast(leader, `${riderName} joined the team.`);
  await expect(manage.getByText('No pending requests.')).toBeVisible();
  await expect(leader.getByTestId('team-member-count')).toHaveText('2');
  await expect(leader.getByTestId('team-members')).toContainText(riderName);

  // The leader hands over, then leaves.
  await manage.getByRole('tab', { name: 'Members' }).click();
  await manage.getByRole('button', { name: `Transfer leadership to ${riderName}` }).click();
  const confirm = leader.getByRole('alertdialog');
  await expect(confirm).toContainText(`Transfer leadership to ${riderName}?`);
  await confirm.getByRole('button', { name: 'Transfer leadership' }).click();
  await expectToast(leader, 'Leadership transferred successfully!');
  await expect(leader.getByTestId('team-leader')).toHaveText(riderName);
  await expect(leader.locator('#manage')).toHaveCount(0);
  await leader.getByRole('button', { name: 'Leave Team' }).click();
  await leader.getByRole('alertdialog').getByRole('button', { name: 'Leave Team' }).click();
  await expectToast(leader, 'You have left the team.');
  await expect(leader.getByRole('button', { name: 'Request to Join' })).toBeVisible();
  await expect(leader.getByTestId('team-member-count')).toHaveText('1');

  // The rider now leads the team alone.
  await rider.reload();
  await expect(rider.getByTestId('team-leader')).toHaveText(riderName);
  await expect(rider.getByRole('button', { name: 'Leave Team' })).toBeDisabled();
  await expect(rider.locator('#manage').getByRole('heading', { name: 'Manage Team' })).toBeVisible();

  // Signed out: the team is visible, with no join or leave button.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/team/${teamId}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(teamName);
  await expect(visitor.getByTestId('join-team')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Leave Team' })).toHaveCount(0);
});

test('teams list: filters, Load More, the signed-out Create Team prompt, unknown pages', async ({ browser, page }) => {
  // Teams an admin creates are approved at once.
  const admin = await adminApi(browser);
  const tag = `Crew ${Date.now().toString(36)}`;
  for (let i = 1; i <= 13; i++) {
    const created = await admin.post('/api/teams', {
      data: {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        type: i % 2 ? 'Pro' : 'Amateur',
        isPrivate: i === 13,
        location: i === 7 ? 'Tarifa' : 'Berlin',
        disciplineIds: ['kitesurfing'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  // Spec §8: a failed load shows 'Error fetching teams' and an empty list. (A first visit gets the
  // list rendered by the server: the failure is the browser's own, on the way from another page.)
  await page.goto('/');
  await page.route('**/api/teams?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL_ERROR","message":"x"}' }),
  );
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Teams' }).click();
  await expectToast(page, 'Error fetching teams');
  await expect(page.getByTestId('teams-empty')).toBeVisible();
  await page.unroute('**/api/teams?*');

  await page.goto('/discipline/kitesurfing/teams');
  await expect(page).toHaveTitle('Teams - Kitesurfing - Stoked');
  const search = page.getByRole('searchbox', { name: 'Search teams' });
  await search.fill(tag);
  await expect(page).toHaveURL(/q=Crew/);
  await expect(page.getByTestId('team-card')).toHaveCount(12);
  await page.getByRole('link', { name: 'Load More', exact: true }).click();
  await expect(page.getByTestId('team-card')).toHaveCount(13);
  await expect(page.getByRole('link', { name: 'Load More' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  // While new results load the previous ones stay on screen, so each check waits for the exact list.
  await page.getByLabel('Visibility').selectOption('private');
  await expect(page.getByTestId('team-card')).toHaveText([new RegExp(`${tag} 13`)]);
  // Back to a list seen before: both of its pages come back from the cache.
  await page.getByLabel('Visibility').selectOption('');
  await expect(page.getByTestId('team-card')).toHaveCount(13);
  await page.getByLabel('Location', { exact: true }).fill('Tarifa');
  await expect(page.getByTestId('team-card')).toHaveText([new RegExp(`${tag} 07`)]);
  await page.getByLabel('Location', { exact: true }).fill('');
  await expect(page.getByTestId('team-card')).toHaveCount(13);
  await page.getByLabel('Type').selectOption('Amateur');
  await expect(page.getByTestId('team-card')).toHaveCount(6);
  await search.fill(`${tag} nothing like this`);
  await expect(page.getByTestId('teams-empty')).toContainText('No teams match your search');
  await page.getByTestId('teams-empty').getByRole('link', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');

  // A signed-out visitor is asked to log in.
  await page.getByTestId('create-team').click();
  await expectToast(page, 'You must be logged in to create a team.');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/discipline/lava-surfing/teams');
  await expect(page.getByRole('heading', { name: 'Discipline not found' })).toBeVisible();
  await page.goto('/team/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Team not found.' })).toBeVisible();
});

test('Manage Team: images, details and deletion', async ({ browser }) => {
  const admin = await adminContext(browser);
  const created = await admin.request.post('/api/teams', {
    data: { name: `Image Crew ${Date.now().toString(36)}`, type: 'Freeride', disciplineIds: ['snowboarding'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const team = (await created.json()) as { id: string; name: string };
  const page = await admin.newPage();
  await page.goto(`/team/${team.id}`);
  await expect(page.locator('article header')).toContainText('Freeride');
  const manage = page.locator('#manage');

  // Images: a real picture is uploaded; a text file is refused before any upload.
  await manage.getByRole('tab', { name: 'Images' }).click();
  const logo = manage.getByTestId('image-logo');
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f97316' } })
    .png()
    .toBuffer();
  await logo.getByLabel('Choose an image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(logo.locator('img')).toHaveAttribute('src', /^blob:/);
  await logo.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Logo updated.');
  await expect(page.locator('article header img').first()).toHaveAttribute('src', /^(?!blob:)\S+/);
  await expect(logo.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  const banner = manage.getByTestId('image-banner');
  await banner.getByLabel('Choose an image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expectToast(page, 'Upload Error');
  await expectToast(page, 'This file is not a supported image');
  await logo.getByRole('button', { name: 'Remove logo' }).click();
  await expectToast(page, 'Logo removed.');
  await expect(page.locator('article header img')).toHaveCount(0);

  // Details: the same fields as Create Team.
  await manage.getByRole('tab', { name: 'Details' }).click();
  await manage.getByLabel('Team Name').fill(`${team.name} Renamed`);
  await manage.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Team saved successfully!');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${team.name} Renamed`);

  // Danger zone: deletion asks first, then returns to the list.
  await manage.getByRole('tab', { name: 'Danger zone' }).click();
  await manage.getByRole('button', { name: 'Delete team' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you absolutely sure?');
  await confirm.getByRole('button', { name: 'Delete team' }).click();
  await expectToast(page, `${team.name} Renamed was deleted.`);
  await expect(page).toHaveURL(/\/teams$/);
  expect((await admin.request.get(`/api/teams/${team.id}`)).status()).toBe(404);
});
