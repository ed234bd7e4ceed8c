import { describe, expect, test } from 'vitest';
import { articleInputSchema, markdownExcerpt, type Article, type ArticleInput, type ArticleList } from '../../../common/articles.ts';
import { seedArticleSamples } from '../../db/samples/articles.ts';
import { contentTestKit } from '../../test/content-kit.ts';
import { sectionSuite } from '../../test/section-suite.ts';

const kit = contentTestKit('article');
const { call, token, user } = kit;

const DISCIPLINE = 'surfing';

function input(over: Partial<ArticleInput> = {}): ArticleInput {
  return {
    title: `Reading the lineup ${token()}`,
    content:
      '## Why it matters\n\nWatch the **sets** before you paddle out.\n\n- Count the waves\n- Find the channel\n\nMore on [Surfline](https://www.surfline.com).',
    ...over,
  };
}

const { add: addArticle, list } = sectionSuite<Article, ArticleInput, ArticleList>({
  kit,
  section: 'articles',
  discipline: DISCIPLINE,
  otherDiscipline: 'skateboarding',
  input,
  nameField: 'title',
  created: {
    over: { imageUrl: 'https://images.example.com/lineup.jpg' },
    expected: { excerpt: 'Why it matters Watch the sets before you paddle out. Count the waves Find the channel More on Surfline.' },
  },
  searchable: (tag) => [
    { title: `Alpha ${tag}` },
    { title: 'Beta', content: `The body mentions ${tag.toUpperCase()} deep inside.` },
    { title: `Gamma ${tag}` },
  ],
  order: 'newest',
  invalid: [{ title: '   ' }, { title: 'x'.repeat(161) }, { content: ' \n ' }, { content: 'x'.repeat(50_001) }, { content: 42 as unknown as string }],
  urlFields: ['imageUrl'],
  edit: { patch: { content: 'New **body**' }, expected: { content: 'New **body**', excerpt: 'New body' }, kept: ['imageUrl'] },
  badEdits: [{ patch: { imageUrl: 'javascript:alert(1)' }, code: 'INVALID_URL' }, { patch: { title: '   ' } }],
  adminEdit: { content: 'Edited by the admin' },
  ratingField: 'rating',
});

describe('articles: their own fields', () => {
  test('accepts a title of 160 characters and a body of 50 000', async () => {
    const article = await addArticle(await user(), { title: `${token()} `.padEnd(160, 'y'), content: 'word '.repeat(10_000).trim() + 'z'.repeat(1) });
    expect(article.title).toHaveLength(160);
    expect(article.content).toHaveLength(50_000);
    expect(article.excerpt.length).toBeLessThanOrEqual(201);
  });

  test('cards carry the excerpt, not the body', async () => {
    const article = await addArticle(kit.admin);
    const [card] = (await list(null, `?q=${encodeURIComponent(article.title)}`)).items;
    expect(card).toMatchObject({ id: article.id, excerpt: article.excerpt });
    expect(card).not.toHaveProperty('content');
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

describe('sample articles', () => {
  test('three valid, approved articles per sample discipline, with shipped pictures', async () => {
    const authors = [await user(), await user(), await user()];
    await seedArticleSamples(
      kit.t.app.db,
      authors.map((a) => a.id),
    );
    const rows = await kit.t.app.db
      .selectFrom('articles')
      .selectAll()
      .where(
        'author_id',
        'in',
        authors.map((a) => a.id),
      )
      .execute();
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
