import { sql, type Kysely } from 'kysely';
import { MAX_PHOTOS, type Photo } from '../../../common/photos.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/client.ts';
import { CONTENT_TABLES, visibleTo, type Viewer } from '../../lib/content.ts';
import { PHOTO_COLUMNS, toPhoto, type PhotoSubject } from '../../lib/photos.ts';
import { sessionVisibleTo } from '../sessions/index.ts';

type Db = Kysely<DB>;

/**
 * The author of `subject` when `viewer` may see it, else undefined (missing and hidden alike): a
 * content item as its section shows it, a session as sessions do, a condition report as its place.
 */
export async function subjectAuthor(db: Db, subject: PhotoSubject, viewer: Viewer): Promise<{ authorId: string | null } | undefined> {
  const { type, id } = subject;
  if (type === 'session') {
    const row = await db.selectFrom('ride_sessions as s').select('s.author_id').where('s.id', '=', id).where(sessionVisibleTo('s', viewer)).executeTakeFirst();
    return row && { authorId: row.author_id };
  }
  if (type === 'condition_report') {
    const row = await db
      .selectFrom('condition_reports as r')
      .innerJoin('places as c', 'c.id', 'r.place_id')
      .select('r.author_id')
      .where('r.id', '=', id)
      .where(visibleTo('place', 'c', viewer))
      .executeTakeFirst();
    return row && { authorId: row.author_id };
  }
  const row = await db
    .selectFrom(`${CONTENT_TABLES[type]} as c` as 'places as c')
    .select('c.author_id')
    .where('c.id', '=', id)
    .where(visibleTo(type, 'c', viewer))
    .executeTakeFirst();
  return row && { authorId: row.author_id };
}

export async function photoCount(db: Db, subject: PhotoSubject): Promise<number> {
  const { n } = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Serialises the writes of one subject's gallery: two uploads at once cannot both take the 10th place. */
const lockSubject = (tx: Db, subject: PhotoSubject) => sql`select pg_advisory_xact_lock(hashtext(${`photos:${subject.id}`}))`.execute(tx);

/** Adds a photo after the others; undefined when the subject already has MAX_PHOTOS (nothing stored). */
export async function addPhoto(
  db: Db,
  subject: PhotoSubject,
  photo: { alt: string; variants: Record<string, string>; width: number; height: number; authorId: string },
): Promise<Photo | undefined> {
  return inTransaction(db, async (tx) => {
    await lockSubject(tx, subject);
    const count = await photoCount(tx, subject);
    if (count >= MAX_PHOTOS) return undefined;
    const row = await tx
      .insertInto('photos')
      .values({
        subject_type: subject.type,
        subject_id: subject.id,
        position: count,
        alt: photo.alt,
        variants: JSON.stringify(photo.variants),
        width: photo.width,
        height: photo.height,
        author_id: photo.authorId,
      })
      .returning(PHOTO_COLUMNS)
      .executeTakeFirstOrThrow();
    return toPhoto(row);
  });
}

export async function getPhoto(db: Db, id: string) {
  const row = await db
    .selectFrom('photos')
    .select(['subject_type', 'subject_id', ...PHOTO_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { subject: { type: row.subject_type, id: row.subject_id } as PhotoSubject, photo: toPhoto(row), variants: row.variants };
}

/** Positions 0, 1, 2… in the gallery's order, `first` (the new cover) ahead when named. */
async function renumber(tx: Db, subject: PhotoSubject, first?: string): Promise<void> {
  await sql`update photos set position = n.rank - 1
    from (select id, row_number() over (order by id = ${first ?? null} desc nulls last, position, created_at) as rank
          from photos where subject_type = ${subject.type} and subject_id = ${subject.id}) n
    where photos.id = n.id`.execute(tx);
}

export async function updatePhoto(db: Db, id: string, subject: PhotoSubject, changes: { alt?: string; cover?: true }): Promise<Photo> {
  return inTransaction(db, async (tx) => {
    await lockSubject(tx, subject);
    if (changes.alt !== undefined) await tx.updateTable('photos').set({ alt: changes.alt }).where('id', '=', id).execute();
    if (changes.cover) await renumber(tx, subject, id);
    const row = await tx.selectFrom('photos').select(PHOTO_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
    return toPhoto(row);
  });
}

export async function deletePhoto(db: Db, id: string, subject: PhotoSubject): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockSubject(tx, subject);
    await tx.deleteFrom('photos').where('id', '=', id).execute();
    await renumber(tx, subject);
  });
}
