import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_RIDER } from './fixtures.ts';
import { expectToast, localInput, openDialog, signedInPage, uniqueTag } from './helpers.ts';

// Issue 20 item 3: an organiser picks a closed spot for an event; it is saved, and the toast and the
// event page warn them.
test('an organiser holds an event at a closed spot and is warned', async ({ browser }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const placeName = `Shut Reef ${tag}`;
  const eventName = `Reef Jam ${tag}`;

  // The fixture admin adds the spot (approved at once) and marks it closed, through the API.
  const admin = await browser.newContext();
  const login = await admin.request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const created = await admin.request.post('/api/disciplines/surfing/places', {
    data: { name: placeName, location: 'Somewhere', latitude: 43.4, longitude: -1.6 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const place = (await created.json()) as { id: string };
  expect((await admin.request.put(`/api/places/${place.id}/access`, { data: { status: 'closed' } })).ok()).toBe(true);

  const rider = await signedInPage(browser, E2E_RIDER);
  await rider.goto('/discipline/surfing/events');
  const dialog = rider.getByTestId('event-form-dialog');
  await openDialog(rider, 'add-event', dialog, 'Add Event');
  const start = new Date(Date.now() + 5 * 86_400_000);
  await dialog.getByLabel('Name').fill(eventName);
  await dialog.getByLabel('Description').fill('Dawn patrol.');
  await dialog.getByLabel('Location').fill('Biarritz');
  await dialog.getByLabel('Starts').fill(localInput(start));
  await dialog.getByLabel('Ends').fill(localInput(new Date(start.getTime() + 3_600_000)));
  await dialog.getByLabel('Find a spot').fill(tag);
  await expect(dialog.getByTestId('event-place').locator('option', { hasText: placeName })).toHaveCount(1);
  await dialog.getByTestId('event-place').selectOption({ label: placeName });
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expectToast(rider, 'Event added');
  await expectToast(rider, "This spot is closed on your event's dates");

  const list = await rider.request.get(`/api/disciplines/surfing/events?q=${encodeURIComponent(eventName)}`);
  const [event] = ((await list.json()) as { items: { id: string }[] }).items;
  await rider.goto(`/discipline/surfing/events/${event!.id}`);
  await expect(rider.getByTestId('event-place-link')).toHaveText(placeName);
  await expect(rider.getByTestId('event-place-warning')).toContainText('its stewards marked it closed');
});
