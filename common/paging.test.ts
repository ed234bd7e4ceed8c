import { describe, expect, test } from 'vitest';
import { COUNT_CAP, hasNextPage } from './paging.ts';

const page = (page: number, items: number, total: number, totalCapped: boolean) => ({
  items: Array.from({ length: items }),
  total,
  totalCapped,
  page,
  pageSize: 12,
});

describe('hasNextPage ("Load More")', () => {
  test('an exact total says whether a page follows', () => {
    expect(hasNextPage(page(1, 12, 30, false))).toBe(true);
    expect(hasNextPage(page(3, 6, 30, false))).toBe(false);
    expect(hasNextPage(page(1, 12, 12, false))).toBe(false);
    expect(hasNextPage(page(1, 0, 0, false))).toBe(false);
  });

  test('a capped total keeps loading past COUNT_CAP items until a page comes back empty', () => {
    // Page 84 of 12 holds items 997-1008: past the capped total, yet more may follow.
    expect(hasNextPage(page(84, 12, COUNT_CAP, true))).toBe(true);
    expect(hasNextPage(page(120, 12, COUNT_CAP, true))).toBe(true);
    expect(hasNextPage(page(121, 0, COUNT_CAP, true))).toBe(false);
  });
});
