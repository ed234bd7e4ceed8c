import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_FRIEND, E2E_RIDER } from './fixtures.ts';
import { expectToast, localInput, openDialog, signedInPage } from './helpers.ts';

// Fixture accounts only: sign-ups are rate limited and the suite shares one server.
test('the admin creates an event with one place; the rider takes it, the friend waits and moves up when the rider leaves', async ({ browser }) => {
  // Four sessions and a web build share a small machine.
  test.setTimeout(120_000);
  const eventName = `Sunset Jam ${Date.now().toString(36)}`;
  const start = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  start.setHours(17, 0, 0, 0);
  const end = new Date(start.getTime() + 3 * 3600 * 1000);

  // The admin adds it through the form: approved at once.
  const admin = await signedInPage(browser, E2E_ADMIN);
  await admin.goto('/discipline/surfing/events');
  await expect(admin).toHaveTitle('Events - Surfing - Stoked');
  const dialog = admin.getByTestId('event-form-dialog');
  await openDialog(admin, 'add-event', dialog, 'Add Event');
  await dialog.getByLabel('Name').fill(eventName);
  await dialog.getByLabel('Description').fill('Evening session and barbecue on the beach.');
  await dialog.getByLabel('Location').fill('Waikiki, Hawaii');
  await dialog.getByLabel('Type').selectOption('Meetup');
  // An end before the start is refused next to the field, and the form keeps what was typed.
  await dialog.getByLabel('Starts').fill(localInput(start));
  await dialog.getByLabel('Ends').fill(localInput(new Date(start.getTime() - 3600 * 1000)));
  await dialog.getByLabel('Max attendees (optional)').fill('1');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByText('The end must not be before the start.')).toBeVisible();
  await dialog.getByLabel('Ends').fill(localInput(end));
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expectToast(admin, 'Event added');
  await expect(dialog).toBeHidden();
  await admin.getByTestId('events-search').fill(eventName);
  const adminCard = admin.getByTestId('event-card').filter({ hasText: eventName });
  await expect(adminCard).toHaveCount(1);
  await expect(adminCard).toContainText('Meetup');
  await expect(adminCard).toContainText('Free');
  await expect(adminCard).toContainText('0 / 1 attending');
  await expect(adminCard.getByRole('button', { name: 'Join Event' })).toBeVisible();

  // The calendar places it on its day, linking to its page.
  const month = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}`;
  await admin.goto(`/discipline/surfing/events?view=calendar&month=${month}&q=${encodeURIComponent(eventName)}`);
  const day = admin.locator(`[data-testid="calendar-day"][data-day="${month}-${String(start.getDate()).padStart(2, '0')}"]`);
  await day.getByRole('link', { name: eventName }).click();
  await expect(admin).toHaveTitle(`${eventName} - Stoked`);
  const eventUrl = admin.url();
  await expect(admin.getByTestId('event-organizer')).toHaveText(E2E_ADMIN.name);

  // A visitor asked to RSVP is sent to log in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(eventUrl);
  await visitor.getByRole('button', { name: 'Join Event' }).click();
  await expectToast(visitor, 'Login Required');
  await expect(visitor).toHaveURL(/\/login$/);

  // The rider takes the only place.
  const rider = await signedInPage(browser, E2E_RIDER);
  await rider.goto(eventUrl);
  await rider.getByRole('button', { name: 'Join Event' }).click();
  await expectToast(rider, "You're going!");
  await expect(rider.getByRole('button', { name: 'Leave Event' })).toBeVisible();
  await expect(rider.getByTestId('event-attendance')).toHaveText('1 / 1 attending');
  await expect(rider.getByTestId('event-attendees').getByRole('link', { name: E2E_RIDER.name })).toBeVisible();

  // The friend finds it full and joins the waiting list from the list page.
  const friend = await signedInPage(browser, E2E_FRIEND);
  await friend.goto(`/discipline/surfing/events?q=${encodeURIComponent(eventName)}`);
  const friendCard = friend.getByTestId('event-card').filter({ hasText: eventName });
  await expect(friendCard).toContainText('1 / 1 attending');
  await friendCard.getByRole('button', { name: 'Join Waitlist' }).click();
  await expectToast(friend, "You're on the waitlist");
  await expect(friendCard.getByRole('button', { name: 'Leave Waitlist (#1)' })).toBeVisible();

  // The rider leaves; the friend moves up.
  await rider.getByRole('button', { name: 'Leave Event' }).click();
  await expectToast(rider, 'You left the event');
  await expect(rider.getByRole('button', { name: 'Join Waitlist' })).toBeVisible();

  await friend.goto(eventUrl);
  await expect(friend.getByRole('button', { name: 'Leave Event' })).toBeVisible();
  await expect(friend.getByText("You're going", { exact: true })).toBeVisible();
  await expect(friend.getByTestId('event-attendance')).toHaveText('1 / 1 attending');
  await expect(friend.getByTestId('event-attendees').getByRole('link', { name: E2E_FRIEND.name })).toBeVisible();
});
