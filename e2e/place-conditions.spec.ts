import { expect, test } from './test.ts';
import { E2E_FRIEND, E2E_RIDER, fixtureId } from './fixtures.ts';
import { adminApi, createPlace, expectToast, signedInPage, signInThroughApi, uniqueTag } from './helpers.ts';

// Issue 20, item 2: a rider reports the conditions at a surf spot in a tap per question; the report
// shows on the place page, the latest on the spot's card and its map marker, and counts on the
// reporter's profile. (Expiry: API tests.)
test('a rider reports conditions; they show on the place page, the card and the marker', async ({ browser }) => {
  test.setTimeout(120_000);
  const placeName = `Conditions Reef ${uniqueTag()}`;
  const place = await createPlace(await adminApi(browser), 'surfing', placeName);

  const rider = await signedInPage(browser, E2E_FRIEND);
  await rider.goto(`/discipline/surfing/places/${place.id}`);
  const section = rider.getByTestId('place-conditions');
  await expect(section).toContainText('No recent report');

  // A surf spot asks about the waves, the wind and the crowd: one tap each.
  const form = section.getByTestId('condition-form');
  await form.getByRole('group', { name: 'Waves' }).getByText('Big', { exact: true }).click();
  await form.getByRole('group', { name: 'Wind' }).getByText('Light', { exact: true }).click();
  await form.getByRole('group', { name: 'Crowd' }).getByText('Empty', { exact: true }).click();
  await form.getByLabel('Note (optional)').fill('Glassy at the point');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expectToast(rider, 'Thanks! Your report is up.');
  const report = section.getByTestId('condition-report');
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(E2E_FRIEND.name);
  await expect(report).toContainText('Waves: Big · Wind: Light · Crowd: Empty');
  await expect(report).toContainText('Glassy at the point');

  // The card in the list says it too, with its age.
  await rider.goto(`/discipline/surfing/places?q=${encodeURIComponent(placeName)}`);
  const card = rider.getByTestId('place-card').filter({ hasText: placeName });
  await expect(card.getByTestId('condition-summary')).toContainText(
    /Conditions (now|\d+ seconds? ago|\d+ minutes? ago): Waves: Big · Wind: Light · Crowd: Empty/,
  );

  // And the marker's popup on the map.
  await rider.getByRole('link', { name: 'Map' }).click();
  const map = rider.getByTestId('places-map');
  await expect(map).toBeVisible();
  await map.locator(`.leaflet-marker-icon[title="${placeName}"]`).click();
  await expect(map.locator('.leaflet-popup-content')).toContainText('Waves: Big · Wind: Light · Crowd: Empty');

  // The reporter's profile counts the report.
  await rider.goto(`/profile/${fixtureId(E2E_FRIEND)}`);
  await expect(rider.getByTestId('condition-reports-count')).not.toHaveText('0');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a snow spot's report is a plain form: the server saves it and shows the page again with its message", async ({ browser }) => {
    const placeName = `Conditions Bowl ${uniqueTag()}`;
    const place = await createPlace(await adminApi(browser), 'snowboarding', placeName);
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInThroughApi(context, E2E_RIDER);
    const page = await context.newPage();
    await page.goto(`/discipline/snowboarding/places/${place.id}`);
    // A snow spot asks about the snow, the visibility and the wind.
    const form = page.getByTestId('condition-form');
    await expect(form.getByRole('group')).toHaveText([/^Snow/, /^Visibility/, /^Wind/]);
    await form.getByRole('group', { name: 'Snow' }).getByText('Powder', { exact: true }).click();
    await form.getByRole('group', { name: 'Visibility' }).getByText('Good', { exact: true }).click();
    await form.getByRole('group', { name: 'Wind' }).getByText('No wind', { exact: true }).click();
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document');
    await form.getByRole('button', { name: 'Send report' }).click();
    expect((await answer).status(), 'the form is answered with a redirect (303)').toBe(303);
    await expect(page).toHaveURL(new RegExp(`/discipline/snowboarding/places/${place.id}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Thanks! Your report is up.' }).first()).toBeVisible();
    await expect(page.getByTestId('condition-report')).toContainText('Snow: Powder · Visibility: Good · Wind: No wind');
  });
});
