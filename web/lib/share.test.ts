import { describe, expect, test } from 'vitest';
import type { Event } from '../../common/events.ts';
import type { Place } from '../../common/places.ts';
import { eventShare, placeShare } from './share.ts';

// Issue 37: a card kept by a crawler or a CDN showed an item as it was. Its address is now named by
// what it shows: an item changed is a card at a new address.
describe("a share card's address", () => {
  test('changes with what the card shows, and only then', () => {
    const place = { id: 'p1', name: 'Hidden Reef', disciplineId: 'surfing', location: 'Basque coast', latitude: 43.4, longitude: -1.6 } as Place;
    const card = placeShare(place).card!;
    expect(card).toMatch(/^\/api\/share-cards\/place\/p1\.png\?v=[0-9a-z]+$/);
    expect(placeShare({ ...place, latitude: 10 }).card).toBe(card);
    expect(placeShare({ ...place, name: 'Renamed Reef' }).card).not.toBe(card);
    expect(placeShare({ ...place, location: 'Elsewhere' }).card).not.toBe(card);

    const event = {
      id: 'e1',
      name: 'Dawn Jam',
      disciplineId: 'surfing',
      location: 'Hossegor',
      startDate: '2026-12-01T08:00:00.000Z',
      type: 'Meetup',
      price: 0,
    } as Event;
    expect(eventShare({ ...event, startDate: '2026-12-02T08:00:00.000Z' }).card).not.toBe(eventShare(event).card);
  });
});
