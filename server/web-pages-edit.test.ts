import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { testWebBuild } from '../scripts/test-web-build.ts';
import type { PageRequest, RenderedPage } from '../web/entry-server.tsx';
import { pageRendererOf } from './lib/web-pages.ts';
import { RELAXED_LIMITS, signUpVerified } from './test/test-app.ts';
import { useTestApp } from './test/use-test-app.ts';
import { readsFor } from './test/page-reads.ts';

// Issue 38, item 3: an item's page at `?edit=1` draws the section's edit form on the server, filled
// with the item's values and posting to its section's `edit-<section>`, reading only the data its route declared.

type RenderPage = (request: PageRequest) => Promise<RenderedPage>;

describe("an item's edit form, drawn by the server", () => {
  let renderPage: RenderPage;
  const t = useTestApp(async () => ({ ...RELAXED_LIMITS, webDist: await testWebBuild(), sampleContent: true }), { timeout: 240_000 });
  beforeAll(async () => {
    ({ renderPage } = (await import(pathToFileURL(pageRendererOf(await testWebBuild())).href)) as { renderPage: RenderPage });
  });

  const fetchFor = (cookie: string) => readsFor(t.app, cookie);
  const escaped = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

  test.each([
    ['places', 'places', 'name'],
    ['events', 'events', 'name'],
    ['tricks', 'tricktionary', 'name'],
    ['reviews', 'reviews', 'productName'],
    ['shops', 'shops', 'name'],
    ['articles', 'articles', 'title'],
  ])(
    '%s: the form with the item’s values, for an admin',
    async (section, kind, nameField) => {
      const admin = await signUpVerified(t);
      await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
      const list = JSON.parse((await t.app.inject({ method: 'GET', url: `/api/disciplines/surfing/${section}?page=1&limit=1` })).body) as {
        items: Record<string, string>[];
      };
      const item = list.items[0]!;
      const page = await renderPage({ url: `/discipline/surfing/${kind}/${item.id}?edit=1`, storedLanguage: 'en', read: fetchFor(admin.cookie) });
      expect(page.kind).toBe('page');
      if (page.kind !== 'page') return;
      expect(page.undeclared).toEqual([]);
      // The section's own edit action (common/content-basics.ts editItemAction).
      const form = new RegExp(`<form[^>]*action="/actions/edit-${section}"[^>]*>([\\s\\S]*?)</form>`).exec(page.html)?.[1] ?? '';
      expect(form).toContain(`name="id" value="${item.id}"`);
      // The name's input carries the stored name (React writes `name` before or after `value`).
      const input = new RegExp(`<input[^>]*name="${nameField}"[^>]*>`).exec(form)?.[0] ?? '';
      expect(input).toContain(`value="${escaped(item[nameField]!)}"`);
    },
    120_000,
  );
});
