import { sql, type Insertable, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ConditionSummary } from '../../../common/conditions.ts';
import {
  NEARBY_LIMIT,
  NEARBY_RADIUS_KM,
  type NearbyPlaces,
  type Place,
  type PlaceVisibility,
  type placeInputSchema,
  type placeListQuerySchema,
  type placeUpdateSchema,
} from '../../../common/places.ts';
import type { DB } from '../../db/schema.ts';
import { coverColumn } from '../../lib/photos.ts';
import { queueForApproval } from '../../lib/approval-queue.ts';
import { contributionColumns, iso, itemFields, updateContribution, type Viewer, visibleItems } from '../../lib/content.ts';
import { sectionStore } from '../../lib/content-store.ts';
import { fail } from '../../lib/errors.ts';
import { inTransaction } from '../../db/client.ts';
import { todayUtc } from '../../../common/place-access.ts';
import { accessColumns, accessIs, accessSummaryOf } from './place-access.db.ts';

type Db = Kysely<DB>;

function places(db: Db, viewer: Viewer) {
  return visibleItems(db, 'place', viewer).select([
    'c.name',
    'c.location',
    'c.latitude',
    'c.longitude',
    'c.image_url',
    coverColumn('place', 'c'),
    'c.visibility',
    'c.team_id',
    sql<string | null>`(select t.name from teams t where t.id = c.team_id)`.as('team_name'),
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
  coverUrl: row.cover_url,
  visibility: row.visibility,
  team: row.team_id && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
  access: accessSummaryOf(row, todayUtc()),
  conditions: conditionsOf(row),
});

type PlaceInput = z.output<typeof placeInputSchema>;
type PlaceChanges = z.output<typeof placeUpdateSchema>;

const store = sectionStore<PlaceRow, Place, PlaceInput, PlaceChanges, z.output<typeof placeListQuerySchema>>({
  type: 'place',
  items: places,
  toItem: toPlace,
  nameField: 'name',
  search: { text: ['c.name', 'c.location'] },
  narrow: (filters) => (filters.access ? accessIs(filters.access, todayUtc()) : undefined),
});

/**
 * The team a place of `visibility` is kept for: a crew place's must be one `person` belongs to (an admin
 * may name any team); other places have none, whatever was sent. The team must be private, joined by
 * request or invitation (issue 37): its members see the spot, and anyone may join an open team at once.
 * Such a team cannot then be opened while it keeps crew spots (the teams feature's updateTeam). The
 * team's row is read FOR SHARE, held until `db`'s transaction ends: an opening of the team (which
 * locks it FOR UPDATE before counting its crew spots) waits for this spot, or this spot for it and
 * then finds the team open; a plain read let both pass, and left a crew spot on an open team.
 */
async function crewOf(db: Db, visibility: PlaceVisibility, teamId: string | null | undefined, person: NonNullable<Viewer>): Promise<string | null> {
  if (visibility !== 'crew') return null;
  if (!teamId) fail('PLACE_TEAM_NOT_YOURS');
  let query = db.selectFrom('teams as t').select('t.is_private').where('t.id', '=', teamId);
  if (person.role !== 'admin') {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('team_members as m').select('m.user_id').whereRef('m.team_id', '=', 't.id').where('m.user_id', '=', person.id)),
    );
  }
  const found = await query.forShare('t').executeTakeFirst();
  if (!found) fail('PLACE_TEAM_NOT_YOURS');
  if (!found.is_private) fail('CREW_SPOT_NEEDS_PRIVATE_TEAM');
  return teamId;
}

/**
 * A new place. A public one is an ordinary contribution (an admin's public at once, anyone else's
 * queued); a secret one is never public, so nothing is queued and it stays 'pending' (never approved:
 * migration 0016).
 */
async function createPlace(db: Db, disciplineId: string, input: PlaceInput, author: NonNullable<Viewer>): Promise<string> {
  if (input.visibility === 'public') return store.create(db, disciplineId, { ...input, teamId: null }, author);
  // The team's check and the spot in one transaction: the team stays private until the spot is made.
  return inTransaction(db, async (tx) => {
    const teamId = await crewOf(tx, input.visibility, input.teamId, author);
    const { id } = await tx
      .insertInto('places')
      .values({
        ...(contributionColumns({ ...input, teamId }) as Insertable<DB['places']>),
        discipline_id: disciplineId,
        author_id: author.id,
        status: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

/**
 * Changes a place. A change of who sees it moves its status in the same statement: made secret, it
 * leaves the approvals queue and is no longer approved; made public, an admin's is approved at once and
 * anyone else's waits in the queue like a new place.
 */
async function changePlace(db: Db, id: string, changes: PlaceChanges, editor: NonNullable<Viewer>): Promise<void> {
  const { visibility, teamId, ...fields } = changes;
  if (visibility === undefined) return updateContribution(db, 'place', id, fields, fields.name);
  await inTransaction(db, async (tx) => {
    // The place's lock first, then its team's, as an author's edit and an approval take them.
    const current = await tx
      .selectFrom('places')
      .select(['visibility', 'status', 'name', 'author_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const team = await crewOf(tx, visibility, teamId, editor);
    let status = current.status;
    if (visibility !== 'public') {
      status = 'pending';
      await tx.deleteFrom('pending_approvals').where('item_type', '=', 'place').where('item_id', '=', id).where('status', '=', 'pending').execute();
    } else if (current.visibility !== 'public') {
      status = editor.role === 'admin' ? 'approved' : 'pending';
      if (status === 'pending')
        await queueForApproval(tx, { type: 'place', id, name: fields.name ?? current.name, submittedBy: current.author_id ?? editor.id });
    }
    await updateContribution(tx, 'place', id, { ...fields, visibility, teamId: team, status }, visibility === 'public' ? fields.name : undefined);
  });
}

/**
 * Hiding a spot shows less, to fewer people (issue 37): its author's change of who sees an approved
 * (so public) place applies at once instead of leaving it public until an admin's review; the rest of
 * the edit waits for that review as before.
 */
function hidingAtOnce(changes: Record<string, unknown>) {
  const { visibility, teamId, ...later } = changes as PlaceChanges;
  if (visibility === undefined || visibility === 'public') return undefined;
  return { now: visibility === 'crew' ? { visibility, teamId } : { visibility }, later };
}

/** The section's reads and writes. Its list: a page of the discipline's places, newest first. */
export const placesStore = { ...store, create: createPlace, update: changePlace, atOnce: hidingAtOnce };

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
  if (west < -180)
    return [
      [west + 360, 180],
      [-180, east],
    ];
  if (east > 180)
    return [
      [west, 180],
      [-180, east - 360],
    ];
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
        .select([
          'c.id',
          'c.discipline_id',
          'c.name',
          'c.location',
          'c.latitude',
          'c.longitude',
          'c.image_url',
          distance.as('distance_km'),
          ...accessColumns(today),
          latestConditions(),
        ])
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
