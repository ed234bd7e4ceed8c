import { expect, test } from './test.ts';
import { E2E_FRIEND, fixtureId } from './fixtures.ts';
import { adminApi, createTeam, expectToast, newMember, openDialog, signedInPage, signInThroughApi, uniqueTag } from './helpers.ts';

// Issue 20 item 4: a crew-only spot is seen by the crew and never reaches a stranger, in the list or
// at its own address.
test('a rider shares a spot with their crew only; a crew mate finds it, a stranger never does', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const crewName = `Dawn Patrol ${tag}`;
  const placeName = `Hidden Reef ${tag}`;

  // The admin's crew (approved at once) takes in the author and a crew mate, who accept through the API.
  const admin = await adminApi(browser);
  const team = await createTeam(admin, 'surfing', crewName, true);
  // The crew mate is a new member: the profile journey deletes the fixture rider's account.
  const mateContext = await browser.newContext();
  await newMember(mateContext.request, 'Crew Mate');
  const mateId = ((await (await mateContext.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
  const authorContext = await browser.newContext();
  await signInThroughApi(authorContext, E2E_FRIEND);
  for (const [userId, context] of [
    [fixtureId(E2E_FRIEND), authorContext],
    [mateId, mateContext],
  ] as const) {
    const invited = await admin.post(`/api/teams/${team.id}/members`, { data: { userId } });
    expect(invited.ok(), await invited.text()).toBe(true);
    const accepted = await context.request.post(`/api/teams/${team.id}/invitation/accept`);
    expect(accepted.ok(), await accepted.text()).toBe(true);
  }

  // The author adds the spot for their crew only, in the place form.
  const author = await signedInPage(browser, E2E_FRIEND);
  await author.goto('/discipline/surfing/places');
  const dialog = author.getByTestId('place-form-dialog');
  await openDialog(author, 'add-place', dialog, 'Add Place');
  await dialog.getByLabel('Name').fill(placeName);
  await dialog.getByLabel('Location').fill('Somewhere, Atlantic');
  await dialog.getByLabel('Latitude').fill('43.4');
  await dialog.getByLabel('Longitude').fill('-1.6');
  const audience = dialog.getByLabel('Who can see this place');
  await expect(audience.locator('option', { hasText: `My crew: ${crewName}` })).toHaveCount(1);
  await audience.selectOption({ label: `My crew: ${crewName}` });
  await dialog.getByRole('button', { name: 'Add Place' }).click();
  await expectToast(author, 'Place added');
  await expect(dialog).toBeHidden();
  await author.getByRole('searchbox', { name: 'Search places' }).fill(placeName);
  const card = author.getByTestId('place-card').filter({ hasText: placeName });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('place-secret')).toHaveText(`Crew only: ${crewName}`);
  const id = (await (await author.request.get(`/api/disciplines/surfing/places?q=${encodeURIComponent(placeName)}`)).json()).items[0].id as string;

  // The crew mate finds it in the list and on its page.
  const mate = await mateContext.newPage();
  await mate.goto(`/discipline/surfing/places?q=${encodeURIComponent(placeName)}`);
  await expect(mate.getByTestId('place-card').filter({ hasText: placeName })).toHaveCount(1);
  await mate.goto(`/discipline/surfing/places/${id}`);
  await expect(mate.getByRole('heading', { level: 1, name: placeName })).toBeVisible();

  // A stranger, signed in, and a visitor: not in the list, and its address is not found.
  const strangerContext = await browser.newContext();
  await newMember(strangerContext.request, 'Stranger Rider');
  for (const page of [await strangerContext.newPage(), await (await browser.newContext()).newPage()]) {
    await page.goto(`/discipline/surfing/places?q=${encodeURIComponent(placeName)}`);
    await expect(page.getByTestId('places-empty')).toBeVisible();
    const response = await page.goto(`/discipline/surfing/places/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Content not found').first()).toBeVisible();
    await expect(page.getByText(placeName)).toHaveCount(0);
    expect(await page.content()).not.toContain(placeName);
  }
});
