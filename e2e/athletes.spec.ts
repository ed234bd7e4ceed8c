import { expect, test } from './test.ts';
import { E2E_FRIEND, fixtureId } from './fixtures.ts';
import { expectToast, logIn } from './helpers.ts';

// A fixture account (sign-up is rate-limited) and a discipline no other spec counts members of.
test('a follower of a discipline is listed among its athletes, and the search narrows the list', async ({ page }) => {
  await logIn(page, E2E_FRIEND.email, E2E_FRIEND.password);
  await expectToast(page, 'Welcome back!');

  await page.goto('/discipline/skateboarding');
  const follow = page.getByTestId('follow-button');
  await expect(follow).toBeVisible();
  if ((await follow.getAttribute('aria-pressed')) !== 'true') {
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
  }

  // The level is set on the own profile and shown on the card.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await page.getByLabel('Athlete level').selectOption({ label: 'Professional' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile saved!');
  await expect(page.getByTestId('athlete-level').first()).toHaveText('Professional');

  await page.goto('/discipline/skateboarding/athletes');
  await expect(page).toHaveTitle('Athletes - Skateboarding - Stoked');
  const cards = page.getByTestId('athlete-card');
  const card = cards.filter({ hasText: E2E_FRIEND.name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: E2E_FRIEND.name })).toHaveAttribute('href', `/profile/${fixtureId(E2E_FRIEND)}`);
  await expect(card.getByTestId('athlete-level')).toHaveText('Professional');

  await page.getByLabel('Level').selectOption('amateur');
  await expect(page.getByTestId('athletes-empty')).toBeVisible();
  await page.getByLabel('Level').selectOption('professional');
  await expect(card).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search athletes' });
  await search.fill('fran fri');
  await expect(page).toHaveURL(/[?&]q=fran\+fri/);
  await expect(cards).toHaveCount(1);
  await expect(card).toBeVisible();
  await search.fill('nobody-rides-like-this');
  await expect(page.getByTestId('athletes-empty')).toContainText('No athletes match your search');

  await page.goto('/discipline/lava-surfing/athletes');
  await expect(page.getByText('Discipline not found')).toBeVisible();
});
