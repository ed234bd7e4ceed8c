import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { adminApi, expectFlash, expectToast, signInThroughApi, submit, uniqueTag } from './helpers.ts';

/**
 * Issue 38, item 3: without JavaScript, an item of every section is edited (its page's `?edit=1`
 * form, a plain POST) and deleted (a disclosure holding the confirming form), and a date of a series
 * is edited and deleted with the choice of 'Only this date' or 'This date and the later ones'.
 * Each test makes its own items through the admin API, with unique names.
 */
test.use({ javaScriptEnabled: false, actionTimeout: 10_000 });

const DISCIPLINE = 'skateboarding';
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

type Section = {
  section: string;
  /** The list's path under the discipline. */
  list: string;
  /** The field holding the item's name, and the toast the app shows for a saved one. */
  nameField: string;
  saved: string;
  body: (name: string) => Record<string, unknown>;
};

const SECTIONS: Section[] = [
  {
    section: 'places',
    list: 'places',
    nameField: 'name',
    saved: 'Place saved!',
    body: (name) => ({ name, location: 'Barcelona, Spain', latitude: 41.38, longitude: 2.17 }),
  },
  {
    section: 'events',
    list: 'events',
    nameField: 'name',
    saved: 'Event saved',
    body: (name) => ({
      name,
      description: 'A session.',
      location: 'Barcelona',
      type: 'Meetup',
      price: 0,
      startDate: inDays(9).toISOString(),
      endDate: inDays(9.1).toISOString(),
    }),
  },
  {
    section: 'tricks',
    list: 'tricktionary',
    nameField: 'name',
    saved: 'Trick updated',
    body: (name) => ({ name, description: 'Pop and flick.', difficulty: 3, level: 'Beginner', steps: ['Pop', 'Flick'], tips: ['Look'] }),
  },
  {
    section: 'reviews',
    list: 'reviews',
    nameField: 'productName',
    saved: 'Review updated',
    body: (name) => ({
      productName: name,
      brand: 'Acme',
      category: 'Board',
      content: 'Solid deck for street and park.',
      rating: 4,
      overallScore: 8.5,
      price: 80,
      releaseDate: '2025-03-14',
      pros: ['Light'],
      cons: ['Pricey'],
    }),
  },
  {
    section: 'shops',
    list: 'shops',
    nameField: 'name',
    saved: 'Shop updated',
    body: (name) => ({ name, description: 'Decks and wheels.', location: 'Madrid', establishedYear: 2001, specialties: ['Decks'], brands: ['Acme'] }),
  },
  {
    section: 'articles',
    list: 'articles',
    nameField: 'title',
    saved: 'Article updated',
    body: (name) => ({ title: name, content: 'A **story** of the park.' }),
  },
];

async function create(api: APIRequestContext, section: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await api.post(`/api/disciplines/${DISCIPLINE}/${section}`, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

// Each section's own edit action (common/content-basics.ts editItemAction): `/actions/edit-<section>`.
const editForm = (page: Page) => page.locator('form[action^="/actions/edit-"]');

/** Opens the item's Edit link, changes `field` to `value`, saves. */
async function edit(page: Page, field: string, value: string, scope?: string) {
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\?edit=1$/);
  const form = editForm(page);
  await form.locator(`[name="${field}"]`).fill(value);
  if (scope) await form.getByRole('radio', { name: scope }).check();
  await submit(page, form.locator('button[type="submit"]'));
}

/** Opens the Delete disclosure, picks `scope` if given, and confirms. */
async function remove(page: Page, scope?: string) {
  const disclosure = page.getByTestId('delete-item');
  await disclosure.locator('summary').click();
  if (scope) await disclosure.getByRole('radio', { name: scope }).check();
  await submit(page, disclosure.getByRole('button', { name: 'Delete', exact: true }));
}

test.describe('an author without JavaScript', () => {
  for (const s of SECTIONS) {
    test(`edits and deletes an item of ${s.section}`, async ({ browser, page }) => {
      const name = `Plain ${s.section} ${uniqueTag()}`;
      const item = await create(await adminApi(browser), s.section, s.body(name));
      await signInThroughApi(page.context(), E2E_ADMIN);
      const itemPath = `/discipline/${DISCIPLINE}/${s.list}/${item.id}`;
      await page.goto(itemPath);

      // The form carries the item's current values; the new name is saved with the app's toast.
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(editForm(page).locator(`[name="${s.nameField}"]`)).toHaveValue(name);
      await page.goto(itemPath);
      const renamed = `${name} renamed`;
      await edit(page, s.nameField, renamed);
      await expect(page).toHaveURL(new RegExp(`${itemPath}$`));
      await expectFlash(page, s.saved);
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

      // A refusal comes back to the open form with the API's error, and saves nothing.
      await edit(page, s.nameField, '');
      await expect(page).toHaveURL(/\?edit=1$/);
      await expect(page.getByRole('status').first()).toBeVisible();
      await page.goto(itemPath);
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

      // Delete asks first, then leads to the section's list, where the item is gone.
      await remove(page);
      await expect(page).toHaveURL(new RegExp(`/discipline/${DISCIPLINE}/${s.list}$`));
      await expectFlash(page, 'Item deleted successfully!');
      expect((await page.request.get(`/api/${s.section}/${item.id}`)).status()).toBe(404);
    });
  }
});

test.describe('an organiser without JavaScript, on a date of a series', () => {
  /** A weekly series of four dates; its dates' ids in order. */
  async function series(api: APIRequestContext, name: string): Promise<string[]> {
    const first = inDays(20);
    const body = { ...SECTIONS[1]!.body(name), startDate: first.toISOString(), endDate: new Date(first.getTime() + 2 * 3600 * 1000).toISOString() };
    await create(api, 'events', { ...body, repeat: { frequency: 'weekly', count: 4, timeZone: 'UTC' } });
    const res = await api.get(`/api/disciplines/${DISCIPLINE}/events?q=${encodeURIComponent(name)}`);
    const items = ((await res.json()) as { items: { id: string; startDate: string }[] }).items;
    expect(items).toHaveLength(4);
    return items.sort((a, b) => a.startDate.localeCompare(b.startDate)).map((e) => e.id);
  }
  const locations = async (api: APIRequestContext, ids: string[]) =>
    Promise.all(
      ids.map(async (id) => {
        const res = await api.get(`/api/events/${id}`);
        return res.status() === 200 ? ((await res.json()) as { location: string }).location : res.status();
      }),
    );

  test("edits 'only this date', then 'this date and the later ones'; deletes each way", async ({ browser, page }) => {
    test.setTimeout(90_000);
    const api = await adminApi(browser);
    const ids = await series(api, `Plain series ${uniqueTag()}`);
    await signInThroughApi(page.context(), E2E_ADMIN);
    const at = (id: string) => `/discipline/${DISCIPLINE}/events/${id}`;

    await page.goto(at(ids[1]!));
    await edit(page, 'location', 'Madrid', 'Only this date');
    await expectFlash(page, 'Event saved');
    expect(await locations(api, ids)).toEqual(['Barcelona', 'Madrid', 'Barcelona', 'Barcelona']);

    await page.goto(at(ids[2]!));
    await edit(page, 'location', 'Valencia', 'This date and the later ones');
    await expectFlash(page, 'Event saved');
    expect(await locations(api, ids)).toEqual(['Barcelona', 'Madrid', 'Valencia', 'Valencia']);

    await page.goto(at(ids[0]!));
    await remove(page, 'Only this date');
    await expectFlash(page, 'Item deleted successfully!');
    expect(await locations(api, ids)).toEqual([404, 'Madrid', 'Valencia', 'Valencia']);

    await page.goto(at(ids[2]!));
    await remove(page, 'This date and the later ones');
    await expectFlash(page, 'Item deleted successfully!');
    expect(await locations(api, ids)).toEqual([404, 'Madrid', 404, 404]);
  });
});

test.describe('the same page with scripts', () => {
  test.use({ javaScriptEnabled: true });

  test('an address with ?edit=1 opens the form on the page, which saves in place with the toast', async ({ browser, page }) => {
    const name = `Scripted shop ${uniqueTag()}`;
    const item = await create(await adminApi(browser), 'shops', SECTIONS[4]!.body(name));
    await signInThroughApi(page.context(), E2E_ADMIN);
    const itemPath = `/discipline/${DISCIPLINE}/shops/${item.id}`;
    await page.goto(`${itemPath}?edit=1`);
    // Taken over by the app: Delete is the app's button by then.
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible({ timeout: 30_000 });
    await editForm(page).getByLabel('Name').fill(`${name} saved`);
    await editForm(page).getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Shop updated');
    await expect(page).toHaveURL(new RegExp(`${itemPath}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${name} saved` })).toBeVisible();
  });
});
