import { describe, expect, test } from 'vitest';
import type { Review, ReviewInput, ReviewList } from '../../../common/reviews.ts';
import { seedReviewSamples } from '../../db/samples/reviews.ts';
import { contentTestKit } from '../../test/content-kit.ts';
import { sectionSuite } from '../../test/section-suite.ts';

const kit = contentTestKit('review');
const { call, token, user } = kit;

const DISCIPLINE = 'surfing';

function input(over: Partial<ReviewInput> = {}): ReviewInput {
  return {
    productName: `Pro Shortboard ${token()}`,
    brand: 'Channel Islands',
    category: 'Board',
    content: 'Fast down the line.\nHolds well in hollow waves.',
    rating: 4.5,
    overallScore: 8.7,
    price: 849.99,
    releaseDate: '2024-03',
    pros: ['Fast', 'Responsive', 'Light'],
    cons: ['Pricey', 'Fragile deck', 'No leash plug'],
    ...over,
  };
}

const { add: addReview, list } = sectionSuite<Review, ReviewInput, ReviewList>({
  kit,
  section: 'reviews',
  discipline: DISCIPLINE,
  otherDiscipline: 'skateboarding',
  input,
  nameField: 'productName',
  created: {
    over: { imageUrl: '/images/samples/surfing-1.webp' },
    // A month is its first day.
    expected: { releaseDate: '2024-03-01' },
  },
  searchable: (tag) => [
    { productName: `Alpha ${tag}` },
    { productName: 'Beta', brand: `Brand ${tag.toUpperCase()}` },
    { productName: 'Gamma', content: `Tested all winter.\nVerdict: ${tag} rocks` },
  ],
  order: 'newest',
  invalid: [
    { rating: -1 },
    { rating: -0.5 },
    { rating: 5.5 },
    { rating: 6 },
    { rating: 4.3 },
    { rating: '4' as unknown as number },
    { overallScore: 10.1 },
    { overallScore: 11 },
    { overallScore: -1 },
    { overallScore: 7.25 },
    { category: 'Skis' as ReviewInput['category'] },
    { category: 'board' as ReviewInput['category'] },
    { price: -1 },
    { releaseDate: '2024-13' },
    { releaseDate: '2024-02-30' },
    { releaseDate: 'March 2024' },
    { productName: '   ' },
    { productName: 'x'.repeat(121) },
    { brand: '' },
    { content: '  \n ' },
    { pros: Array.from({ length: 11 }, (_, i) => `Pro ${i}`) },
    { cons: Array.from({ length: 11 }, (_, i) => `Con ${i}`) },
  ],
  urlFields: ['imageUrl'],
  edit: { patch: { rating: 3, pros: ['Only one'], price: null, releaseDate: '2022-07-04' }, kept: ['cons', 'brand', 'category'] },
  badEdits: [{ patch: { rating: 7 } }],
  adminEdit: { category: 'Accessories', overallScore: 9.9 },
  ratingField: 'readerRating',
});

describe('reviews: their own fields', () => {
  test.each([0, 0.5, 2.5, 5])('accepts the reviewer rating %s', async (rating) => {
    expect((await addReview(kit.admin, { rating })).rating).toBe(rating);
  });

  test('accepts the limits: score 0 and 10, free gear, full dates, no optional fields', async () => {
    expect(await addReview(kit.admin, { overallScore: 10, price: 0, releaseDate: '2023-11-15' })).toMatchObject({
      overallScore: 10,
      price: 0,
      releaseDate: '2023-11-15',
    });
    const bare = await addReview(kit.admin, { overallScore: 0, price: undefined, releaseDate: undefined, pros: undefined, cons: undefined });
    expect(bare).toMatchObject({ overallScore: 0, price: null, releaseDate: null, pros: [], cons: [], imageUrl: null });
    const blanks = await addReview(kit.admin, { releaseDate: '', pros: ['  ', 'Warm'], imageUrl: '' });
    expect(blanks).toMatchObject({ releaseDate: null, pros: ['Warm'], imageUrl: null });
  });

  test('the category filter keeps one category, alone or with q; an unknown category is refused', async () => {
    const tag = token('cat');
    const board = await addReview(kit.admin, { productName: `Board ${tag}`, category: 'Board' });
    const suit = await addReview(kit.admin, { productName: `Suit ${tag}`, category: 'Wetsuit' });
    const cam = await addReview(kit.admin, { productName: `Cam ${tag}`, category: 'Camera' });
    expect((await list(null, `?q=${tag}&category=Wetsuit`)).items.map((r) => r.id)).toEqual([suit.id]);
    expect((await list(null, `?q=${tag}&category=Camera`)).items.map((r) => r.id)).toEqual([cam.id]);
    expect((await list(null, `?q=${tag}&category=Accessories`)).items).toEqual([]);
    expect((await list(null, `?q=${tag}`)).items.map((r) => r.id)).toEqual([cam.id, suit.id, board.id]);
    const wetsuits = await list(null, '?category=Wetsuit&limit=50');
    expect(wetsuits.items.length).toBeGreaterThan(0);
    expect(wetsuits.items.every((r) => r.category === 'Wetsuit')).toBe(true);
    expect((await call('GET', `/api/disciplines/${DISCIPLINE}/reviews?category=Skis`)).statusCode).toBe(400);
  });
});

describe('sample content', () => {
  test('the samples insert four approved reviews per discipline, with up to two points shown on cards', async () => {
    const ids = [kit.admin.id, (await user()).id, (await user()).id];
    await kit.t.app.db.transaction().execute((tx) => seedReviewSamples(tx, ids));
    for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
      const rows = await kit.t.app.db
        .selectFrom('reviews')
        .select(['status', 'image_url'])
        .where('discipline_id', '=', discipline)
        .where('brand', '!=', 'Channel Islands')
        .execute();
      expect(rows.length).toBeGreaterThanOrEqual(4);
    }
    const [firewire] = (await list(null, '?q=Firewire')).items;
    expect(firewire).toMatchObject({
      status: 'approved',
      category: 'Board',
      brand: 'Firewire',
      releaseDate: '2023-04-01',
      rating: 4.5,
      overallScore: 8.8,
      price: 845,
    });
    expect(firewire!.imageUrl).toMatch(/^\/images\/samples\/surfing-[1-6]\.webp$/);
    expect(firewire!.content).toContain('\n');
  });
});
