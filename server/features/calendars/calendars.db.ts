import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { contentPath } from '../../../common/content-basics.ts';
import type { DB } from '../../db/schema.ts';
import { visibleTo, type Viewer } from '../../lib/content.ts';
import type { IcsEvent, IcsSeries } from './calendars.ics.ts';

type Db = Kysely<DB>;

/** At most this many events in a discipline's or a person's feed. */
export const FEED_EVENTS_LIMIT = 500;
/** How far back a feed reaches: a calendar keeps last week's contest where it was. */
const PAST_DAYS = 30;

/** The events of a calendar, with their place when it is one everyone may see (GEO shows only a public spot). */
function calendarEvents(db: Db, viewer: Viewer) {
  return db
    .selectFrom('events as c')
    .leftJoin('places as p', (join) =>
      join
        .onRef('p.id', '=', 'c.place_id')
        .on('p.visibility', '=', 'public')
        .on(visibleTo('place', 'p', null)),
    )
    .select([
      'c.id',
      'c.discipline_id',
      'c.name',
      'c.description',
      'c.location',
      'c.start_date',
      'c.end_date',
      'c.status',
      'c.created_at',
      'c.updated_at',
      'p.latitude',
      'p.longitude',
    ])
    .select(['c.series_id', 'c.series_index', 'c.detached'])
    .where(visibleTo('event', 'c', viewer));
}

type Row = Awaited<ReturnType<ReturnType<typeof calendarEvents>['execute']>>[number];

const toIcs = (row: Row, publicUrl: string, waitlisted = false): IcsEvent => ({
  id: row.id,
  name: row.name,
  description: row.description,
  location: row.location,
  start: new Date(row.start_date),
  end: new Date(row.end_date),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  url: `${publicUrl}${contentPath('event', row.discipline_id, row.id)}`,
  status: row.status === 'rejected' ? 'CANCELLED' : row.status !== 'approved' || waitlisted ? 'TENTATIVE' : 'CONFIRMED',
  geo: row.latitude === null || row.longitude === null ? null : { latitude: Number(row.latitude), longitude: Number(row.longitude) },
});

/** One event as `viewer` may see it (approved, or their own, or any for an admin), with whether it is approved. */
export async function calendarEvent(db: Db, id: string, viewer: Viewer, publicUrl: string): Promise<IcsEvent | undefined> {
  const row = await calendarEvents(db, viewer).where('c.id', '=', id).executeTakeFirst();
  return row && toIcs(row, publicUrl);
}

const recent = () => sql<Date>`now() - ${`${PAST_DAYS} days`}::interval`;

/**
 * The series of `seriesIds` with each of their dates `viewer` may see (all or none: a series is
 * approved as one). Its VEVENT shows its next date not edited alone, else its last such date.
 */
async function seriesOf(db: Db, seriesIds: string[], viewer: Viewer, publicUrl: string): Promise<Map<string, IcsSeries>> {
  if (seriesIds.length === 0) return new Map();
  const [rules, rows] = await Promise.all([
    db.selectFrom('event_series').selectAll().where('id', 'in', seriesIds).execute(),
    calendarEvents(db, viewer).where('c.series_id', 'in', seriesIds).orderBy('c.series_index', 'asc').execute(),
  ]);
  const now = Date.now();
  const found = new Map<string, IcsSeries>();
  for (const rule of rules) {
    const mine = rows.filter((row) => row.series_id === rule.id);
    if (mine.length === 0) continue;
    const kept = mine.filter((row) => !row.detached);
    const template = kept.find((row) => new Date(row.end_date).getTime() >= now) ?? kept.at(-1) ?? mine[0]!;
    found.set(rule.id, {
      seriesId: rule.id,
      rule: { frequency: rule.frequency, count: rule.date_count, timeZone: rule.time_zone, start: new Date(rule.starts_at) },
      dates: mine.map((row) => ({ ...toIcs(row, publicUrl), index: Number(row.series_index) })),
      template: toIcs(template, publicUrl),
      createdAt: new Date(rule.created_at),
      updatedAt: new Date(rule.updated_at),
    });
  }
  return found;
}

/** The whole series of the date `id`, as `viewer` may see it; undefined for a single event or a hidden one. */
export async function seriesCalendar(db: Db, id: string, viewer: Viewer, publicUrl: string): Promise<IcsSeries | undefined> {
  const row = await calendarEvents(db, viewer).where('c.id', '=', id).executeTakeFirst();
  if (!row?.series_id) return undefined;
  return (await seriesOf(db, [row.series_id], viewer, publicUrl)).get(row.series_id);
}

/**
 * A discipline's approved events, upcoming and of the last 30 days, in start order. A series with a
 * date among them is given whole, as its rule, where its first such date would be. Every date of a
 * series counts towards FEED_EVENTS_LIMIT (issue 37): 500 series with a date each in the window would
 * otherwise make 26,000 VEVENTs; the feed stops at the first item that no longer fits.
 */
export async function disciplineCalendar(db: Db, disciplineId: string, publicUrl: string): Promise<(IcsEvent | IcsSeries)[]> {
  const found = await calendarEvents(db, null)
    .where('c.discipline_id', '=', disciplineId)
    .where('c.end_date', '>=', recent())
    .orderBy('c.start_date', 'asc')
    .orderBy('c.id', 'asc')
    .limit(FEED_EVENTS_LIMIT)
    .execute();
  const seriesIds = [...new Set(found.flatMap((row) => (row.series_id ? [row.series_id] : [])))];
  const sizes = new Map<string, number>();
  if (seriesIds.length > 0) {
    for (const rule of await db.selectFrom('event_series').select(['id', 'date_count']).where('id', 'in', seriesIds).execute())
      sizes.set(rule.id, rule.date_count);
  }
  let room = FEED_EVENTS_LIMIT;
  const counted = new Set<string>();
  const rows: typeof found = [];
  for (const row of found) {
    const cost = !row.series_id ? 1 : counted.has(row.series_id) ? 0 : (sizes.get(row.series_id) ?? 1);
    if (cost > room) break;
    room -= cost;
    if (row.series_id) counted.add(row.series_id);
    rows.push(row);
  }
  const series = await seriesOf(db, [...counted], null, publicUrl);
  const given = new Set<string>();
  return rows.flatMap((row): (IcsEvent | IcsSeries)[] => {
    if (!row.series_id) return [toIcs(row, publicUrl)];
    const whole = series.get(row.series_id);
    if (!whole || given.has(row.series_id)) return [];
    given.add(row.series_id);
    return [whole];
  });
}

/** The events `person` RSVPed to (going or waiting), upcoming and of the last 30 days, that they may still see. */
export async function personalCalendar(db: Db, person: NonNullable<Viewer>, publicUrl: string): Promise<IcsEvent[]> {
  const rows = await calendarEvents(db, person)
    .innerJoin('event_attendees as ea', (join) => join.onRef('ea.event_id', '=', 'c.id').on('ea.user_id', '=', person.id))
    .select('ea.status as rsvp')
    .where('c.end_date', '>=', recent())
    .orderBy('c.start_date', 'asc')
    .orderBy('c.id', 'asc')
    .limit(FEED_EVENTS_LIMIT)
    .execute();
  return rows.map((row) => toIcs(row, publicUrl, row.rsvp === 'waitlist'));
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new secret address token for `userId`, replacing any earlier one (whose address stops working). Only its hash is stored. */
export async function createFeedToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: hashOf(token) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: hashOf(token), created_at: sql`now()` }))
    .execute();
  return token;
}

export async function deleteFeedToken(db: Db, userId: string): Promise<boolean> {
  const gone = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

export async function feedCreatedAt(db: Db, userId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
  return row && new Date(row.created_at);
}

/**
 * The person a feed token belongs to, or undefined. The row is found by the token's SHA-256, which a
 * guesser cannot steer byte by byte; the hashes are then compared in constant time all the same.
 */
export async function feedOwner(db: Db, token: string): Promise<(NonNullable<Viewer> & { language: string | null }) | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const hash = hashOf(token);
  const row = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('profiles as u', 'u.id', 'f.user_id')
    .select(['f.token_hash', 'u.id', 'u.role', 'u.banned', 'u.preferred_language'])
    .where('f.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.banned || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  return { id: row.id, role: row.role === 'admin' ? 'admin' : 'user', language: row.preferred_language };
}
