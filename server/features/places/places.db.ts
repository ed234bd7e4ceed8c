import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ConditionSummary } from '../../../common/conditions.ts';
import { NEARBY_LIMIT, NEARBY_RADIUS_KM, type NearbyPlaces, type Place, type placeInputSchema, type placeListQuerySchema, type placeUpdateSchema } from '../../../common/places.ts';
import type { DB } from '../../db/schema.ts';
import { iso, itemFields, type Viewer, visibleItems } from '../../lib/content.ts';
import { sectionStore } from '../../lib/content-store.ts';
import { todayUtc } from '../../../common/place-access.ts';
import { accessColumns, accessIs, accessSummaryOf } from './place-access.db.ts';

type Db = Kysely<DB>;

function places(db: Db, viewer: Viewer) {
  return visibleItems(db, 'place', viewer).select([
    'c.name', 'c.location', 'c.latitude', 'c.longitude', 'c.image_url',
    ...accessColumns(todayUtc()),
    latestConditions(),
  ]);
}

/** The latest report still current of each place `c` (one step down condition_reports_place_idx per place). */
const latestConditions = () =>
  sql<ConditionSummary | null>`(select json_build_object('kind', r.kind, 'values', r.values, 'createdAt', r.created_at) from condition_reports r
    where r.place_id = c.id and r.expires_at > now() order by r.created_at desc limit 1)`.as('conditions');

const conditionsOf = (row: { conditions: ConditionSummary | null }) => row.conditions && { ...row.conditions, createdAt: iso(row.conditions.createdAt) };

type PlaceRow = Awaited<ReturnType<ReturnType<typeof places>['executeTakeFirstOrThrow']>>;

const toPlace = (row: PlaceRow, viewer: Viewer): Place => ({
  ...itemFields(row, viewer),
  name: row.name,
  location: row.location,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  imageUrl: row.image_url,
  access: accessSummaryOf(row, todayUtc()),
  conditions: conditionsOf(row),
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

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE_OF_LATITUDE = 111.2;

/**
 * The longitude ranges of a box `halfWidth` degrees either side of `longitude`: two where it crosses
 * the antimeridian, the whole circle near a pole (where a degree of longitude is almost no distance).
 */
export function longitudeRanges(longitude: number, halfWidth: number): [number, number][] {
  if (halfWidth >= 180) return [[-180, 180]];
  const west = longitude - halfWidth;
  const east = longitude + halfWidth;
  if (west < -180) return [[west + 360, 180], [-180, east]];
  if (east > 180) return [[west, 180], [-180, east - 360]];
  return [[west, east]];
}

/**
 * The search widens through these radii until one holds NEARBY_LIMIT places: where spots crowd, the
 * first small box has enough, and the nearest found in it are the nearest of all.
 */
const SEARCH_RADII_KM = [10, NEARBY_RADIUS_KM];

/**
 * Approved places of the same discipline within NEARBY_RADIUS_KM of a place the viewer may see,
 * nearest first; undefined when the place is not visible. The box around it (see places_nearby_idx)
 * narrows the rows before the exact great-circle distance is computed for those inside.
 */
export async function nearbyPlaces(db: Db, id: string, viewer: Viewer): Promise<NearbyPlaces | undefined> {
  const place = await getPlace(db, id, viewer);
  if (!place) return undefined;
  const today = todayUtc();
  let rows: Awaited<ReturnType<typeof placesWithin>> = [];
  for (const radius of SEARCH_RADII_KM) {
    rows = await placesWithin(db, place, radius, today);
    if (rows.length === NEARBY_LIMIT) break;
  }
  return {
    radiusKm: NEARBY_RADIUS_KM,
    items: rows.map((row) => ({
      id: row.id,
      disciplineId: row.discipline_id,
      name: row.name,
      location: row.location,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      imageUrl: row.image_url,
      distanceKm: Math.round(Number(row.distance_km) * 10) / 10,
      access: accessSummaryOf(row, today),
      conditions: conditionsOf(row),
    })),
  };
}

/** The nearest NEARBY_LIMIT approved places of `place`'s discipline within `radius` km of it. */
function placesWithin(db: Db, place: Place, radius: number, today: string) {
  const { id, latitude, longitude } = place;
  const latitudeSpan = radius / KM_PER_DEGREE_OF_LATITUDE;
  const cosine = Math.cos((Math.min(89.9, Math.abs(latitude) + latitudeSpan) * Math.PI) / 180);
  const ranges = longitudeRanges(longitude, latitudeSpan / cosine);
  const distance = sql<number>`${2 * EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(c.latitude - ${latitude}) / 2), 2)
    + cos(radians(${latitude})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${longitude}) / 2), 2))))`;
  return db
    .selectFrom((inner) =>
      inner
        .selectFrom('places as c')
        .select(['c.id', 'c.discipline_id', 'c.name', 'c.location', 'c.latitude', 'c.longitude', 'c.image_url', distance.as('distance_km'), ...accessColumns(today), latestConditions()])
        .where('c.discipline_id', '=', place.disciplineId)
        .where('c.status', '=', 'approved')
        .where('c.id', '!=', id)
        .where('c.latitude', '>=', latitude - latitudeSpan)
        .where('c.latitude', '<=', latitude + latitudeSpan)
        .where((eb) => eb.or(ranges.map(([west, east]) => eb.and([eb('c.longitude', '>=', west), eb('c.longitude', '<=', east)]))))
        .as('near'),
    )
    .selectAll()
    .where('distance_km', '<=', radius)
    .orderBy('distance_km')
    .orderBy('id')
    .limit(NEARBY_LIMIT)
    .execute();
}
