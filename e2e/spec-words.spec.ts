import { expect, test, type Browser, type BrowserContext, type Page } from './test.ts';
import { E2E_FRIEND } from './fixtures.ts';
import { adminApi, createTeam, newMember, signInThroughApi, uniqueTag } from './helpers.ts';

/**
 * Issue 38, item 5: the spec's own words (../shared/spec.md §2's not-found and access messages and
 * §8's error catalogue) where a person meets them, with scripts and without. Without scripts a page
 * is loaded whole and a form is a plain POST answered with a flash message; with scripts a page is
 * loaded whole and also reached by the app's own navigation, and an action's words come as a toast.
 */

const NO_ID = '00000000-0000-4000-8000-000000000000';
const SECTIONS = ['articles', 'events', 'tricktionary', 'places', 'athletes', 'reviews', 'teams', 'shops'];
const DENIED = ['Access Denied', "You don't have permission to access the admin panel."];

/** §2: what a page says when what it shows is not there, or not for this person. */
const PAGES: { who: 'visitor' | 'member'; path: string; words: string[]; at?: RegExp }[] = [
  { who: 'visitor', path: '/discipline/no-such-sport', words: ['Discipline Not Found'] },
  ...SECTIONS.map((section) => ({ who: 'visitor' as const, path: `/discipline/no-such-sport/${section}`, words: ['Discipline not found'] })),
  { who: 'visitor', path: `/discipline/surfing/articles/${NO_ID}`, words: ['Content not found'] },
  { who: 'visitor', path: '/category/no-such-category', words: ['Category Not Found'] },
  { who: 'visitor', path: `/profile/${NO_ID}`, words: ['User Not Found'] },
  { who: 'visitor', path: `/team/${NO_ID}`, words: ['Team not found.'] },
  { who: 'visitor', path: '/admin', words: DENIED },
  { who: 'member', path: '/admin', words: DENIED },
  // The login page it leads to says why, and returns there.
  { who: 'visitor', path: '/profile', words: ['Please log in to view your profile.'], at: /\/login\?next=%2Fprofile/ },
];

async function contextFor(browser: Browser, javaScriptEnabled: boolean, who: 'visitor' | 'member'): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled });
  if (who === 'member') await signInThroughApi(context, E2E_FRIEND);
  return context;
}

async function expectWords(page: Page, words: string[]) {
  for (const text of words) await expect(page.getByRole('main').getByText(text, { exact: true }).first()).toBeVisible();
}

/** The words an action's answer brings: a flash message without scripts, a toast with them. */
async function expectTold(page: Page, scripts: boolean, words: string[]) {
  const where = scripts ? page.locator('[data-sonner-toast]') : page.getByRole('status');
  for (const text of words) await expect(where.filter({ hasText: text }).first()).toBeVisible();
}

/** The app's own navigation to `path` (as Back and Forward do): no new document is loaded. */
async function navigateInApp(page: Page, path: string) {
  let documents = 0;
  const count = (request: { resourceType(): string }) => void (request.resourceType() === 'document' && documents++);
  page.on('request', count);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.getByRole('main')).toBeVisible();
  return () => {
    page.off('request', count);
    expect(documents, `${path} was reached without loading a document`).toBe(0);
  };
}

for (const scripts of [false, true]) {
  const mode = scripts ? 'with scripts' : 'without scripts';

  test(`§2: each not-found and access message shows where the spec says, ${mode}`, async ({ browser }) => {
    for (const who of ['visitor', 'member'] as const) {
      const context = await contextFor(browser, scripts, who);
      const page = await context.newPage();
      for (const place of PAGES.filter((p) => p.who === who)) {
        await test.step(`${who} opens ${place.path}`, async () => {
          await page.goto(place.path);
          if (place.at) await expect(page).toHaveURL(place.at);
          await expectWords(page, place.words);
        });
      }
      if (scripts) {
        // The same places reached by the app's navigation from the home page, one after the other.
        await page.goto('/');
        for (const place of PAGES.filter((p) => p.who === who)) {
          await test.step(`${who} navigates to ${place.path}`, async () => {
            const noDocument = await navigateInApp(page, place.path);
            if (place.at) await expect(page).toHaveURL(place.at);
            await expectWords(page, place.words);
            noDocument();
          });
        }
      }
      await context.close();
    }
  });

  test(`§8: the account messages (sign in, sign up, log out), ${mode}`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: scripts });
    const page = await context.newPage();
    const account = { name: 'Sam Specwords', email: `sam-${uniqueTag()}@example.com`, password: 'spec words 2026' };

    await test.step('a password typed twice differently', async () => {
      await page.goto('/register');
      await page.getByLabel('Name').fill(account.name);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Confirm password').fill('something else');
      await page.getByRole('button', { name: 'Register' }).click();
      await expectTold(page, scripts, scripts ? ['Error', "Passwords don't match."] : ["Passwords don't match."]);
    });
    await test.step('a sign-up', async () => {
      await page.goto('/register');
      await page.getByLabel('Name').fill(account.name);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Confirm password').fill(account.password);
      await page.getByRole('button', { name: 'Register' }).click();
      await expectTold(page, scripts, ['Success!', 'Please check your email to verify your account.']);
    });
    await test.step('a wrong password', async () => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(E2E_FRIEND.email);
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expectTold(page, scripts, ['Sign in Failed']);
    });
    await test.step('a login', async () => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(E2E_FRIEND.email);
      await page.getByLabel('Password', { exact: true }).fill(E2E_FRIEND.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expectTold(page, scripts, ['Welcome back!', "You've successfully logged in."]);
    });
    await test.step('a logout', async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).first().click();
      await expectTold(page, scripts, ['Logged out successfully', 'See you next time!']);
    });
    await context.close();
  });

  test(`§8: follow, teams and contact messages, ${mode}`, async ({ browser }) => {
    const team = await createTeam(await adminApi(browser), 'surfing', `Spec Words Crew ${uniqueTag()}`, false);
    const visitor = await (await browser.newContext({ javaScriptEnabled: scripts })).newPage();
    const memberContext = await browser.newContext({ javaScriptEnabled: scripts });
    await newMember(memberContext.request, 'Mo Member');
    const member = await memberContext.newPage();

    // §6 and §8: a visitor is told why; a join pressed after the session ended (a visitor sees no Join
    // button, §4) is told it needs a login, with and without scripts alike.
    const endSession = async () => expect((await memberContext.request.post('/api/auth/sign-out', { data: {} })).ok()).toBe(true);
    const steps: {
      name: string;
      page: Page;
      path: string;
      press: string | RegExp;
      words: string[];
      at?: RegExp;
      before?: () => Promise<void>;
      fill?: Record<string, string>;
      confirm?: boolean;
    }[] = [
      {
        name: 'a visitor follows',
        page: visitor,
        path: '/discipline/surfing',
        press: 'Follow',
        words: ['Login Required', 'You must be logged in to follow disciplines.'],
        at: /\/login/,
      },
      { name: 'a member follows', page: member, path: '/discipline/surfing', press: 'Follow', words: ['Following Surfing!'] },
      { name: 'a member unfollows', page: member, path: '/discipline/surfing', press: 'Following', words: ['Unfollowed Surfing'] },
      {
        name: 'a member joins a team',
        page: member,
        path: `/team/${team.id}`,
        press: 'Join Team',
        words: ['Welcome to the team!', 'You have successfully joined.'],
      },
      { name: 'a member leaves it', page: member, path: `/team/${team.id}`, press: 'Leave Team', words: ['You have left the team.'], confirm: true },
      {
        name: 'a member saves their profile',
        page: member,
        path: '/profile?edit=1',
        fill: { Bio: 'Spec words rider.' },
        press: /^Save$/,
        words: ['Profile saved!'],
      },
      {
        name: 'a join after the session ended',
        page: member,
        path: `/team/${team.id}`,
        press: 'Join Team',
        words: ['Authentication required', 'You must be logged in to join a team.'],
        before: endSession,
      },
    ];
    for (const step of steps) {
      await test.step(step.name, async () => {
        await step.page.goto(step.path);
        await step.before?.();
        for (const [label, value] of Object.entries(step.fill ?? {})) await step.page.getByRole('main').getByLabel(label).fill(value);
        await step.page.getByRole('main').getByRole('button', { name: step.press }).first().click();
        // With scripts leaving asks first, in a dialog.
        if (step.confirm && scripts) await step.page.getByRole('alertdialog').getByRole('button', { name: step.press }).click();
        if (step.at && !scripts) await expect(step.page).toHaveURL(step.at);
        await expectTold(step.page, scripts, step.words);
      });
    }
    await test.step('a message sent from the contact page', async () => {
      await visitor.goto('/contact');
      const main = visitor.getByRole('main');
      await main.getByLabel('Name').fill('Sam Specwords');
      await main.getByLabel('Email').fill('sam@example.com');
      await main.getByLabel('Subject').fill('Hello');
      await main.getByLabel('Message').fill('The words of the spec, where a person meets them.');
      await main.getByRole('button', { name: 'Send Message' }).click();
      await expectTold(visitor, scripts, ['Message Sent!']);
    });
  });
}
