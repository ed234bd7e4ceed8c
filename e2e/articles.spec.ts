import { expect, test, type Page } from './test.ts';
import { E2E_ADMIN, E2E_FRIEND, fixtureId } from './fixtures.ts';
import { expectToast, openDialog, signedInPage } from './helpers.ts';

/** Any alert(), confirm() or prompt() means a script from the article body ran. */
function failOnDialogs(page: Page, who: string) {
  page.on('dialog', (dialog) => {
    void dialog.dismiss();
    throw new Error(`${who} saw a browser dialog: ${dialog.message()}`);
  });
}

// Fixture accounts only: sign-ups are rate limited and the suite shares one server.
test('the admin writes a Markdown article, a friend reads, likes, rates and comments on it', async ({ browser }) => {
  test.slow();
  const title = `Reading the lineup ${Date.now().toString(36)}`;
  const body = [
    '# Watch before you paddle',
    '',
    'Count the **sets** and find the channel.',
    '',
    '<script>alert("xss")</script>',
    '',
    '- Peak',
    '- Shoulder',
    '',
    'Forecasts on [Surfline](https://www.surfline.com) and [nothing](javascript:alert(1)).',
  ].join('\n');

  // The admin creates the article through the form; an admin's article is public at once.
  const admin = await signedInPage(browser, E2E_ADMIN);
  failOnDialogs(admin, 'The admin');
  await admin.goto('/discipline/surfing/articles');
  await expect(admin).toHaveTitle('Articles - Surfing - Stoked');
  const dialog = admin.getByTestId('article-form-dialog');
  await openDialog(admin, 'create-article', dialog, 'Create Article');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Content (Markdown)').fill(body);
  await dialog.getByLabel('Image URL (optional)').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(dialog.getByText('Please enter a valid http:// or https:// address.')).toBeVisible();
  await dialog.getByLabel('Image URL (optional)').fill('/images/samples/surfing-4.webp');

  // The preview renders the Markdown, with the script line as plain text.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByTestId('article-preview');
  await expect(preview.getByRole('heading', { name: 'Watch before you paddle' })).toBeVisible();
  await expect(preview).toContainText('<script>alert("xss")</script>');
  await dialog.getByRole('button', { name: 'Write' }).click();
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expectToast(admin, 'Article created');
  await expect(dialog).toBeHidden();

  // Creating opens the article's own page.
  await expect(admin).toHaveURL(/\/discipline\/surfing\/articles\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin).toHaveTitle(`${title} - Stoked`);
  const articleBody = admin.getByTestId('article-body');
  await expect(articleBody.getByRole('heading', { name: 'Watch before you paddle' })).toBeVisible();
  await expect(articleBody.getByRole('listitem')).toHaveCount(2);
  await expect(articleBody).toContainText('<script>alert("xss")</script>');
  await expect(articleBody.locator('script, svg, iframe')).toHaveCount(0);
  const external = articleBody.getByRole('link', { name: 'Surfline' });
  await expect(external).toHaveAttribute('href', 'https://www.surfline.com');
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(articleBody.getByRole('link', { name: 'nothing' })).toHaveCount(0);
  await expect(admin.getByRole('link', { name: E2E_ADMIN.name })).toHaveAttribute('href', `/profile/${fixtureId(E2E_ADMIN)}`);
  await expect(admin.getByRole('button', { name: 'Edit' })).toBeVisible();
  const articleUrl = admin.url();

  // The friend finds it in the list and opens it from its card.
  const friend = await signedInPage(browser, E2E_FRIEND);
  failOnDialogs(friend, 'The friend');
  await friend.goto('/discipline/surfing/articles');
  await friend.getByRole('searchbox', { name: 'Search articles' }).fill(title);
  const card = friend.getByTestId('article-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('by Ada Admin');
  await expect(card).toContainText('Watch before you paddle Count the sets and find the channel.');
  await card.getByRole('link', { name: title }).click();
  await expect(friend).toHaveURL(articleUrl);
  await expect(friend.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Only its author and admins may edit it.
  await expect(friend.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // Likes, rates and comments.
  await friend.getByRole('button', { name: `Like ${title}` }).click();
  await expect(friend.getByTestId('like-count')).toHaveText('1');
  await friend.getByRole('button', { name: 'Rate 4 stars' }).click();
  await expectToast(friend, 'Thanks for rating!');
  await expect(friend.getByTestId('rating-summary')).toHaveText('4.0 / 5 (1 rating)');
  await friend.getByLabel('Your comment').fill('Great read, the channel tip saved my session.');
  await friend.getByRole('button', { name: 'Post Comment' }).click();
  await expectToast(friend, 'Comment posted');

  // After a reload everything is still there, and the card shows the real counts.
  await friend.reload();
  await expect(friend.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(friend.getByTestId('like-count')).toHaveText('1');
  await expect(friend.getByRole('button', { name: `Unlike ${title}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(friend.getByTestId('rating-summary')).toHaveText('4.0 / 5 (1 rating)');
  await expect(friend.getByRole('button', { name: 'Rate 4 stars' })).toHaveAttribute('aria-pressed', 'true');
  await expect(friend.getByTestId('comment')).toContainText('Great read, the channel tip saved my session.');
  await expect(friend.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await friend.getByRole('link', { name: 'Back to Articles' }).click();
  await expect(friend).toHaveURL(/\/discipline\/surfing\/articles(\?.*)?$/);
  await friend.getByRole('searchbox', { name: 'Search articles' }).fill(title);
  const counted = friend.getByTestId('article-card').filter({ hasText: title });
  await expect(counted.getByTestId('like-count')).toHaveText('1');
  await expect(counted).toContainText('1 comment');

  // The admin edits the article, keeping its body, then deletes it.
  const renamed = `${title} (updated)`;
  await admin.reload();
  await admin.getByRole('button', { name: 'Edit' }).click();
  const edit = admin.getByTestId('article-form-dialog');
  await expect(edit.getByRole('heading', { name: 'Edit Article' })).toBeVisible();
  await expect(edit.getByLabel('Content (Markdown)')).toHaveValue(body);
  await edit.getByLabel('Title', { exact: true }).fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(admin, 'Article updated');
  await expect(admin.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(admin).toHaveTitle(`${renamed} - Stoked`);
  await admin.getByRole('button', { name: 'Delete', exact: true }).first().click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(admin, 'Item deleted successfully!');
  await expect(admin).toHaveURL(/\/discipline\/surfing\/articles$/);

  // A deleted (or unknown) article shows the spec's text.
  await friend.goto(articleUrl);
  await expect(friend.getByRole('heading', { name: 'Content not found' })).toBeVisible();
  await expect(friend).toHaveTitle('Content not found - Stoked');
  await friend.goto('/discipline/surfing/articles/00000000-0000-4000-8000-000000000000');
  await expect(friend.getByRole('heading', { name: 'Content not found' })).toBeVisible();
});
