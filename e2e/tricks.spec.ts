import { expect, test } from './test.ts';
import { E2E_ADMIN, E2E_FRIEND } from './fixtures.ts';
import { expectToast, logIn } from './helpers.ts';

// The rider is E2E_FRIEND: profile.spec.ts deletes E2E_RIDER's account, and it runs before this file.
test('the admin documents a trick; a rider learns it step by step, lands it and finds it on their profile', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const trickName = `Hardflip ${Date.now().toString(36)}`;
  const steps = [
    'Back foot in the tail pocket',
    'Front foot behind the bolts',
    'Pop the tail straight down',
    'Flick the nose up and forward',
    'Catch it and land over the bolts',
  ];

  // The admin adds it through the API: approved at once.
  const admin = await browser.newContext();
  const origin = { origin: baseURL! };
  const login = await admin.request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: origin });
  expect(login.ok(), await login.text()).toBe(true);
  const created = await admin.request.post('/api/disciplines/skateboarding/tricks', {
    headers: origin,
    data: {
      name: trickName,
      description: 'A frontside pop shove-it and a kickflip at once, the board passing between your legs.',
      level: 'Advanced',
      difficulty: 8,
      steps,
      tips: ['Learn the frontside shove-it first'],
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const trick = (await created.json()) as { id: string; status: string };
  expect(trick.status).toBe('approved');

  const rider = await (await browser.newContext()).newPage();
  // The player is not needed here: no call leaves the test machine.
  await rider.route(/youtube-nocookie\.com/, (route) => route.abort());
  await logIn(rider, E2E_FRIEND.email, E2E_FRIEND.password);
  await expectToast(rider, 'Welcome back!');

  await rider.goto('/discipline/skateboarding/tricktionary');
  await expect(rider).toHaveTitle('Tricktionary - Skateboarding - Stoked');
  await rider.getByRole('searchbox', { name: 'Search tricks' }).fill(trickName);
  const card = rider.getByTestId('trick-card').filter({ hasText: trickName });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('trick-level')).toHaveText('Advanced');
  await expect(card.getByTestId('trick-difficulty')).toContainText('8/10');
  await expect(card.getByTestId('trick-difficulty')).toHaveAttribute('data-band', 'hard');
  await expect(card).toContainText(steps[0]!);
  await expect(card).toContainText(steps[1]!);
  await expect(card).not.toContainText(steps[2]!);
  await expect(card).toContainText('+3 more steps...');
  await expect(card).toContainText(`by ${E2E_ADMIN.name}`);

  await card.getByRole('link', { name: /^Learn/ }).click();
  await expect(rider).toHaveURL(new RegExp(`/discipline/skateboarding/tricktionary/${trick.id}$`));
  await expect(rider.getByRole('heading', { level: 1, name: trickName })).toBeVisible();
  await expect(rider).toHaveTitle(`${trickName} - Tricktionary - Skateboarding - Stoked`);
  const stepList = rider.getByTestId('trick-steps').getByRole('listitem');
  await expect(stepList).toHaveCount(steps.length);
  for (const [i, step] of steps.entries()) await expect(stepList.nth(i)).toContainText(step);
  await expect(rider.getByTestId('trick-tips')).toContainText('Learn the frontside shove-it first');
  await expect(rider.getByTestId('trick-video-frame')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

  const landed = rider.getByRole('button', { name: 'Mark as landed' });
  await landed.click();
  await expectToast(rider, `Landed ${trickName}! Nice one!`);
  await expect(landed).toHaveAttribute('aria-pressed', 'true');
  await rider.reload();
  await expect(rider.getByRole('button', { name: 'Mark as landed' })).toHaveAttribute('aria-pressed', 'true');

  await rider.goto('/profile');
  await rider.getByRole('tab', { name: 'My Tricks' }).click();
  const landedList = rider.getByTestId('trick-progression-landed');
  await expect(landedList).toContainText('Landed (1)');
  await landedList.getByRole('link', { name: trickName }).click();
  await expect(rider).toHaveURL(new RegExp(`/discipline/skateboarding/tricktionary/${trick.id}$`));

  await admin.close();
});
