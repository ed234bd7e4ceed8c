import { describe, expect, test } from 'vitest';
import type { Review, ReviewInput, ReviewList } from '../../../common/reviews.ts';
import { seedReviewSamples } from '../../db/samples/reviews.ts';
import { contentTestKit, expectError, MISSING_ID, type User, sectionCalls } from '../../test/content-kit.ts';

const kit = contentTestKit('review');
const { call, token, user, approvalFor, decide } = kit;

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

const { add: addReview, list } = sectionCalls<Review, ReviewInput, ReviewList>(call, 'reviews', input, DISCIPLINE);

describe('writing a review', () => {
  test('a non-admin review is pending, queued for approval, and public once approved', async () => {
    const author = await user();
    const other = await user();
    const review = await addReview(author, { imageUrl: '/images/samples/surfing-1.webp' });
    expect(review).toMatchObject({
      status: 'pending',
      mine: true,
      author: { id: author.id, name: author.name },
      brand: 'Channel Islands',
      category: 'Board',
      content: 'Fast down the line.\nHolds well in hollow waves.',
      rating: 4.5,
      overallScore: 8.7,
      price: 849.99,
      releaseDate: '2024-03-01',
      pros: ['Fast', 'Responsive', 'Light'],
      cons: ['Pricey', 'Fragile deck', 'No leash plug'],
      imageUrl: '/images/samples/surfing-1.webp',
      reactions: { likes: 0, comments: 0, liked: false },
      readerRating: { average: null, count: 0, mine: null },
    });

    expect(await approvalFor(review.id)).toMatchObject({ itemType: 'review', itemName: review.productName, submittedBy: { id: author.id } });

    const q = `?q=${encodeURIComponent(review.productName)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(other, q)).items).toEqual([]);
    expect((await list(author, q)).items).toMatchObject([{ id: review.id, status: 'pending', mine: true }]);
    expect((await list(kit.admin, q)).items).toMatchObject([{ id: review.id, status: 'pending', mine: false }]);
    expectError(await call('GET', `/api/reviews/${review.id}`, other), 404, 'CONTENT_NOT_FOUND');
    expect((await call('GET', `/api/reviews/${review.id}`, author)).json()).toMatchObject({ status: 'pending' });

    await decide(review.id, 'approved');
    expect((await list(null, q)).items).toMatchObject([{ id: review.id, status: 'approved', mine: false }]);
    expect((await call('GET', `/api/reviews/${review.id}`)).json()).toMatchObject({ id: review.id, status: 'approved' });
  });

  test('a rejected review is hidden from everyone but its author and admins', async () => {
    const author = await user();
    const review = await addReview(author);
    await decide(review.id, 'rejected');
    const q = `?q=${encodeURIComponent(review.productName)}`;
    expect((await list(null, q)).items).toEqual([]);
    expect((await list(await user(), q)).items).toEqual([]);
    expectError(await call('GET', `/api/reviews/${review.id}`), 404, 'CONTENT_NOT_FOUND');
    expect((await list(author, q)).items).toMatchObject([{ status: 'rejected' }]);
  });

  test("an admin's review is approved at once and not queued", async () => {
    const review = await addReview(kit.admin);
    expect(review.status).toBe('approved');
    expect(await approvalFor(review.id)).toBeUndefined();
  });

  test('a non-admin sending status approved still gets pending', async () => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/reviews`, await user(), { ...input(), status: 'approved' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as Review).status).toBe('pending');
  });

  test('anonymous contributions answer 401, unknown disciplines and ids 404', async () => {
    expectError(await call('POST', `/api/disciplines/${DISCIPLINE}/reviews`, null, input()), 401, 'UNAUTHORIZED');
    expectError(await call('POST', '/api/disciplines/no-such-sport/reviews', await user(), input()), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', '/api/disciplines/no-such-sport/reviews'), 404, 'DISCIPLINE_NOT_FOUND');
    expectError(await call('GET', `/api/reviews/${MISSING_ID}`), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('GET', '/api/reviews/not-a-uuid'), 404, 'CONTENT_NOT_FOUND');
  });

  test.each([0, 0.5, 2.5, 5])('accepts the reviewer rating %s', async (rating) => {
    expect((await addReview(kit.admin, { rating })).rating).toBe(rating);
  });

  test.each([
    [{ rating: -1 }],
    [{ rating: -0.5 }],
    [{ rating: 5.5 }],
    [{ rating: 6 }],
    [{ rating: 4.3 }],
    [{ rating: '4' as unknown as number }],
    [{ overallScore: 10.1 }],
    [{ overallScore: 11 }],
    [{ overallScore: -1 }],
    [{ overallScore: 7.25 }],
    [{ category: 'Skis' as ReviewInput['category'] }],
    [{ category: 'board' as ReviewInput['category'] }],
    [{ price: -1 }],
    [{ releaseDate: '2024-13' }],
    [{ releaseDate: '2024-02-30' }],
    [{ releaseDate: 'March 2024' }],
    [{ productName: '   ' }],
    [{ productName: 'x'.repeat(121) }],
    [{ brand: '' }],
    [{ content: '  \n ' }],
    [{ pros: Array.from({ length: 11 }, (_, i) => `Pro ${i}`) }],
    [{ cons: Array.from({ length: 11 }, (_, i) => `Con ${i}`) }],
  ])('refuses %j', async (over) => {
    const res = await call('POST', `/api/disciplines/${DISCIPLINE}/reviews`, await user(), input(over));
    expect(res.statusCode, res.body).toBe(400);
  });

  test('accepts the limits: score 0 and 10, free gear, full dates, no optional fields', async () => {
    expect(await addReview(kit.admin, { overallScore: 10, price: 0, releaseDate: '2023-11-15' })).toMatchObject({ overallScore: 10, price: 0, releaseDate: '2023-11-15' });
    const bare = await addReview(kit.admin, { overallScore: 0, price: undefined, releaseDate: undefined, pros: undefined, cons: undefined });
    expect(bare).toMatchObject({ overallScore: 0, price: null, releaseDate: null, pros: [], cons: [], imageUrl: null });
    const blanks = await addReview(kit.admin, { releaseDate: '', pros: ['  ', 'Warm'], imageUrl: '' });
    expect(blanks).toMatchObject({ releaseDate: null, pros: ['Warm'], imageUrl: null });
  });

  test.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example.com/x.png', 'ftp://x.example.com/a.png', 'not a url'])(
    'refuses the image URL %s with INVALID_URL',
    async (imageUrl) => {
      const res = await call('POST', `/api/disciplines/${DISCIPLINE}/reviews`, await user(), input({ imageUrl }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_URL', fields: { imageUrl: 'INVALID_URL' } });
    },
  );

  test('no email is in any answer', async () => {
    const author = await user();
    const review = await addReview(author);
    await call('POST', `/api/content/review/${review.id}/comments`, author, { body: 'My own note' });
    const bodies = [
      (await call('GET', `/api/reviews/${review.id}`, author)).body,
      (await call('GET', `/api/disciplines/${DISCIPLINE}/reviews?q=${encodeURIComponent(review.productName)}`, author)).body,
      (await call('PATCH', `/api/reviews/${review.id}`, author, { brand: 'Other' })).body,
    ];
    for (const body of bodies) expect(body).not.toContain(author.email);
  });
});

describe('search, filter and pagination', () => {
  test('q matches the product name, the brand or the text, case-insensitively; newest first; pages add up', async () => {
    const tag = token('tag');
    const a = await addReview(kit.admin, { productName: `Alpha ${tag}` });
    const b = await addReview(kit.admin, { productName: 'Beta', brand: `Brand ${tag.toUpperCase()}` });
    const c = await addReview(kit.admin, { productName: 'Gamma', content: `Tested all winter.\nVerdict: ${tag} rocks` });
    await addReview(kit.admin, { productName: 'Unrelated' });

    const all = await list(null, `?q=${tag.toLowerCase()}`);
    expect(all.items.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(all.total).toBe(3);

    const page1 = await list(null, `?q=${tag}&limit=2&page=1`);
    const page2 = await list(null, `?q=${tag}&limit=2&page=2`);
    const page3 = await list(null, `?q=${tag}&limit=2&page=3`);
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect([...page1.items, ...page2.items].map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(page3).toMatchObject({ items: [], total: 3, page: 3 });
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

  test('LIKE wildcards are taken literally, the limit is capped at 50 and other disciplines are apart', async () => {
    expect((await list(null, '?q=%25_%25')).total).toBe(0);
    expect((await list(null, '?limit=500')).pageSize).toBe(50);
    expect((await list(null)).pageSize).toBe(12);
    const review = await addReview(kit.admin, {}, 'skateboarding');
    expect((await list(null, `?q=${encodeURIComponent(review.productName)}`)).items).toEqual([]);
    expect((await list(null, `?q=${encodeURIComponent(review.productName)}`, 'skateboarding')).items).toHaveLength(1);
  });
});

describe('reactions', () => {
  test("readers' ratings, likes and comments show on the review and its card", async () => {
    const review = await addReview(kit.admin);
    const [r1, r2] = [await user(), await user()];
    expect((await call('PUT', `/api/content/review/${review.id}/rating`, r1, { score: 5 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/content/review/${review.id}/rating`, r2, { score: 2 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/content/review/${review.id}/like`, r1)).statusCode).toBe(200);
    expect((await call('POST', `/api/content/review/${review.id}/comments`, r2, { body: 'Great write-up' })).statusCode).toBeLessThan(300);

    const seen = (await call('GET', `/api/reviews/${review.id}`, r1)).json() as Review;
    expect(seen.readerRating).toEqual({ average: 3.5, count: 2, mine: 5 });
    expect(seen.reactions).toEqual({ likes: 1, comments: 1, liked: true });
    expect(seen.rating).toBe(review.rating);
    const card = (await list(null, `?q=${encodeURIComponent(review.productName)}`)).items[0];
    expect(card).toMatchObject({ readerRating: { average: 3.5, count: 2, mine: null }, reactions: { likes: 1, comments: 1, liked: false } });
  });
});

describe('editing and deleting', () => {
  test('the author edits their review; the status stays and the queue shows the new name', async () => {
    const author = await user();
    const review = await addReview(author);
    const productName = `Renamed ${token()}`;
    const res = await call('PATCH', `/api/reviews/${review.id}`, author, { productName, rating: 3, pros: ['Only one'], price: null, releaseDate: '2022-07-04' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ productName, rating: 3, pros: ['Only one'], cons: review.cons, price: null, releaseDate: '2022-07-04', brand: review.brand, status: 'pending' });
    expect((await approvalFor(review.id))?.itemName).toBe(productName);
    const bad = await call('PATCH', `/api/reviews/${review.id}`, author, { rating: 7 });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/reviews/${review.id}`, author)).json()).toMatchObject({ rating: 3 });
  });

  test('another user gets 403 and the row is unchanged; anonymous 401', async () => {
    const review = await addReview(kit.admin);
    const other = await user();
    expectError(await call('PATCH', `/api/reviews/${review.id}`, other, { productName: 'Hijacked' }), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/reviews/${review.id}`, other), 403, 'FORBIDDEN');
    expectError(await call('PATCH', `/api/reviews/${review.id}`, null, { productName: 'Hijacked' }), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/reviews/${review.id}`, null), 401, 'UNAUTHORIZED');
    expect((await call('GET', `/api/reviews/${review.id}`)).json()).toMatchObject({ productName: review.productName });
  });

  test("another user cannot touch someone's pending review (it is hidden: 404)", async () => {
    const review = await addReview(await user());
    expectError(await call('PATCH', `/api/reviews/${review.id}`, await user(), { brand: 'X' }), 404, 'CONTENT_NOT_FOUND');
    expectError(await call('DELETE', `/api/reviews/${review.id}`, await user()), 404, 'CONTENT_NOT_FOUND');
  });

  test('the author deletes their review and its approval goes with it', async () => {
    const author = await user();
    const review = await addReview(author);
    expect((await call('DELETE', `/api/reviews/${review.id}`, author)).statusCode).toBe(204);
    expectError(await call('GET', `/api/reviews/${review.id}`, author), 404, 'CONTENT_NOT_FOUND');
    expect(await approvalFor(review.id)).toBeUndefined();
  });

  test('an admin edits and deletes any review', async () => {
    const review = await addReview(await user());
    const res = await call('PATCH', `/api/reviews/${review.id}`, kit.admin, { category: 'Accessories', overallScore: 9.9 });
    expect(res.json()).toMatchObject({ category: 'Accessories', overallScore: 9.9, status: 'pending' });
    expect((await call('DELETE', `/api/reviews/${review.id}`, kit.admin)).statusCode).toBe(204);
  });
});

describe('sample content', () => {
  test('the samples insert four approved reviews per discipline, with up to two points shown on cards', async () => {
    const ids = [kit.admin.id, (await user()).id, (await user()).id];
    await kit.t.app.db.transaction().execute((tx) => seedReviewSamples(tx, ids));
    for (const discipline of ['surfing', 'skateboarding', 'snowboarding']) {
      const rows = await kit.t.app.db.selectFrom('reviews').select(['status', 'image_url']).where('discipline_id', '=', discipline).where('brand', '!=', 'Channel Islands').execute();
      expect(rows.length).toBeGreaterThanOrEqual(4);
    }
    const [firewire] = (await list(null, '?q=Firewire')).items;
    expect(firewire).toMatchObject({ status: 'approved', category: 'Board', brand: 'Firewire', releaseDate: '2023-04-01', rating: 4.5, overallScore: 8.8, price: 845 });
    expect(firewire!.imageUrl).toMatch(/^\/images\/samples\/surfing-[1-6]\.webp$/);
    expect(firewire!.content).toContain('\n');
  });
});
