import { describe, expect, it } from 'vitest';
import { itemPath } from './item-path.ts';

describe('itemPath', () => {
  it('links each queued type to its own page', () => {
    const at = (itemType: Parameters<typeof itemPath>[0]['itemType'], disciplineId: string | null = 'surfing') =>
      itemPath({ itemType, itemId: 'abc', disciplineId });
    expect(at('team', null)).toBe('/team/abc');
    expect(at('place')).toBe('/discipline/surfing/places/abc');
    expect(at('event')).toBe('/discipline/surfing/events/abc');
    expect(at('trick')).toBe('/discipline/surfing/tricktionary/abc');
    expect(at('review')).toBe('/discipline/surfing/reviews/abc');
    expect(at('shop')).toBe('/discipline/surfing/shops/abc');
    expect(at('article', 'skateboarding')).toBe('/discipline/skateboarding/articles/abc');
  });

  it('gives no link for content whose discipline is unknown', () => {
    expect(itemPath({ itemType: 'place', itemId: 'abc', disciplineId: null })).toBeNull();
  });
});
