import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PHOTO_SUBJECT_TYPES, type Photo, type PhotoSubjectType } from '../../common/photos.ts';
import type { DB } from '../db/schema.ts';
import type { Storage } from './storage.ts';

/**
 * Reading photos where items are read (their gallery, their card's cover) and removing their files
 * where items are deleted. Writing them is server/features/photos.
 */

type Db = Kysely<DB>;
export type PhotoSubject = { type: PhotoSubjectType; id: string };

/** Whether `type` (a content type, or one of the others) can have photos: tricks cannot. */
export const isPhotoSubject = (type: string): type is PhotoSubjectType => (PHOTO_SUBJECT_TYPES as readonly string[]).includes(type);

type PhotoRow = { id: string; alt: string; variants: Record<string, string>; width: number; height: number };

export const toPhoto = (row: PhotoRow): Photo => ({
  id: row.id,
  alt: row.alt,
  width: row.width,
  height: row.height,
  variants: Object.entries(row.variants)
    .map(([width, url]) => ({ width: Number(width), url }))
    .sort((a, b) => a.width - b.width),
});

export const PHOTO_COLUMNS = ['id', 'alt', 'variants', 'width', 'height'] as const;

/** The gallery of `subject`, cover first (one range of photos_subject_idx). */
export async function photosOf(db: Db, subject: PhotoSubject): Promise<Photo[]> {
  return (await galleriesOf(db, subject.type, [subject.id])).get(subject.id) ?? [];
}

/** The galleries of several subjects of one type (a place's condition reports), in one query: id → photos. */
export async function galleriesOf(db: Db, type: PhotoSubjectType, ids: string[]): Promise<Map<string, Photo[]>> {
  const galleries = new Map<string, Photo[]>();
  if (!ids.length) return galleries;
  const rows = await db
    .selectFrom('photos')
    .select(['subject_id', ...PHOTO_COLUMNS])
    .where('subject_type', '=', type)
    .where('subject_id', 'in', ids)
    .orderBy('subject_id')
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  for (const row of rows) galleries.set(row.subject_id, [...(galleries.get(row.subject_id) ?? []), toPhoto(row)]);
  return galleries;
}

/** The smallest variant of the cover of the subject of `type` and `id` (SQL expressions): one step down photos_subject_idx. */
const coverSql = (type: PhotoSubjectType | RawBuilder<unknown>, id: RawBuilder<unknown>) =>
  sql<string | null>`(select v.value from photos p cross join lateral jsonb_each_text(p.variants) v
    where p.subject_type = ${type} and p.subject_id = ${id}
    order by p.position, p.created_at, (v.key)::int limit 1)`;

/**
 * The card's picture of the content row at `alias`: its cover's smallest variant, else the address
 * typed in its form (image_url). One step down photos_subject_idx per row, so lists stay cheap.
 */
export const coverColumn = (type: PhotoSubjectType, alias: string) =>
  sql<string | null>`coalesce(${coverSql(type, sql.ref(`${alias}.id`))}, ${sql.ref(`${alias}.image_url`)})`.as('cover_url');

/**
 * The same for a feed row of a content item or a session (`type` and `id` as text columns,
 * `imageUrl` its typed address), read for the page's rows only; other rows (members joining) have no cover.
 */
export const feedCover = (isContent: RawBuilder<unknown>, type: RawBuilder<unknown>, id: RawBuilder<unknown>, imageUrl: RawBuilder<unknown>) =>
  sql<string | null>`coalesce(case when ${isContent} then ${coverSql(type, sql`${id}::uuid`)} end, ${imageUrl})`;

/** The files of every photo that deleting `subject` takes along: its own, and for a place its reports' and sessions'. */
async function photoFilesUnder(db: Db, subject: PhotoSubject): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('variants')
    .where((eb) => {
      const own = eb.and([eb('subject_type', '=', subject.type), eb('subject_id', '=', subject.id)]);
      if (subject.type !== 'place') return own;
      return eb.or([
        own,
        eb.and([
          eb('subject_type', '=', 'condition_report'),
          eb('subject_id', 'in', eb.selectFrom('condition_reports').select('id').where('place_id', '=', subject.id)),
        ]),
        eb.and([eb('subject_type', '=', 'session'), eb('subject_id', 'in', eb.selectFrom('ride_sessions').select('id').where('place_id', '=', subject.id))]),
      ]);
    })
    .execute();
  return rows.flatMap((row) => Object.values(row.variants));
}

/** The files of the photos on `userId`'s condition reports and sessions, which deleting the account takes along (on delete cascade). */
export async function photoFilesOfAccount(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('variants')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('subject_type', '=', 'condition_report'),
          eb('subject_id', 'in', eb.selectFrom('condition_reports').select('id').where('author_id', '=', userId)),
        ]),
        eb.and([eb('subject_type', '=', 'session'), eb('subject_id', 'in', eb.selectFrom('ride_sessions').select('id').where('author_id', '=', userId))]),
      ]),
    )
    .execute();
  return rows.flatMap((row) => Object.values(row.variants));
}

/** Removes stored files, never throwing (storage.remove logs what it could not delete). */
export async function removePhotoFiles(storage: Storage, variants: Record<string, string>[]): Promise<void> {
  await Promise.all(variants.flatMap((v) => Object.values(v)).map((url) => storage.remove(url)));
}

/**
 * Deletes an item (or several: a series' dates) with `remove`, then the files of the photos they took
 * along (a trigger of migration 0018 deletes their rows, whichever statement deletes the item). The
 * addresses are read first.
 */
export async function deleteWithPhotos(app: { db: Db; storage: Storage }, subjects: PhotoSubject | PhotoSubject[], remove: () => Promise<void>): Promise<void> {
  const files = (await Promise.all([subjects].flat().map((subject) => photoFilesUnder(app.db, subject)))).flat();
  await remove();
  await Promise.all(files.map((url) => app.storage.remove(url)));
}
