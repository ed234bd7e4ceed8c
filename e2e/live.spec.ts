import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_FRIEND, fixtureId } from './fixtures.ts';
import { signedInPage } from './helpers.ts';

test('one rider messages another: the message and the reply appear without a reload', async ({ browser }) => {
  test.setTimeout(90_000);
  const text = `Session at dawn? ${Date.now().toString(36)}`;
  const admin = await signedInPage(browser, E2E_ADMIN);
  await admin.goto('/messages');
  await expect(admin.getByRole('heading', { name: 'Messages' })).toBeVisible();

  const friend = await signedInPage(browser, E2E_FRIEND);
  await friend.goto(`/profile/${fixtureId(E2E_ADMIN)}`);
  await friend.getByTestId('message-person').click();
  await expect(friend).toHaveURL(/\/messages\/[0-9a-f-]+$/);
  const composer = friend.getByTestId('message-composer');
  await composer.getByLabel('Write a message').fill(text);
  await composer.getByRole('button', { name: 'Send' }).click();
  await expect(friend.getByTestId('message-thread').getByTestId('message-bubble').filter({ hasText: text })).toBeVisible();

  // The admin's open page learns of it live: the conversation, its unread count and the header badge.
  const item = admin.getByTestId('conversation-item').filter({ hasText: E2E_FRIEND.name });
  await expect(item).toContainText(text);
  await expect(admin.getByTestId('messages-unread').first()).toBeVisible();
  await item.click();
  await expect(admin.getByTestId('message-thread').getByTestId('message-bubble').filter({ hasText: text })).toBeVisible();
  await expect(admin.getByTestId('messages-unread')).toHaveCount(0);

  const reply = `Yes, 6am at the pier ${Date.now().toString(36)}`;
  await admin.getByTestId('message-composer').getByLabel('Write a message').fill(reply);
  await admin.getByTestId('message-composer').getByLabel('Write a message').press('Enter');
  await expect(friend.getByTestId('message-thread').getByTestId('message-bubble').filter({ hasText: reply })).toBeVisible();
});

test("a join request shows up live in the leader's bell", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const teamName = `Dawn Patrol ${Date.now().toString(36)}`;
  const admin = await signedInPage(browser, E2E_ADMIN);
  const created = await admin.request.post('/api/teams', {
    data: { name: teamName, isPrivate: true, disciplineIds: ['surfing'] },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const team = (await created.json()) as { id: string };
  await admin.request.post('/api/notifications/read-all', { headers: { origin: baseURL! } });
  await admin.goto('/');
  const bell = admin.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  const friend = await signedInPage(browser, E2E_FRIEND);
  await friend.goto(`/team/${team.id}`);
  await friend.getByRole('button', { name: 'Request to Join' }).click();

  await expect(admin.getByTestId('notification-count')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const entry = admin.getByTestId('notification-item').filter({ hasText: `${E2E_FRIEND.name} asked to join ${teamName}` });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(admin).toHaveURL(`/team/${team.id}`);
  await expect(admin.getByTestId('notification-count')).toHaveCount(0);

  await admin.request.delete(`/api/teams/${team.id}`, { headers: { origin: baseURL! } });
});
