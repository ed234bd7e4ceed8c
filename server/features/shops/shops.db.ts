import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Shop, ShopList, shopInputSchema, shopListQuerySchema, shopUpdateSchema } from '../../../common/shops.ts';
import type { DB } from '../../db/schema.ts';
import { changedColumns } from '../../lib/changes.ts';
import { addContribution, authorOf, iso, newestFirstPage, publicTotal, ratingColumns, reactionColumns, stringList, toRating, toReactions, updateContribution, type Viewer, visibleTo } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';

export type NewShop = z.output<typeof shopInputSchema>;
export type ShopChanges = z.output<typeof shopUpdateSchema>;
export type ShopListFilters = z.output<typeof shopListQuerySchema>;

type Db = Kysely<DB>;

function shops(db: Db, viewer: Viewer) {
  return db
    .selectFrom('shops as sh')
    .leftJoin('profiles as a', 'a.id', 'sh.author_id')
    .where(visibleTo('sh', viewer))
    .select([
      'sh.id',
      'sh.discipline_id',
      'sh.name',
      'sh.description',
      'sh.location',
      'sh.established_year',
      'sh.sponsored_athletes',
      'sh.specialties',
      'sh.brands',
      'sh.email',
      'sh.phone',
      'sh.website',
      'sh.image_url',
      'sh.status',
      'sh.created_at',
      'sh.author_id',
      'a.name as author_name',
      'a.avatar_url as author_avatar_url',
      ...reactionColumns('shop', 'sh.id', viewer),
      ...ratingColumns('shop', 'sh.id', viewer),
    ]);
}

type ShopRow = Awaited<ReturnType<ReturnType<typeof shops>['executeTakeFirstOrThrow']>>;

const toShop = (row: ShopRow, viewer: Viewer): Shop => ({
  id: row.id,
  disciplineId: row.discipline_id,
  name: row.name,
  description: row.description,
  location: row.location,
  establishedYear: row.established_year === null ? null : Number(row.established_year),
  sponsoredAthletes: Number(row.sponsored_athletes),
  specialties: stringList(row.specialties),
  brands: stringList(row.brands),
  email: row.email,
  phone: row.phone,
  website: row.website,
  imageUrl: row.image_url,
  status: row.status,
  author: authorOf(row),
  createdAt: iso(row.created_at),
  mine: !!viewer && row.author_id === viewer.id,
  reactions: toReactions(row),
  rating: toRating(row),
});

/** A page of the discipline's shops, newest first; q matches name, location, description, a specialty or a brand. */
export async function listShops(db: Db, disciplineId: string, filters: ShopListFilters, viewer: Viewer): Promise<ShopList> {
  let query = shops(db, viewer).where('sh.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['sh.name', 'sh.location', 'sh.description'], ['sh.specialties', 'sh.brands']));
  }
  return newestFirstPage(db, query, 'sh', filters, (r) => toShop(r, viewer), publicTotal(db, 'shop', disciplineId, viewer, !!q));
}

/** The shop as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getShop(db: Db, id: string, viewer: Viewer): Promise<Shop | undefined> {
  const row = await shops(db, viewer).where('sh.id', '=', id).executeTakeFirst();
  return row && toShop(row, viewer);
}

/** An admin's shop is public at once; anyone else's waits in the approvals queue. */
export async function createShop(db: Db, disciplineId: string, input: NewShop, author: NonNullable<Viewer>): Promise<string> {
  return addContribution(db, { type: 'shop', name: input.name }, author, (tx, status) =>
    tx
      .insertInto('shops')
      .values({
        name: input.name,
        discipline_id: disciplineId,
        description: input.description,
        location: input.location,
        established_year: input.establishedYear ?? null,
        sponsored_athletes: input.sponsoredAthletes ?? 0,
        specialties: JSON.stringify(input.specialties ?? []),
        brands: JSON.stringify(input.brands ?? []),
        email: input.email ?? null,
        phone: input.phone ?? null,
        website: input.website ?? null,
        image_url: input.imageUrl ?? null,
        author_id: author.id,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

/** Changes the fields that were sent; the status stays as it is. */
export async function updateShop(db: Db, id: string, changes: ShopChanges): Promise<void> {
  await updateContribution(
    db,
    'shop',
    id,
    {
      ...changedColumns<ShopChanges, Updateable<DB['shops']>>(changes, {
        name: 'name',
        description: 'description',
        location: 'location',
        establishedYear: 'established_year',
        sponsoredAthletes: 'sponsored_athletes',
        email: 'email',
        phone: 'phone',
        website: 'website',
        imageUrl: 'image_url',
      }),
      ...(changes.specialties !== undefined ? { specialties: JSON.stringify(changes.specialties) } : {}),
      ...(changes.brands !== undefined ? { brands: JSON.stringify(changes.brands) } : {}),
    },
    changes.name,
  );
}

/** Its likes, comments, ratings and queue entry go with it (a trigger of migration 0005). */
export async function deleteShop(db: Db, id: string): Promise<void> {
  await db.deleteFrom('shops').where('id', '=', id).execute();
}
