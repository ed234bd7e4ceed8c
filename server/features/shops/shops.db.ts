import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Shop, shopInputSchema, shopListQuerySchema, shopUpdateSchema } from '../../../common/shops.ts';
import type { DB } from '../../db/schema.ts';
import { coverColumn } from '../../lib/photos.ts';
import { itemFields, ratingColumns, stringList, toRating, type Viewer, visibleItems } from '../../lib/content.ts';
import { sectionStore } from '../../lib/content-store.ts';

type Db = Kysely<DB>;

function shops(db: Db, viewer: Viewer) {
  return visibleItems(db, 'shop', viewer).select([
    'c.name',
    'c.description',
    'c.location',
    'c.established_year',
    'c.sponsored_athletes',
    'c.specialties',
    'c.brands',
    'c.email',
    'c.phone',
    'c.website',
    'c.image_url',
    coverColumn('shop', 'c'),
    ...ratingColumns('shop', 'c.id', viewer),
  ]);
}

type ShopRow = Awaited<ReturnType<ReturnType<typeof shops>['executeTakeFirstOrThrow']>>;

const toShop = (row: ShopRow, viewer: Viewer): Shop => ({
  ...itemFields(row, viewer),
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
  coverUrl: row.cover_url,
  rating: toRating(row),
});

/** The section's reads and writes. Its list: a page of the discipline's shops, newest first; q matches name, location, description, a specialty or a brand. */
export const shopsStore = sectionStore<
  ShopRow,
  Shop,
  z.output<typeof shopInputSchema>,
  z.output<typeof shopUpdateSchema>,
  z.output<typeof shopListQuerySchema>
>({
  type: 'shop',
  items: shops,
  toItem: toShop,
  nameField: 'name',
  search: { text: ['c.name', 'c.location', 'c.description'], lists: ['c.specialties', 'c.brands'] },
});

/** For approving a revision. */
export const { get: getShop, update: updateShop } = shopsStore;
