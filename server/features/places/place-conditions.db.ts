import { sql, type Kysely } from 'kysely';
import { KIND_CATEGORIES, type ConditionKind } from '../../../common/conditions-basics.ts';
import type { ConditionReport, ConditionReportInput, PlaceConditions } from '../../../common/conditions.ts';
import type { DB } from '../../db/schema.ts';
import { iso, visibleTo, type Viewer } from '../../lib/content.ts';
import { galleriesOf } from '../../lib/photos.ts';

type Db = Kysely<DB>;

// The place page lists the current reports; more than this in a few hours says nothing new.
const RECENT_REPORTS = 20;

/**
 * The place, when `viewer` may see it, and the kind of report its discipline takes: its category among
 * water, snow and sky (the first by name for a discipline in several), else 'ground'.
 */
export async function reportablePlace(db: Db, placeId: string, viewer: Viewer): Promise<{ id: string; kind: ConditionKind } | undefined> {
  const row = await db
    .selectFrom('places as c')
    .select([
      'c.id',
      (eb) =>
        eb
          .selectFrom('discipline_categories as dc')
          .select('dc.category_id')
          .whereRef('dc.discipline_id', '=', 'c.discipline_id')
          .where('dc.category_id', 'in', KIND_CATEGORIES)
          .orderBy('dc.category_id')
          .limit(1)
          .as('category'),
    ])
    .where('c.id', '=', placeId)
    .where(visibleTo('place', 'c', viewer))
    .executeTakeFirst();
  if (!row) return undefined;
  const kind = KIND_CATEGORIES.find((k) => k === row.category) ?? 'ground';
  return { id: row.id, kind };
}

/** Stores a report, current for `ttlHours` from now; the kind and values were checked against the place. */
export async function addReport(db: Db, placeId: string, authorId: string, input: ConditionReportInput, ttlHours: number): Promise<string> {
  const { kind, note, ...values } = input;
  const row = await db
    .insertInto('condition_reports')
    .values({
      place_id: placeId,
      author_id: authorId,
      kind,
      values: JSON.stringify(values),
      note: note ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlHours * 3600})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The place's reports still current, newest first, with their likes. */
export async function currentReports(db: Db, place: { id: string; kind: ConditionKind }, viewer: Viewer): Promise<PlaceConditions> {
  const rows = await db
    .selectFrom('condition_reports as r')
    .innerJoin('profiles as a', 'a.id', 'r.author_id')
    .select([
      'r.id',
      'r.kind',
      'r.values',
      'r.note',
      'r.created_at',
      'r.expires_at',
      'r.author_id',
      'a.name as author_name',
      'a.avatar_url as author_avatar_url',
      sql<number>`(select count(*)::int from condition_report_likes l where l.report_id = r.id)`.as('likes'),
      sql<boolean>`exists (select 1 from condition_report_likes l where l.report_id = r.id and l.user_id = ${viewer?.id ?? null})`.as('liked'),
    ])
    .where('r.place_id', '=', place.id)
    .where('r.expires_at', '>', sql<Date>`now()`)
    .orderBy('r.created_at', 'desc')
    .limit(RECENT_REPORTS)
    .execute();
  const photos = await galleriesOf(
    db,
    'condition_report',
    rows.map((row) => row.id),
  );
  const reports: ConditionReport[] = rows.map((row) => ({
    photos: photos.get(row.id) ?? [],
    id: row.id,
    kind: row.kind,
    values: row.values,
    note: row.note,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    author: { id: row.author_id, name: row.author_name, avatarUrl: row.author_avatar_url },
    likes: row.likes,
    liked: row.liked,
    canDelete: !!viewer && (viewer.role === 'admin' || viewer.id === row.author_id),
  }));
  return { kind: place.kind, reports };
}

/** A report and whether `viewer` may see its place (an admin sees every one); expired ones too, so that they can be deleted. */
export async function getReport(db: Db, id: string, viewer: Viewer) {
  return db
    .selectFrom('condition_reports as r')
    .innerJoin('places as c', 'c.id', 'r.place_id')
    .select(['r.id', 'r.author_id', 'r.place_id'])
    .where('r.id', '=', id)
    .where(visibleTo('place', 'c', viewer))
    .executeTakeFirst();
}

export async function deleteReport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('condition_reports').where('id', '=', id).execute();
}

/** Likes or unlikes a report; twice changes nothing. */
export async function setReportLike(db: Db, id: string, userId: string, liked: boolean): Promise<{ liked: boolean; likes: number }> {
  if (liked) {
    await db
      .insertInto('condition_report_likes')
      .values({ report_id: id, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await db.deleteFrom('condition_report_likes').where('report_id', '=', id).where('user_id', '=', userId).execute();
  }
  const { n } = await db
    .selectFrom('condition_report_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('report_id', '=', id)
    .executeTakeFirstOrThrow();
  return { liked, likes: Number(n) };
}
