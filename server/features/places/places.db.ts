import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Place, PlaceList, placeInputSchema, placeListQuerySchema, placeUpdateSchema } from '../../../common/places.ts';
import type { DB } from '../../db/schema.ts';
import { changedColumns } from '../../lib/changes.ts';
import { addContribution, authorOf, iso, newestFirstPage, publicTotal, reactionColumns, toReactions, updateContribution, type Viewer, visibleTo } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';

export type NewPlace = z.output<typeof placeInputSchema>;
export type PlaceChanges = z.output<typeof placeUpdateSchema>;
export type PlaceListFilters = z.output<typeof placeListQuerySchema>;

type Db = Kysely<DB>;

function places(db: Db, viewer: Viewer) {
  return db
    .selectFrom('places as pl')
    .leftJoin('profiles as a', 'a.id', 'pl.author_id')
    .where(visibleTo('pl', viewer))
    .select([
      'pl.id',
      'pl.discipline_id',
      'pl.name',
      'pl.location',
      'pl.latitude',
      'pl.longitude',
      'pl.image_url',
      'pl.status',
      'pl.created_at',
      'pl.author_id',
      'a.name as author_name',
      'a.avatar_url as author_avatar_url',
      ...reactionColumns('place', 'pl.id', viewer),
    ]);
}

type PlaceRow = Awaited<ReturnType<ReturnType<typeof places>['executeTakeFirstOrThrow']>>;

const toPlace = (row: PlaceRow, viewer: Viewer): Place => ({
  id: row.id,
  disciplineId: row.discipline_id,
  name: row.name,
  location: row.location,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  imageUrl: row.image_url,
  status: row.status,
  author: authorOf(row),
  createdAt: iso(row.created_at),
  mine: !!viewer && row.author_id === viewer.id,
  reactions: toReactions(row),
});

/** A page of the discipline's places, newest first. */
export async function listPlaces(db: Db, disciplineId: string, filters: PlaceListFilters, viewer: Viewer): Promise<PlaceList> {
  let query = places(db, viewer).where('pl.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['pl.name', 'pl.location']));
  }
  return newestFirstPage(db, query, 'pl', filters, (r) => toPlace(r, viewer), publicTotal(db, 'place', disciplineId, viewer, !!q));
}

/** The place as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getPlace(db: Db, id: string, viewer: Viewer): Promise<Place | undefined> {
  const row = await places(db, viewer).where('pl.id', '=', id).executeTakeFirst();
  return row && toPlace(row, viewer);
}

/** An admin's place is public at once; anyone else's waits in the approvals queue. */
export async function createPlace(db: Db, disciplineId: string, input: NewPlace, author: NonNullable<Viewer>): Promise<string> {
  return addContribution(db, { type: 'place', name: input.name }, author, (tx, status) =>
    tx
      .insertInto('places')
      .values({
        name: input.name,
        discipline_id: disciplineId,
        location: input.location,
        latitude: input.latitude,
        longitude: input.longitude,
        image_url: input.imageUrl ?? null,
        author_id: author.id,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

/** Changes the fields that were sent; the status stays as it is. */
export async function updatePlace(db: Db, id: string, changes: PlaceChanges): Promise<void> {
  await updateContribution(
    db,
    'place',
    id,
    {
      ...changedColumns<PlaceChanges, Updateable<DB['places']>>(changes, {
        name: 'name',
        location: 'location',
        latitude: 'latitude',
        longitude: 'longitude',
        imageUrl: 'image_url',
      }),
    },
    changes.name,
  );
}

/** Its likes, comments, ratings and queue entry go with it (a trigger of migration 0005). */
export async function deletePlace(db: Db, id: string): Promise<void> {
  await db.deleteFrom('places').where('id', '=', id).execute();
}
