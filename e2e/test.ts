import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

/**
 * Public pages arrive rendered by the server and answer clicks only once the app has taken them
 * over (web/components/shell/layout.tsx marks the document then). Every page of these tests waits
 * for that after loading an app page, as a person waits for a page to respond.
 */
const instrumented = new WeakSet<Page>();
// Without JavaScript nothing takes the page over: there is nothing to wait for.
const withoutScripts = new WeakSet<BrowserContext>();

function instrument(page: Page): Page {
  if (instrumented.has(page)) return page;
  instrumented.add(page);
  const waitForApp = async (response: Awaited<ReturnType<Page['goto']>>, options?: { waitUntil?: string }) => {
    if (withoutScripts.has(page.context())) return response;
    // `waitUntil: 'commit'` asks for the page as soon as it starts arriving: a test that acts before
    // the app has taken the page over (e2e/early-clicks.spec.ts) must not wait for it.
    if (options?.waitUntil === 'commit') return response;
    if (response?.headers()['content-type']?.startsWith('text/html')) await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => waitForApp(await goto(...args), args[1]);
  page.reload = async (...args) => waitForApp(await reload(...args), args[0]);
  return page;
}

function instrumentContext(context: BrowserContext): BrowserContext {
  context.on('page', instrument);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => instrument(await newPage());
  return context;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        if (args[0]?.javaScriptEnabled === false) withoutScripts.add(context);
        return instrumentContext(context);
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) withoutScripts.add(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    await use(instrument(page));
  },
});
