import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ConditionSummary } from '../../../common/conditions.ts';
import type { Place, placeInputSchema, placeListQuerySchema, placeUpdateSchema } from '../../../common/places.ts';
import type { DB } from '../../db/schema.ts';
import { iso, itemFields, type Viewer, visibleItems } from '../../lib/content.ts';
import { sectionStore } from '../../lib/content-store.ts';

type Db = Kysely<DB>;

function places(db: Db, viewer: Viewer) {
  return visibleItems(db, 'place', viewer).select([
    'c.name', 'c.location', 'c.latitude', 'c.longitude', 'c.image_url',
    // The latest report still current (one step down condition_reports_place_idx per place).
    sql<ConditionSummary | null>`(select json_build_object('kind', r.kind, 'values', r.values, 'createdAt', r.created_at) from condition_reports r
      where r.place_id = c.id and r.expires_at > now() order by r.created_at desc limit 1)`.as('conditions'),
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
  conditions: row.conditions && { ...row.conditions, createdAt: iso(row.conditions.createdAt) },
});

/** The section's reads and writes. Its list: a page of the discipline's places, newest first. */
export const placesStore = sectionStore<PlaceRow, Place, z.output<typeof placeInputSchema>, z.output<typeof placeUpdateSchema>, z.output<typeof placeListQuerySchema>>({
  type: 'place',
  items: places,
  toItem: toPlace,
  nameField: 'name',
  search: { text: ['c.name', 'c.location'] },
});

/** For approving a revision, and the query probe. */
export const { list: listPlaces, get: getPlace, update: updatePlace } = placesStore;
