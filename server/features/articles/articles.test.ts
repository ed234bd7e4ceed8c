import { describe, expect, test } from 'vitest';
import { articleInputSchema, markdownExcerpt, type Article, type ArticleInput, type ArticleList } from '../../../common/articles.ts';
import { seedArticleSamples } from '../../db/samples/articles.ts';
import { contentTestKit, expectError, MISSING_ID, type User, sectionCalls } from '../../test/content-kit.ts';

const kit = contentTestKit('article');
const { call, token, user, approvalFor, decide } = kit;

const DISCIPLINE = 'surfing';

function input(over: Partial<ArticleInput> = {}): ArticleInput {
  return {
    title: `Reading the lineup ${token()}`,
    content: '## Why it matters\n\nWatch the **sets** before you paddle out.\n\n- Count the waves\n- Find the channel\n\nMore on [Surfline](https://www.surfline.com).',
    ...over,
  };
}

const { add: addArticle, list } = sectionCalls<Article, ArticleInput, ArticleList>(call, 'articles', input, DISCIPLINE);

describe('contributing an article', () => {
  test('a non-admin article is pending, queued for approval, and public once approved', async () => {
    const author = await user();
    const other = await user();
    const article = await addArticle(author, { imageUrl: 'https://images.example.com/lineup.jpg' });
    expect(article).toMatchObject({
      status: 'pending',
      mine: true,
      author: { id: author.id, name: author.name },
      imageUrl: 'https://images.example.com/lineup.jpg',
      reactions: { likes: 0, comments: 0, liked: false },
      rating: { average: null, count: 0, mine: null },
    });
    expect(article.content).toContain('## Why it matters');
    expect(article.excerpt).toBe('Why it matters Watch the sets before you paddle out. Count the waves Find the channel More on Surfline.');

    expect(await approvalFor(article.id)).toMatchObject({ itemType: 'article', itemName: article.title, submittedBy: { id: author.id } });

    const q = `?q=${encodeURIComponent(article.title)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(other, q)).items).toEqual([]);
    expect((await list(author, q)).items).toMatchObject([{ id: article.id, status: 'pending', mine: true }]);
    expect((await list(kit.admin, q)).items).toMatchObject([{ id: article.id, status: 'pending', mine: false }]);
    expectError(await call('GET', `/api/articles/${article.id}`, other), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', `/api/articles/${article.id}`), 404, 'CONTENT_NOT_FOUND');
    expect((await call('GET', `/api/articles/${article.id}`, author)).json()).toMatchObject({ status: 'pending' });

    await decide(article.id, 'approved');
    expect((await list(null, q)).items).toMatchObject([{ id: article.id, status: 'approved', mine: false, excerpt: article.excerpt }]);
    expect((await call('GET', `/api/articles/${article.id}`)).json()).toMatchObject({ id: article.id, status: 'approved', content: article.content });
  });

  test('a rejected article is hidden from everyone but its author and admins', async () => {
    const author = await user();
    const article = await addArticle(author);
    await decide(article.id, 'rejected');
    const q = `?q=${encodeURIComponent(article.title)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(await user(), q)).items).toEqual([]);
    expectError(await call('GET', `/api/articles/${article.id}`), 404, 'CONTENT_NOT_FOUND');
    expect((await list(author, q)).items).toMatchObject([{ status: 'rejected' }]);
    expect((await list(kit.admin, q)).items).toMatchObject([{ status: 'rejected' }]);
  });

  test("an admin's article is approved at once and not queued", async () => {
    const article = await addArticle(kit.admin);
    expect(article.status).toBe('approved');
    expect(await approvalFor(article.id)).toBeUndefined();
  });

  test('a non-admin sending status approved still gets pending', async () => {
    const author = await user();
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/articles`, author, { ...input(), status: 'approved' });
    expect(res.statusCode).toBe(201);
    const article = res.json() as Article;
    expect(article.status).toBe('pending');
    expect((await list(null, `?q=${encodeURIComponent(article.title)}`)).items).toEqual([]);
  });

  test('anonymous contributions answer 401, unknown disciplines and articles 404', async () => {
    expectError(await call('POST', `/api/disciplines/${DISCIPLINE}/articles`, null, input()), 401, 'UNAUTHORIZED');
    expectError(await call('POST', '/api/disciplines/no-such-sport/articles', await user(), input()), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', '/api/disciplines/no-such-sport/articles'), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', `/api/articles/${MISSING_ID}`), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', '/api/articles/not-a-uuid'), 404, 'CONTENT_NOT_FOUND');
  });

  test.each([
    ['a blank title', { title: '   ' }],
    ['a title of 161 characters', { title: 'x'.repeat(161) }],
    ['a blank body', { content: ' \n ' }],
    ['a body of 50 001 characters', { content: 'x'.repeat(50_001) }],
    ['a body that is not text', { content: 42 as unknown as string }],
  ] as [string, Partial<ArticleInput>][])(
    'refuses %s',
    async (_label, over) => {
      const res = await call('POST', `/api/disciplines/${DISCIPLINE}/articles`, await user(), input(over));
      expect(res.statusCode, res.body).toBe(400);
    },
  );

  test('accepts a title of 160 characters and a body of 50 000', async () => {
    const article = await addArticle(await user(), { title: `${token()} `.padEnd(160, 'y'), content: 'word '.repeat(10_000).trim() + 'z'.repeat(1) });
    expect(article.title).toHaveLength(160);
    expect(article.content).toHaveLength(50_000);
    expect(article.excerpt.length).toBeLessThanOrEqual(201);
  });

  test.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/png;base64,AAAA', 'vbscript:msgbox(1)', '//evil.example.com/x.png', 'not a url'])(
    'refuses the image URL %s with INVALID_URL',
    async (imageUrl) => {
      const res = await call('POST', `/api/disciplines/${DISCIPLINE}/articles`, await user(), input({ imageUrl }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_URL', fields: { imageUrl: 'INVALID_URL' } });
    },
  );

  test('a shipped sample picture path is accepted', async () => {
    const article = await addArticle(kit.admin, { imageUrl: '/images/samples/surfing-1.webp' });
    expect(article.imageUrl).toBe('/images/samples/surfing-1.webp');
  });
});

describe('hostile bodies', () => {
  const PAYLOADS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', '[x](javascript:alert(1))'];

  test.each(PAYLOADS)('%s is stored as text and answered as JSON', async (payload) => {
    const author = await user();
    const content = `# Heading\n\n${payload}\n\nAfter.`;
    const created = await call('POST', `/api/disciplines/${DISCIPLINE}/articles`, author, input({ content }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    const article = created.json() as Article;
    expect(article.content).toBe(content);

    const detail = await call('GET', `/api/articles/${article.id}`, author);
    expect(detail.headers['content-type']).toMatch(/^application\/json/);
    expect((detail.json() as Article).content).toBe(content);
    const page = await call('GET', `/api/disciplines/${DISCIPLINE}/articles?q=${encodeURIComponent(article.title)}`, author);
    expect(page.headers['content-type']).toMatch(/^application\/json/);
    // The excerpt is plain text: tags are dropped from it.
    expect((page.json() as ArticleList).items[0]?.excerpt).not.toMatch(/[<>]/);
  });
});

describe('excerpt', () => {
  test('strips Markdown syntax and cuts long texts at a word', () => {
    expect(markdownExcerpt('# Title\n\n> *Quote* with `code` and ![pic](https://x.example/a.png) [link](https://x.example)\n\n1. one\n2. two')).toBe(
      'Title Quote with code and pic link one two',
    );
    expect(markdownExcerpt('Go [there](javascript:alert(1)) now.\n\n<script>alert(1)</script>\n\n<style>p{}</style>End')).toBe('Go there now. End');
    const long = markdownExcerpt('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long.endsWith('word…')).toBe(true);
  });

  test('hostile bodies of the maximum length stay quick', () => {
    const started = performance.now();
    for (const unit of ['<', '![', '[', '_ a', '```']) markdownExcerpt(unit.repeat(Math.floor(50_000 / unit.length)));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('search and pagination', () => {
  test('q matches part of the title or the body, case-insensitively; newest first; pages add up', async () => {
    const tag = token('tag');
    const a = await addArticle(kit.admin, { title: `Alpha ${tag}` });
    const b = await addArticle(kit.admin, { title: 'Beta', content: `The body mentions ${tag.toUpperCase()} deep inside.` });
    const c = await addArticle(kit.admin, { title: `Gamma ${tag}` });
    await addArticle(kit.admin, { title: 'Unrelated' });

    const all = await list(null, `?q=${tag.toLowerCase()}`);
    expect(all.items.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect(all.total).toBe(3);
    expect(all.items[0]).not.toHaveProperty('content');

    const page1 = await list(null, `?q=${tag}&limit=2&page=1`);
    const page2 = await list(null, `?q=${tag}&limit=2&page=2`);
    const page3 = await list(null, `?q=${tag}&limit=2&page=3`);
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2 });
    expect([...page1.items, ...page2.items].map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect(page3).toMatchObject({ items: [], total: 3, page: 3 });
  });

  test('LIKE wildcards are taken literally and the limit is capped at 50', async () => {
    expect((await list(null, '?q=%25_%25')).total).toBe(0);
    expect((await list(null, '?limit=500')).pageSize).toBe(50);
    expect((await list(null)).pageSize).toBe(12);
  });

  test('articles of another discipline are not listed', async () => {
    const article = await addArticle(kit.admin, {}, 'skateboarding');
    expect((await list(null, `?q=${encodeURIComponent(article.title)}`)).items).toEqual([]);
    expect((await list(null, `?q=${encodeURIComponent(article.title)}`, 'skateboarding')).items).toHaveLength(1);
  });

  test('cards carry real like, comment and rating figures', async () => {
    const article = await addArticle(kit.admin);
    const reader = await user();
    expect((await call('PUT', `/api/content/article/${article.id}/like`, reader)).statusCode).toBeLessThan(300);
    expect((await call('POST', `/api/content/article/${article.id}/comments`, reader, { body: 'Great read' })).statusCode).toBeLessThan(300);
    expect((await call('PUT', `/api/content/article/${article.id}/rating`, reader, { score: 4 })).statusCode).toBeLessThan(300);
    const [card] = (await list(reader, `?q=${encodeURIComponent(article.title)}`)).items;
    expect(card).toMatchObject({ reactions: { likes: 1, comments: 1, liked: true }, rating: { average: 4, count: 1, mine: 4 } });
    expect((await call('GET', `/api/articles/${article.id}`)).json()).toMatchObject({ reactions: { likes: 1, liked: false }, rating: { count: 1, mine: null } });
  });
});

describe('editing and deleting', () => {
  test('the author edits their article; the status stays and the queue shows the new title', async () => {
    const author = await user();
    const article = await addArticle(author);
    const title = `Renamed ${token()}`;
    const res = await call('PATCH', `/api/articles/${article.id}`, author, { title, content: 'New **body**' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title, content: 'New **body**', excerpt: 'New body', status: 'pending' });
    expect((await approvalFor(article.id))?.itemName).toBe(title);
    const bad = await call('PATCH', `/api/articles/${article.id}`, author, { imageUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_URL' });
    expect((await call('GET', `/api/articles/${article.id}`, author)).json()).toMatchObject({ imageUrl: null, title });
  });

  test('another user gets 403 and the row is unchanged; anonymous 401', async () => {
    const article = await addArticle(kit.admin);
    const other = await user();
    expectError(await call('PATCH', `/api/articles/${article.id}`, other, { title: 'Hijacked' }), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/articles/${article.id}`, other), 403, 'FORBIDDEN');
    expectError(await call('PATCH', `/api/articles/${article.id}`, null, { title: 'Hijacked' }), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/articles/${article.id}`, null), 401, 'UNAUTHORIZED');
    expect((await call('GET', `/api/articles/${article.id}`)).json()).toMatchObject({ title: article.title, content: article.content });
  });

  test("another user cannot touch someone's pending article (it is hidden: 404)", async () => {
    const article = await addArticle(await user());
    expectError(await call('DELETE', `/api/articles/${article.id}`, await user()), 404, 'CONTENT_NOT_FOUND');
  });

  test('the author deletes their article and its approval goes with it', async () => {
    const author = await user();
    const article = await addArticle(author);
    expect((await call('DELETE', `/api/articles/${article.id}`, author)).statusCode).toBe(204);
    expectError(await call('GET', `/api/articles/${article.id}`, author), 404, 'CONTENT_NOT_FOUND');
    expect(await approvalFor(article.id)).toBeUndefined();
  });

  test('an admin edits and deletes any article', async () => {
    const article = await addArticle(await user());
    const res = await call('PATCH', `/api/articles/${article.id}`, kit.admin, { content: 'Edited by the admin' });
    expect(res.json()).toMatchObject({ content: 'Edited by the admin', status: 'pending' });
    expect((await call('DELETE', `/api/articles/${article.id}`, kit.admin)).statusCode).toBe(204);
  });
});

describe('sample articles', () => {
  test('three valid, approved articles per sample discipline, with shipped pictures', async () => {
    const authors = [await user(), await user(), await user()];
    await seedArticleSamples(kit.t.app.db, authors.map((a) => a.id));
    const rows = await kit.t.app.db.selectFrom('articles').selectAll().where('author_id', 'in', authors.map((a) => a.id)).execute();
    expect(rows).toHaveLength(9);
    for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
      const mine = rows.filter((r) => r.discipline_id === discipline);
      expect(mine).toHaveLength(3);
      for (const row of mine) {
        expect(row.status).toBe('approved');
        expect(row.image_url).toMatch(new RegExp(`^/images/samples/${discipline}-[1-6]\\.webp$`));
        expect(articleInputSchema.safeParse({ title: row.title, content: row.content, imageUrl: row.image_url }).success).toBe(true);
        expect(row.content).toMatch(/^## /m);
        expect(row.content).toMatch(/^(?:- |1\. )/m);
        expect(row.content).toMatch(/\]\(https:\/\//);
      }
    }
    const page = await list(null, `?q=${encodeURIComponent('How to Pick Your Waves')}`);
    expect(page.items[0]).toMatchObject({ title: 'Reading the Lineup: How to Pick Your Waves', status: 'approved' });
    expect(page.items[0]?.excerpt).toMatch(/^Paddling out is the easy part\. Knowing which waves/);
  });
});
