import { expect, test } from './test.ts';
import { adminApi, createPlace, expectToast, newMember, uniqueTag } from './helpers.ts';

// Issue 20, item 1: a rider logs a session now at a surf spot with a trick landed; it shows in the
// place's "Out now" and the trick is landed in their progression. (Every rule: API tests.)
test('a rider logs a session now with a landed trick: out now, and the trick is landed', async ({ browser }) => {
  test.setTimeout(60_000);
  const tag = uniqueTag();
  const admin = await adminApi(browser);
  const place = await createPlace(admin, 'surfing', `Session Point ${tag}`);
  const trickName = `Floater ${tag}`;
  const made = await admin.post('/api/disciplines/surfing/tricks', {
    data: { name: trickName, description: 'Ride over the breaking lip.', level: 'Intermediate', difficulty: 5, steps: ['Climb the lip', 'Drop back down'] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const trick = (await made.json()) as { id: string };

  const context = await browser.newContext();
  const account = await newMember(context.request, `Sessioner ${tag}`);
  const rider = await context.newPage();
  await rider.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await rider.goto(`/discipline/surfing/places/${place.id}`);
  const section = rider.getByTestId('place-sessions');
  await expect(section.getByTestId('sessions-out-now')).toContainText('Nobody is out here right now.');

  const form = section.getByTestId('session-form');
  await form.getByRole('group', { name: 'Tricks landed' }).getByText(trickName, { exact: true }).click();
  await form.getByLabel('Note').fill('Glassy lefts');
  await form.getByRole('button', { name: 'Log session' }).click();
  await expectToast(rider, 'Session logged');
  const item = section.getByTestId('sessions-out-now').getByTestId('session-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(account.name);
  await expect(item).toContainText('Glassy lefts');
  await expect(item.getByRole('link', { name: trickName })).toBeVisible();

  // The trick's page shows it landed.
  await item.getByRole('link', { name: trickName }).click();
  await expect(rider).toHaveURL(new RegExp(`/discipline/surfing/tricktionary/${trick.id}$`));
  await expect(rider.getByRole('button', { name: 'Mark as landed' })).toHaveAttribute('aria-pressed', 'true');
});
