import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, test } from './test.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { expectToast, localInput, openDialog, signedInPage, uniqueTag } from './helpers.ts';

// Issue 21, item 5: an organiser makes a weekly series in the event dialog, adds all its dates to a
// calendar, changes it from its second date on, and deletes that date and the later ones.

test('a weekly series: made in the dialog, added to a calendar whole, changed and shortened from its second date', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `Tuesday Ride ${uniqueTag()}`;
  const start = new Date(Date.now() + 2 * 24 * 3600 * 1000);
  start.setHours(18, 0, 0, 0);
  const page = await signedInPage(browser, E2E_ADMIN);
  await page.goto('/discipline/surfing/events');
  const dialog = page.getByTestId('event-form-dialog');
  await openDialog(page, 'add-event', dialog, 'Add Event');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Dawn patrol, every week.');
  await dialog.getByLabel('Location').fill('Hossegor');
  await dialog.getByLabel('Starts').fill(localInput(start));
  await dialog.getByLabel('Ends').fill(localInput(new Date(start.getTime() + 2 * 3600 * 1000)));
  await dialog.getByLabel('Repeats').selectOption({ label: 'Every week' });
  await dialog.getByLabel('Number of dates').fill('3');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expectToast(page, 'Event added');

  await page.getByTestId('events-search').fill(name);
  const cards = page.getByTestId('event-card').filter({ hasText: name });
  await expect(cards).toHaveCount(3);
  await cards.nth(1).getByRole('link', { name }).first().click();
  await expect(page).toHaveTitle(`${name} - Stoked`);
  await expect(page.getByTestId('event-series')).toHaveText('Every week · Date 2 of 3');

  // All its dates, as one event a calendar app repeats.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add all dates' }).click();
  const ics = await readFile((await (await download).path())!, 'utf8');
  const masters = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').filter((v) => !v.hasProperty('recurrence-id'));
  expect(masters).toHaveLength(1);
  expect(String(masters[0]!.getFirstPropertyValue('rrule'))).toMatch(/^FREQ=WEEKLY;COUNT=3;BYDAY=[A-Z]{2}$/);

  // From this date on: another beach.
  const second = page.url();
  await page.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Location').fill('Seignosse');
  await dialog.getByRole('radio', { name: 'This date and the later ones' }).check();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Event saved');
  await page.goto(`/discipline/surfing/events?q=${encodeURIComponent(name)}`);
  await expect(cards.nth(0)).toContainText('Hossegor');
  await expect(cards.nth(1)).toContainText('Seignosse');
  await expect(cards.nth(2)).toContainText('Seignosse');

  // This date and the later ones go; the first stays.
  await page.goto(second);
  await page.getByTestId('delete-following').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete this and later dates' }).click();
  await expectToast(page, 'Item deleted successfully!');
  await expect(page).toHaveURL(/\/discipline\/surfing\/events$/);
  await page.goto(`/discipline/surfing/events?q=${encodeURIComponent(name)}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Hossegor');
});
