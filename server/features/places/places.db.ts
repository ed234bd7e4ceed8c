import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Place, placeInputSchema, placeListQuerySchema, placeUpdateSchema } from '../../../common/places.ts';
import type { DB } from '../../db/schema.ts';
import { itemFields, type Viewer, visibleItems } from '../../lib/content.ts';
import { sectionStore } from '../../lib/content-store.ts';
import { todayUtc } from '../../../common/place-access.ts';
import { accessColumns, accessIs, accessSummaryOf } from './place-access.db.ts';

type Db = Kysely<DB>;

function places(db: Db, viewer: Viewer) {
  return visibleItems(db, 'place', viewer).select([
    'c.name', 'c.location', 'c.latitude', 'c.longitude', 'c.image_url',
    ...accessColumns(todayUtc()),
  ]);
}

type PlaceRow = Awaited<ReturnType<ReturnType<typeof places>['executeTakeFirstOrThrow']>>;

const toPlace = (row: PlaceRow, viewer: Viewer): Place => ({
  ...itemFields(row, viewer),
  name: row.name,
  location: row.location,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  imageUrl: row.image_url,
  access: accessSummaryOf(row, todayUtc()),
});

/** The section's reads and writes. Its list: a page of the discipline's places, newest first. */
export const placesStore = sectionStore<PlaceRow, Place, z.output<typeof placeInputSchema>, z.output<typeof placeUpdateSchema>, z.output<typeof placeListQuerySchema>>({
  type: 'place',
  items: places,
  toItem: toPlace,
  nameField: 'name',
  search: { text: ['c.name', 'c.location'] },
  narrow: (filters) => (filters.access ? accessIs(filters.access, todayUtc()) : undefined),
});

/** For approving a revision, and the query probe. */
export const { list: listPlaces, get: getPlace, update: updatePlace } = placesStore;
