import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { Place, PlaceList, placeInputSchema, placeListQuerySchema, placeUpdateSchema } from '../../../common/places.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like.ts';
import { queueForApproval, renameQueuedItem } from '../../lib/approval-queue.ts';
import { changedColumns } from '../../lib/changes.ts';

export type Viewer = { id: string; role: 'user' | 'admin' } | null;
export type NewPlace = z.output<typeof placeInputSchema>;
export type PlaceChanges = z.output<typeof placeUpdateSchema>;
export type PlaceListFilters = z.output<typeof placeListQuerySchema>;

type Db = Kysely<DB>;

/** Approved places; pending or rejected ones only for their author and admins. */
function visibleTo(viewer: Viewer): Expression<SqlBool> {
  if (viewer?.role === 'admin') return sql<SqlBool>`true`;
  if (!viewer) return sql<SqlBool>`pl.status = 'approved'`;
  return sql<SqlBool>`(pl.status = 'approved' or pl.author_id = ${viewer.id})`;
}

function places(db: Db, viewer: Viewer) {
  return db
    .selectFrom('places as pl')
    .leftJoin('profiles as a', 'a.id', 'pl.author_id')
    .where(visibleTo(viewer))
    .select([
      'pl.id',
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
    ]);
}

type PlaceRow = Awaited<ReturnType<ReturnType<typeof places>['executeTakeFirstOrThrow']>>;

const toPlace = (row: PlaceRow, viewer: Viewer): Place => ({
  id: row.id,
  name: row.name,
  location: row.location,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  imageUrl: row.image_url,
  status: row.status as Place['status'],
  author: row.author_id ? { id: row.author_id, name: row.author_name ?? '', avatarUrl: row.author_avatar_url ?? null } : null,
  createdAt: new Date(row.created_at).toISOString(),
  mine: !!viewer && row.author_id === viewer.id,
});

export async function disciplineExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('disciplines').select('id').where('id', '=', id).executeTakeFirst());
}

/** A page of the discipline's places, newest first, with the total in the same statement. */
export async function listPlaces(db: Db, disciplineId: string, filters: PlaceListFilters, viewer: Viewer): Promise<PlaceList> {
  let query = places(db, viewer).where('pl.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query = query.where(sql<SqlBool>`(lower(pl.name) like lower(${pattern}) escape '\\' or lower(pl.location) like lower(${pattern}) escape '\\')`);
  }
  const rows = await query
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('pl.created_at', 'desc')
    .orderBy('pl.id', 'desc')
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();
  // Past the last page the window count has no row to ride on.
  const total =
    rows[0]?.total ??
    (filters.page === 1
      ? 0
      : Number((await db.selectFrom(query.as('f')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
  return { items: rows.map((r) => toPlace(r, viewer)), total: Number(total), page: filters.page, pageSize: filters.limit };
}

/** The place as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getPlace(db: Db, id: string, viewer: Viewer): Promise<Place | undefined> {
  const row = await places(db, viewer).where('pl.id', '=', id).executeTakeFirst();
  return row && toPlace(row, viewer);
}

/** An admin's place is public at once; anyone else's waits in the approvals queue. */
export async function createPlace(db: Db, disciplineId: string, input: NewPlace, author: NonNullable<Viewer>): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const status = author.role === 'admin' ? 'approved' : 'pending';
    const place = await tx
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
      .executeTakeFirstOrThrow();
    if (status === 'pending') await queueForApproval(tx, { type: 'place', id: place.id, name: input.name, submittedBy: author.id });
    return place.id;
  });
}

/** Changes the fields that were sent; the status stays as it is. */
export async function updatePlace(db: Db, id: string, changes: PlaceChanges): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('places')
      .set({
        ...changedColumns<PlaceChanges, Updateable<DB['places']>>(changes, {
          name: 'name',
          location: 'location',
          latitude: 'latitude',
          longitude: 'longitude',
          imageUrl: 'image_url',
        }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (changes.name !== undefined) await renameQueuedItem(tx, 'place', id, changes.name);
  });
}

export async function deletePlace(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('pending_approvals').where('item_type', '=', 'place').where('item_id', '=', id).execute();
    await tx.deleteFrom('places').where('id', '=', id).execute();
  });
}
