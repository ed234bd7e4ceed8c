import sharp from 'sharp';
import { expect, test } from './test.ts';
import { adminApi, createPlace, expectToast, newMember, riderAtPlace, uniqueTag } from './helpers.ts';

// Issue 20, items 1 and 5: a rider logs a session now at a surf spot with a trick landed and a photo;
// it shows in the place's "Out now" with its thumbnail, which opens in the lightbox, and the trick is
// landed in their progression. (Every rule: API tests.)
test('a rider logs a session now with a landed trick and a photo: out now with its thumbnail, and the trick is landed', async ({ browser }) => {
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

  const { context, account, page: rider, section } = await riderAtPlace(browser, `Sessioner ${tag}`, place.id);

  const form = section.getByTestId('session-form');
  await form.getByRole('group', { name: 'Tricks landed' }).getByText(trickName, { exact: true }).click();
  await form.getByLabel('Note').fill('Glassy lefts');
  const wave = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await form.getByLabel('Photo (optional)').setInputFiles({ name: 'wave.png', mimeType: 'image/png', buffer: wave });
  await form.getByRole('button', { name: 'Log session' }).click();
  await expectToast(rider, 'Session logged');
  const item = section.getByTestId('sessions-out-now').getByTestId('session-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(account.name);
  await expect(item).toContainText('Glassy lefts');
  await expect(item.getByRole('link', { name: trickName })).toBeVisible();

  // Its photo: a thumbnail that opens the lightbox.
  await item.getByRole('link', { name: 'Open photo 1 of 1' }).click();
  const lightbox = rider.getByTestId('photo-lightbox');
  await expect(lightbox.getByTestId('lightbox-photo')).toHaveAttribute('alt', `${account.name}’s session at Session Point ${tag}`);
  await lightbox.getByRole('button', { name: 'Close' }).click();
  await expect(lightbox).toBeHidden();

  // The trick's page shows it landed.
  await item.getByRole('link', { name: trickName }).click();
  await expect(rider).toHaveURL(new RegExp(`/discipline/surfing/tricktionary/${trick.id}$`));
  await expect(rider.getByRole('button', { name: 'Mark as landed' })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the session is logged with the plain form, which says photos come after; its author adds one with the session’s own form', async ({ browser }) => {
    const tag = uniqueTag();
    const place = await createPlace(await adminApi(browser), 'surfing', `Plain Session Point ${tag}`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    await newMember(context.request, `Plain Sessioner ${tag}`);
    const rider = await context.newPage();
    await rider.goto(`/discipline/surfing/places/${place.id}`);
    const form = rider.getByTestId('session-form');
    await expect(form).toContainText('You can add photos to your session once it is logged.');
    await expect(form.getByLabel('Photo (optional)')).toHaveCount(0);
    await form.getByRole('button', { name: 'Log session' }).click();
    const item = rider.getByTestId('sessions-out-now').getByTestId('session-item');
    await expect(item).toHaveCount(1);

    await item.getByTestId('session-add-photos').locator('summary').click();
    const upload = item.getByTestId('photo-upload');
    const wave = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 120, b: 20 } } })
      .png()
      .toBuffer();
    await upload.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: wave });
    await upload.getByLabel('Description (alt text)').fill('Orange sunset');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(rider).toHaveURL(new RegExp(`/discipline/surfing/places/${place.id}$`));
    await expect(rider.getByTestId('sessions-out-now').getByTestId('session-item').getByRole('img', { name: 'Orange sunset' })).toBeVisible();
    await context.close();
  });
});
