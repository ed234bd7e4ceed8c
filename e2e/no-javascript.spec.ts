import { expect, test, type Locator, type Page } from './test.ts';
import { adminApi, createEvent, createPlace, createTeam, expectFlash, newMember, signInThroughApi, submit, uniqueTag } from './helpers.ts';

/**
 * Issue 17: every control works as plain HTML, before or without JavaScript. Links and GET forms
 * navigate, search, filter, switch views and page; actions are POST forms that the server answers
 * with a 303 back to a page showing a flash message, the toast's English text, in a status region.
 *
 * Each test makes its own content (through the admin API) and its own member (through the API),
 * with unique names, so it can run again on the shared e2e database.
 */
// A control that is not there fails in seconds, not at the test's timeout.
test.use({ javaScriptEnabled: false, actionTimeout: 10_000 });

/** A view toggle or page link: a link, or a button of a GET form. */
function control(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('link', { name, exact: true }).or(scope.getByRole('button', { name, exact: true }));
}

test.describe('a visitor without JavaScript', () => {
  test('browses from the home page through a category and a discipline to a place', async ({ browser, page }) => {
    // A person opens the home page, picks a category in the footer, a discipline, its places, then a place.
    const name = `Roller Plaza ${uniqueTag()}`;
    const place = await createPlace(await adminApi(browser), 'rollerblading', name);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stoked' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Urban', exact: true }).click();
    await expect(page).toHaveURL(/\/category\/urban$/);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Rollerblading/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rollerblading' })).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Places/ })
      .click();
    await expect(page).toHaveURL(/\/discipline\/rollerblading\/places$/);
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/discipline/rollerblading/places/${place.id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a refused form comes back with what was typed, and the error beside its field; never a password', async ({ page }) => {
    // Issue 38, item 2: the sign-up refused (two passwords that differ) and the contact form refused (an address that is none).
    const email = `kept-${uniqueTag()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Name').fill('Kept Rider');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long enough one');
    await page.getByLabel('Confirm password').fill('another long one');
    await submit(page, page.getByRole('button', { name: 'Register' }));
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel('Name')).toHaveValue('Kept Rider');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription("Passwords don't match.");

    await page.goto('/contact');
    const message = `A long question about the park, typed once ${uniqueTag()}.`;
    await page.getByLabel('Name').fill('Kept Rider');
    await page.getByLabel('Email').fill('not an address');
    await page.getByLabel('Subject').fill('Opening hours');
    await page.getByLabel('Message').fill(message);
    await submit(page, page.getByRole('button', { name: 'Send Message' }));
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel('Message')).toHaveValue(message);
    await expect(page.getByLabel('Subject')).toHaveValue('Opening hours');
    await expect(page.getByLabel('Email')).toHaveValue('not an address');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/valid email/i);
  });

  test("opens the header's Disciplines menu and picks a category", async ({ page }) => {
    // A person uses the header's Disciplines menu (a link or a disclosure that needs no script).
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByText(/^Disciplines/)
      .click();
    await page.getByRole('banner').or(page.getByRole('main')).getByRole('link', { name: 'Urban', exact: true }).first().click();
    await expect(page).toHaveURL(/\/category\/urban$/);
    await expect(page.getByRole('main').getByRole('link', { name: /Skateboarding/ })).toBeVisible();
  });

  test("switches the language in the header's menu, and the next page keeps it", async ({ page }) => {
    // A person opens the language button (a disclosure), picks French: the same page comes back in French.
    await page.goto('/discipline/surfing?lang=de');
    const header = page.getByRole('banner');
    await header.getByTestId('language-selector').click();
    await submit(page, header.getByRole('button', { name: 'Français', exact: true }));
    await expect(page).toHaveURL(/\/discipline\/surfing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(header.getByTestId('language-selector')).toContainText('Français');
    // The choice is kept (a cookie): the next page is in French too.
    await page.goto('/teams');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test("on a phone, opens the header's menu and goes to the teams, then picks a category", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByLabel('Open menu').click();
    await header.getByRole('link', { name: 'Teams', exact: true }).click();
    await expect(page).toHaveURL(/\/teams$/);
    await header.getByLabel('Open menu').click();
    await header.getByRole('link', { name: 'Urban', exact: true }).click();
    await expect(page).toHaveURL(/\/category\/urban$/);
  });

  test('searches a section list by typing and pressing Enter', async ({ browser, page }) => {
    // A person types words in the places search box and presses Enter; the server lists the matches.
    const tag = uniqueTag();
    const admin = await adminApi(browser);
    await createPlace(admin, 'parkour', `Ledge ${tag} North`);
    await createPlace(admin, 'parkour', `Ledge ${tag} South`);
    await page.goto('/discipline/parkour/places');
    const search = page.getByRole('searchbox', { name: 'Search places' });
    await search.fill(`${tag} North`);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(\\+|%20)North`));
    await expect(page.getByTestId('place-card')).toHaveText([new RegExp(`Ledge ${tag} North`)]);
    await expect(page.getByRole('searchbox', { name: 'Search places' })).toHaveValue(`${tag} North`);
    await expect(page.getByText('1 place', { exact: true })).toBeVisible();

    // A search that finds nothing says so.
    await page.getByRole('searchbox', { name: 'Search places' }).fill(`${tag} nowhere`);
    await page.getByRole('searchbox', { name: 'Search places' }).press('Enter');
    await expect(page.getByTestId('places-empty')).toContainText('No places match your search');
  });

  test('filters events by type and switches to past events', async ({ browser, page }) => {
    // A person searches the events, picks a type and submits the search form, then asks for past events.
    const tag = uniqueTag();
    const admin = await adminApi(browser);
    await createEvent(admin, 'canyoning', `${tag} Meetup`, { type: 'Meetup', inDays: 5 });
    await createEvent(admin, 'canyoning', `${tag} Contest`, { type: 'Competition', inDays: 9 });
    await createEvent(admin, 'canyoning', `${tag} Old Contest`, { type: 'Competition', inDays: -10 });
    await page.goto('/discipline/canyoning/events');
    const form = page.getByRole('search');
    await form.getByRole('searchbox', { name: 'Search events' }).fill(tag);
    await form.getByLabel('Event type').selectOption('Competition');
    await form.getByRole('button', { name: /^(Search|Apply|Filter)/ }).click();
    await expect(page).toHaveURL(/[?&]type=Competition/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(page.getByTestId('event-card')).toHaveText([new RegExp(`${tag} Contest`)]);
    await expect(page.getByLabel('Event type')).toHaveValue('Competition');

    // 'Past' keeps the search and the type.
    await control(page.getByRole('group', { name: 'Upcoming or past events' }), 'Past').click();
    await expect(page).toHaveURL(/[?&]when=past/);
    await expect(page).toHaveURL(/[?&]type=Competition/);
    await expect(page.getByTestId('event-card')).toHaveText([new RegExp(`${tag} Old Contest`)]);
    await control(page.getByRole('group', { name: 'Upcoming or past events' }), 'Upcoming').click();
    await expect(page).not.toHaveURL(/when=past/);
    await expect(page.getByTestId('event-card')).toHaveText([new RegExp(`${tag} Contest`)]);
  });

  test('switches places between grid and map; the map without scripts is a list with a note', async ({ browser, page }) => {
    // A person picks 'Map' above a searched list of places, reads them as a list, then goes back to 'Grid'.
    const tag = uniqueTag();
    const admin = await adminApi(browser);
    await createPlace(admin, 'mountainbiking', `Trail ${tag} Top`);
    await createPlace(admin, 'mountainbiking', `Trail ${tag} Bottom`);
    await page.goto(`/discipline/mountainbiking/places?q=${tag}`);
    await expect(page.getByTestId('place-card')).toHaveCount(2);
    const views = page.getByRole('group', { name: 'View' });
    await control(views, 'Map').click();
    await expect(page).toHaveURL(/[?&]view=map/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: `Trail ${tag} Top`, exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: `Trail ${tag} Bottom`, exact: true })).toBeVisible();
    await expect(main.getByText(/JavaScript/)).toBeVisible();
    await control(page.getByRole('group', { name: 'View' }), 'Grid').click();
    await expect(page).not.toHaveURL(/view=map/);
    await expect(page.getByTestId('place-card')).toHaveCount(2);
  });

  test('pages through a long list', async ({ browser, page }) => {
    // A person searches a list longer than one page (12 cards) and asks for more.
    const tag = uniqueTag();
    const admin = await adminApi(browser);
    for (let i = 1; i <= 13; i++) await createPlace(admin, 'parkour', `Wall ${tag} ${String(i).padStart(2, '0')}`);
    await page.goto(`/discipline/parkour/places?q=${encodeURIComponent(`Wall ${tag}`)}`);
    await expect(page.getByText('13 places', { exact: true })).toBeVisible();
    await expect(page.getByTestId('place-card')).toHaveCount(12);
    // Newest first: the first one made is on the next page.
    await expect(page.getByRole('link', { name: `Wall ${tag} 01` })).toHaveCount(0);
    await control(page, 'Load More').click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole('link', { name: `Wall ${tag} 01`, exact: true })).toBeVisible();
    await expect(control(page, 'Load More')).toHaveCount(0);
  });
});

test.describe('a member without JavaScript', () => {
  test('logs in through the form, sees it in the header, and logs out', async ({ page, request }) => {
    // A person opens Login from the header, gets the password wrong once, logs in, then logs out.
    const member = await newMember(request, 'Lou Login');
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await submit(page, page.getByRole('button', { name: 'Login' }));
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Sign in Failed')).toBeVisible();

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await submit(page, page.getByRole('button', { name: 'Login' }));
    await expect(page).toHaveURL(/\/$/);
    await expectFlash(page, 'Welcome back!');
    await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { email: string } | null };
    expect(me.user?.email).toBe(member.email);
    // A flash message is shown once.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();

    await submit(page, header.getByRole('button', { name: 'Logout' }));
    await expectFlash(page, 'Logged out successfully');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    expect(((await (await page.request.get('/api/me')).json()) as { user: unknown }).user).toBeNull();
  });

  // The member tests below sign in through the API, so that each shows its own action's state.

  test("opens the notifications page from the header's bell", async ({ page, request }) => {
    const member = await newMember(request, 'Nel Notified');
    await signInThroughApi(page.context(), member);
    await page.goto('/teams');
    await page.getByRole('banner').getByTestId('notification-bell').click();
    await expect(page).toHaveURL(/\/notifications\??$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  });

  test('follows a discipline', async ({ page, request }) => {
    // Signed in, a person opens a discipline and presses Follow; the page comes back saying so.
    const member = await newMember(request, 'Fay Follow');
    await signInThroughApi(page.context(), member);
    await page.goto('/discipline/canyoning');
    const follow = page.getByTestId('follow-button');
    await expect(follow).toHaveText('Follow');
    const members = Number(await page.getByTestId('hub-members').innerText());
    await submit(page, follow);
    await expect(page).toHaveURL(/\/discipline\/canyoning$/);
    await expectFlash(page, 'Following Canyoning!');
    await expect(page.getByTestId('follow-button')).toHaveText(/Following/);
    await expect(page.getByTestId('hub-members')).toHaveText(String(members + 1));
    await page.reload();
    await expect(page.getByTestId('follow-button')).toHaveText(/Following/);
    const hub = (await (await page.request.get('/api/disciplines/canyoning')).json()) as { following: boolean };
    expect(hub.following).toBe(true);

    // Pressed again, it unfollows.
    await submit(page, page.getByTestId('follow-button'));
    await expectFlash(page, 'Unfollowed Canyoning');
    await expect(page.getByTestId('follow-button')).toHaveText('Follow');
  });

  test('joins a public team and asks to join a private one', async ({ browser, page, request }) => {
    // A person opens a public team and presses Join Team, then a private team and presses Request to Join.
    const tag = uniqueTag();
    const admin = await adminApi(browser);
    const open = await createTeam(admin, 'canyoning', `Open Crew ${tag}`, false);
    const closed = await createTeam(admin, 'canyoning', `Closed Crew ${tag}`, true);
    const member = await newMember(request, 'Jo Joiner');
    await signInThroughApi(page.context(), member);

    await page.goto(`/team/${open.id}`);
    await expect(page.getByTestId('team-member-count')).toHaveText('1');
    await submit(page, page.getByRole('button', { name: 'Join Team' }));
    await expect(page).toHaveURL(new RegExp(`/team/${open.id}$`));
    await expectFlash(page, 'Welcome to the team!');
    await expect(page.getByRole('button', { name: 'Leave Team' })).toBeVisible();
    await expect(page.getByTestId('team-member-count')).toHaveText('2');
    await expect(page.getByTestId('team-members')).toContainText(member.name);
    expect(((await (await page.request.get(`/api/teams/${open.id}`)).json()) as { myRole: string | null }).myRole).toBe('member');

    await page.goto(`/team/${closed.id}`);
    await submit(page, page.getByRole('button', { name: 'Request to Join' }));
    await expect(page).toHaveURL(new RegExp(`/team/${closed.id}$`));
    await expectFlash(page, 'Request sent');
    await expect(page.getByTestId('request-pending')).toContainText('The team leader will review your request.');
    await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
    expect(((await (await page.request.get(`/api/teams/${closed.id}`)).json()) as { myRequest: string | null }).myRequest).toBe('pending');
  });

  test('RSVPs to an event', async ({ browser, page, request }) => {
    // A person opens an event and presses Join Event; the page says they are going.
    const name = `Canyon Day ${uniqueTag()}`;
    const event = await createEvent(await adminApi(browser), 'canyoning', name);
    const member = await newMember(request, 'Rae Rsvp');
    await signInThroughApi(page.context(), member);
    await page.goto(`/discipline/canyoning/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await submit(page, page.getByRole('button', { name: 'Join Event' }));
    await expect(page).toHaveURL(new RegExp(`/discipline/canyoning/events/${event.id}$`));
    await expectFlash(page, "You're going!");
    await expect(page.getByText("You're going", { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Leave Event' })).toBeVisible();
    await expect(page.getByTestId('event-attendance')).toHaveText('1 attending');
    await expect(page.getByTestId('event-attendees').getByRole('link', { name: member.name })).toBeVisible();
    expect(((await (await page.request.get(`/api/events/${event.id}`)).json()) as { myRsvp: string | null }).myRsvp).toBe('going');
  });

  test('likes a place and comments on it', async ({ browser, page, request }) => {
    // A person opens a place, presses its like button, then writes a comment and posts it.
    const name = `Bike Park ${uniqueTag()}`;
    const place = await createPlace(await adminApi(browser), 'mountainbiking', name, 'Whistler, Canada');
    const member = await newMember(request, 'Lee Liker');
    await signInThroughApi(page.context(), member);
    const url = `/discipline/mountainbiking/places/${place.id}`;
    await page.goto(url);
    await expect(page.getByTestId('like-count')).toHaveText('0');
    await submit(page, page.getByRole('button', { name: `Like ${name}` }));
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole('button', { name: `Unlike ${name}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('like-count')).toHaveText('1');
    const item = (await (await page.request.get(`/api/places/${place.id}`)).json()) as { reactions: { liked: boolean; likes: number } };
    expect(item.reactions).toMatchObject({ liked: true, likes: 1 });

    const text = `Steep and fast, brakes checked ${uniqueTag()}`;
    await page.getByLabel('Your comment').fill(text);
    await submit(page, page.getByRole('button', { name: 'Post Comment' }));
    await expect(page).toHaveURL(new RegExp(`${url}(#.*)?$`));
    await expectFlash(page, 'Comment posted');
    await expect(page.getByTestId('comment').filter({ hasText: text })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('comment').filter({ hasText: text })).toContainText(member.name);
    const comments = (await (await page.request.get(`/api/content/place/${place.id}/comments`)).json()) as { items: { body: string }[] };
    expect(comments.items.map((c) => c.body)).toContain(text);
  });
});
