import sharp from 'sharp';
import { E2E_RIDER } from './fixtures.ts';
import { expectToast, signInThroughApi, uniqueTag } from './helpers.ts';
import { expect, test } from './test.ts';

// Issue 20, item 5: the author adds photos to a place; the gallery shows them, the lightbox opens
// on one, an arrow moves to the next and Escape closes it. (Limits, sizes, GPS: API tests.)

const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

test('the author adds photos to a place, one then two at once, and looks through them in the lightbox', async ({ browser }) => {
  const context = await browser.newContext();
  await signInThroughApi(context, E2E_RIDER);
  const name = `Photo Spot ${uniqueTag()}`;
  const made = await context.request.post('/api/disciplines/skateboarding/places', { data: { name, location: 'Lisbon', latitude: 38.72, longitude: -9.14 } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  const page = await context.newPage();
  await page.goto(`/discipline/skateboarding/places/${id}`);
  const form = page.getByTestId('photo-upload');
  await form.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'red.jpg', mimeType: 'image/jpeg', buffer: await picture(200, 30, 30) });
  await form.getByLabel('Description (alt text)').fill('Red bowl');
  await form.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Photo added.');
  // With scripts, several at once: sent one by one.
  await form.getByLabel('Photo', { exact: true }).setInputFiles([
    { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await picture(30, 30, 200) },
    { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await picture(30, 200, 30) },
  ]);
  await form.getByLabel('Description (alt text)').fill('Blue rail');
  await form.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, '2 photos added.');

  const gallery = page.getByTestId('photo-gallery');
  await expect(gallery.getByRole('img')).toHaveCount(3);
  await expect(gallery.getByRole('img').first()).toHaveAttribute('alt', 'Red bowl');
  await expect(gallery.getByRole('img').first()).toHaveAttribute('srcset', /400w, .*900w$/);

  await gallery.getByRole('link', { name: 'Open photo 1 of 3' }).click();
  const lightbox = page.getByTestId('photo-lightbox');
  await expect(lightbox.getByTestId('lightbox-photo')).toHaveAttribute('alt', 'Red bowl');
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByTestId('lightbox-photo')).toHaveAttribute('alt', 'Blue rail');
  await expect(lightbox).toContainText('2 of 3');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(gallery.getByRole('link', { name: 'Open photo 1 of 3' })).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the upload is a plain form: the server stores the photo and shows the page again with its message', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInThroughApi(context, E2E_RIDER);
    const made = await context.request.post('/api/disciplines/skateboarding/places', {
      data: { name: `Plain Photo Spot ${uniqueTag()}`, location: 'Porto', latitude: 41.15, longitude: -8.61 },
    });
    const { id } = (await made.json()) as { id: string };
    const page = await context.newPage();
    await page.goto(`/discipline/skateboarding/places/${id}`);
    const form = page.getByTestId('photo-upload');
    await form.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'ledge.jpg', mimeType: 'image/jpeg', buffer: await picture(20, 160, 40) });
    await form.getByLabel('Description (alt text)').fill('Green ledge');
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document');
    await form.getByRole('button', { name: 'Upload' }).click();
    expect((await answer).status(), 'the form is answered with a redirect (303)').toBe(303);
    await expect(page).toHaveURL(new RegExp(`/discipline/skateboarding/places/${id}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Photo added.' }).first()).toBeVisible();
    await expect(page.getByTestId('photo-gallery').getByRole('img')).toHaveAttribute('alt', 'Green ledge');
  });
});
