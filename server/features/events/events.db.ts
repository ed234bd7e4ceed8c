import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { z } from 'zod';
import {
  PLACE_EVENTS_LIMIT,
  type Event,
  type EventList,
  type EventPlace,
  type EventSeries,
  type EventWarning,
  type eventInputSchema,
  type eventListQuerySchema,
  type eventUpdateSchema,
} from '../../../common/events.ts';
import { eventTooLong } from '../../../common/events-basics.ts';
import { todayUtc } from '../../../common/place-access.ts';
import { movedSeries, seriesDates, type RepeatFrequency, type SeriesRule } from '../../../common/recurrence.ts';
import type { DB } from '../../db/schema.ts';
import { coverColumn } from '../../lib/photos.ts';
import { queueForApproval, renameQueuedItem } from '../../lib/approval-queue.ts';
import { addContribution, contributionColumns, iso, itemFields, pageRows, toPage, type Viewer, visibleItems, visibleTo } from '../../lib/content.ts';
import { fail } from '../../lib/errors.ts';
import { containsText } from '../../lib/like.ts';
import { inTransaction } from '../../db/client.ts';
import { accessNow, closuresDuring } from '../places/index.ts';
import { notifyAttendees, promoteWaitlist } from './events-people.db.ts';

export type NewEvent = z.output<typeof eventInputSchema>;
export type EventChanges = z.output<typeof eventUpdateSchema>;
export type EventListFilters = z.output<typeof eventListQuerySchema>;

type Db = Kysely<DB>;

function events(db: Db, viewer: Viewer) {
  const me = viewer?.id ?? null;
  return visibleItems(db, 'event', viewer).select([
    'c.name',
    'c.description',
    'c.location',
    'c.start_date',
    'c.end_date',
    'c.type',
    'c.price',
    'c.max_attendees',
    'c.image_url',
    coverColumn('event', 'c'),
    // Its place, for whoever may see that place: a place made secret later drops out of the public event.
    sql<EventPlace | null>`(select json_build_object('id', p.id, 'name', p.name, 'disciplineId', p.discipline_id, 'accessStatus', ${accessNow('p', todayUtc())})
      from places p where p.id = c.place_id and ${visibleTo('place', 'p', viewer)})`.as('place'),
    sql<number>`(select count(*) from event_attendees ea where ea.event_id = c.id and ea.status = 'going')`.as('going_count'),
    sql<number>`(select count(*) from event_attendees ea where ea.event_id = c.id and ea.status = 'waitlist')`.as('waitlist_count'),
    'c.series_index',
    'c.detached',
    sql<Omit<
      EventSeries,
      'position' | 'detached'
    > | null>`(select json_build_object('id', s.id, 'frequency', s.frequency, 'count', s.date_count, 'timeZone', s.time_zone)
      from event_series s where s.id = c.series_id)`.as('series'),
    sql<'going' | 'waitlist' | null>`(select ea.status from event_attendees ea where ea.event_id = c.id and ea.user_id = ${me})`.as('my_rsvp'),
    sql<
      number | null
    >`(select count(*) from event_attendees w join event_attendees mine on mine.event_id = w.event_id and mine.user_id = ${me} and mine.status = 'waitlist'
      where w.event_id = c.id and w.status = 'waitlist' and (w.created_at, w.user_id) <= (mine.created_at, mine.user_id))`.as('waitlist_position'),
  ]);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof events>['executeTakeFirstOrThrow']>>;

const toEvent = (row: EventRow, viewer: Viewer): Event => {
  const position = Number(row.waitlist_position ?? 0);
  return {
    ...itemFields(row, viewer),
    name: row.name,
    description: row.description,
    location: row.location,
    startDate: iso(row.start_date),
    endDate: iso(row.end_date),
    type: row.type,
    price: Number(row.price),
    maxAttendees: row.max_attendees === null ? null : Number(row.max_attendees),
    imageUrl: row.image_url,
    coverUrl: row.cover_url,
    attendees: Number(row.going_count),
    waitlisted: Number(row.waitlist_count),
    myRsvp: row.my_rsvp ?? null,
    waitlistPosition: row.my_rsvp === 'waitlist' && position > 0 ? position : null,
    placeId: row.place?.id ?? null,
    place: row.place,
    placeClosures: null,
    series: row.series && { ...row.series, position: Number(row.series_index) + 1, detached: row.detached },
  };
};

/**
 * A page of the discipline's events: upcoming ones (not ended) soonest first, past ones latest
 * first, or, for the calendar, those overlapping [from, to) in start order.
 */
export async function listEvents(db: Db, disciplineId: string, filters: EventListFilters, viewer: Viewer): Promise<EventList> {
  let query = events(db, viewer).where('c.discipline_id', '=', disciplineId);
  const q = filters.q?.trim();
  if (q) {
    query = query.where(containsText(q, ['c.name', 'c.location', 'c.description']));
  }
  if (filters.type) query = query.where('c.type', '=', filters.type);
  if (filters.from || filters.to) {
    if (filters.from) query = query.where('c.end_date', '>=', new Date(filters.from));
    if (filters.to) query = query.where('c.start_date', '<', new Date(filters.to));
    query = query.orderBy('c.start_date', 'asc');
  } else if (filters.when === 'past') {
    query = query.where('c.end_date', '<', sql<Date>`now()`).orderBy('c.start_date', 'desc');
  } else {
    query = query.where('c.end_date', '>=', sql<Date>`now()`).orderBy('c.start_date', 'asc');
  }
  const { rows, ...counted } = await pageRows(db, query.orderBy('c.id', 'asc'), filters.page, filters.limit);
  return toPage(
    rows.map((r) => toEvent(r, viewer)),
    counted,
    filters,
  );
}

/** The upcoming approved events at a place, soonest first, for its page: a short list. */
export async function listPlaceEvents(db: Db, placeId: string, viewer: Viewer): Promise<Event[]> {
  const rows = await events(db, viewer)
    .where('c.place_id', '=', placeId)
    .where('c.status', '=', 'approved')
    .where('c.end_date', '>=', sql<Date>`now()`)
    .orderBy('c.start_date', 'asc')
    .orderBy('c.id', 'asc')
    .limit(PLACE_EVENTS_LIMIT)
    .execute();
  return rows.map((r) => toEvent(r, viewer));
}

/** The event as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
export async function getEvent(db: Db, id: string, viewer: Viewer): Promise<Event | undefined> {
  const row = await events(db, viewer).where('c.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const event = toEvent(row, viewer);
  // The organiser's warning (and an admin's): no one else is told why the organiser should move it.
  if (event.place && (event.mine || viewer?.role === 'admin')) {
    return { ...event, placeClosures: await closuresDuring(db, event.place.id, event.startDate, event.endDate) };
  }
  return event;
}

/**
 * An event is public content: its place must be one `person` can see (else not found, as if it did not
 * exist) and one everyone can see (a secret spot never shows through an approved event). Its discipline
 * may differ from the event's: a skate contest may be held in a bike park.
 */
async function checkPlace(db: Db, placeId: string | null | undefined, person: Viewer): Promise<void> {
  if (!placeId) return;
  const place = await db
    .selectFrom('places as p')
    .select('p.visibility')
    .where('p.id', '=', placeId)
    .where(visibleTo('place', 'p', person))
    .executeTakeFirst();
  if (!place) fail('PLACE_NOT_FOUND');
  if (place.visibility !== 'public') fail('EVENT_PLACE_NOT_PUBLIC');
}

/**
 * An admin's event is public at once; anyone else's waits in the approvals queue. A repeating one is a
 * series of events, one per date, approved as one: its first date waits in the queue for all of them
 * (migration 0023). Returns the (first) event's id.
 */
export async function createEvent(db: Db, disciplineId: string, input: NewEvent, author: NonNullable<Viewer>): Promise<string> {
  await checkPlace(db, input.placeId, author);
  const { repeat, ...fields } = input;
  if (!repeat) return addContribution(db, 'event', disciplineId, fields, fields.name, author);
  const start = new Date(fields.startDate);
  const duration = Date.parse(fields.endDate) - start.getTime();
  const rule: SeriesRule = { frequency: repeat.frequency, count: repeat.count, timeZone: repeat.timeZone, start };
  return inTransaction(db, async (tx) => {
    const series = await tx
      .insertInto('event_series')
      .values({ frequency: rule.frequency, date_count: rule.count, time_zone: rule.timeZone, starts_at: start })
      .returning('id')
      .executeTakeFirstOrThrow();
    const status = author.role === 'admin' ? 'approved' : 'pending';
    const rows = await tx
      .insertInto('events')
      .values(
        seriesDates(rule).map((date, index) => ({
          ...(contributionColumns({ ...fields, startDate: date.toISOString(), endDate: new Date(date.getTime() + duration).toISOString() }) as Insertable<
            DB['events']
          >),
          discipline_id: disciplineId,
          author_id: author.id,
          status,
          series_id: series.id,
          series_index: index,
        })),
      )
      .returning(['id', 'series_index'])
      .execute();
    const first = rows.find((row) => row.series_index === 0)!.id;
    if (status === 'pending') await queueForApproval(tx, { type: 'event', id: first, name: fields.name, submittedBy: author.id });
    return first;
  });
}

/**
 * The warnings of the answer to a creation or an edit (`changes`, applied or waiting for approval): its
 * place, as it will be, closed on its dates as they will be. The event is saved all the same.
 */
export async function eventWarnings(db: Db, id: string, changes: Partial<NewEvent>): Promise<EventWarning[]> {
  const stored = await db.selectFrom('events').select(['place_id', 'start_date', 'end_date']).where('id', '=', id).executeTakeFirst();
  if (!stored) return [];
  const placeId = changes.placeId !== undefined ? changes.placeId : stored.place_id;
  if (!placeId) return [];
  const closures = await closuresDuring(db, placeId, changes.startDate ?? iso(stored.start_date), changes.endDate ?? iso(stored.end_date));
  return closures.length > 0 ? ['EVENT_PLACE_CLOSED'] : [];
}

/**
 * Changes the fields that were sent; the status stays as it is. More places (or no limit any more)
 * let the first people of the waiting list in; fewer places never turn away someone already going.
 * A date of a series changes alone (and keeps its own details from then on, once anything differs),
 * or with the later dates of its series that are not over (`applyTo: 'following'`), which a moved date
 * moves alike. Rows are locked series first, then dates in their order, so two edits of one series
 * wait for each other rather than deadlock.
 */
export async function updateEvent(db: Db, id: string, changes: EventChanges, editor: Viewer = null): Promise<void> {
  const { applyTo, ...fields } = changes;
  await checkPlace(db, fields.placeId, editor);
  await inTransaction(db, async (tx) => {
    const date = await tx.selectFrom('events').select(['series_id', 'series_index']).where('id', '=', id).executeTakeFirst();
    if (!date) return;
    if (date.series_id === null || date.series_index === null) return updateDate(tx, id, fields, editor);
    if (applyTo !== 'following') return updateDate(tx, id, fields, editor, true);
    await updateFollowing(tx, { id, seriesId: date.series_id, index: date.series_index }, fields, editor);
  });
}

type DateChanges = Omit<EventChanges, 'applyTo'>;

/** A stored column's value against a sent one: instants by time, numbers (numeric arrives as text from pg) by value. */
function sameValue(stored: unknown, sent: unknown): boolean {
  if (stored instanceof Date) return typeof sent === 'string' && Date.parse(sent) === stored.getTime();
  if (typeof sent === 'number') return stored !== null && Number(stored) === sent;
  return stored === sent;
}

/**
 * One event's (or one date's) changes. `detach`: a date of a series edited on its own keeps its own
 * details from then on, once one of them differs from what it was; false: it follows its series again.
 */
async function updateDate(tx: Db, id: string, changes: DateChanges, editor: Viewer, detach?: boolean, locked?: Selectable<DB['events']>): Promise<void> {
  // `locked`: the row as the caller read it FOR UPDATE (a series' later dates are read in one statement).
  const before = locked ?? (await tx.selectFrom('events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst());
  if (!before) return;
  const start = changes.startDate ?? iso(before.start_date);
  const end = changes.endDate ?? iso(before.end_date);
  if (Date.parse(end) < Date.parse(start)) fail('END_BEFORE_START');
  // The schema checks a sent pair; one date sent alone is checked against the stored other here.
  if (eventTooLong(start, end)) fail('EVENT_TOO_LONG');
  const columns = contributionColumns(changes);
  const differs = Object.entries(columns).some(([column, value]) => !sameValue(before[column as keyof typeof before], value));
  const detached = detach === false ? { detached: false } : detach && differs ? { detached: true } : {};
  await tx
    .updateTable('events')
    .set({ ...(columns as Updateable<DB['events']>), ...detached, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  // Only a pending date has a queue entry to rename: an edit of 52 approved dates skips 52 statements.
  if (changes.name !== undefined && before.status === 'pending') await renameQueuedItem(tx, 'event', id, changes.name);
  const moved =
    (changes.startDate !== undefined && Date.parse(changes.startDate) !== new Date(before.start_date).getTime()) ||
    (changes.endDate !== undefined && Date.parse(changes.endDate) !== new Date(before.end_date).getTime()) ||
    (changes.location !== undefined && changes.location !== before.location) ||
    (changes.placeId !== undefined && changes.placeId !== before.place_id);
  if (changes.maxAttendees === undefined && !moved) return;
  // Its people in one statement: most dates of a series have none, and then nothing more is asked.
  const people = await tx.selectFrom('event_attendees').select('status').where('event_id', '=', id).execute();
  if (changes.maxAttendees !== undefined && people.some((p) => p.status === 'waitlist')) await promoteWaitlist(tx, id);
  if (moved && people.length > 0) await notifyAttendees(tx, id, editor?.id ?? null, {});
}

/**
 * A date of a series and its later dates not over yet, except those edited on their own, take the
 * changes. A new time for the date moves the series (common/recurrence.ts movedSeries): each later
 * date by the same days, to the new time of day, and the rule with them.
 */
async function updateFollowing(tx: Db, date: { id: string; seriesId: string; index: number }, changes: DateChanges, editor: Viewer): Promise<void> {
  const series = await tx.selectFrom('event_series').selectAll().where('id', '=', date.seriesId).forUpdate().executeTakeFirstOrThrow();
  const own = await tx.selectFrom('events').select(['start_date', 'end_date']).where('id', '=', date.id).forUpdate().executeTakeFirstOrThrow();
  const targets = await tx
    .selectFrom('events')
    .selectAll()
    .where('series_id', '=', date.seriesId)
    .where('series_index', '>', date.index)
    .where('detached', '=', false)
    .where('end_date', '>=', sql<Date>`now()`)
    .orderBy('series_index')
    .forUpdate()
    .execute();
  const { startDate, endDate, ...rest } = changes;
  const start = startDate ?? iso(own.start_date);
  const end = endDate ?? iso(own.end_date);
  let dates: Date[] | undefined;
  if (Date.parse(start) !== new Date(own.start_date).getTime() || Date.parse(end) !== new Date(own.end_date).getTime()) {
    if (Date.parse(end) < Date.parse(start)) fail('END_BEFORE_START');
    if (eventTooLong(start, end)) fail('EVENT_TOO_LONG');
    const rule = ruleOf(series);
    const moved = movedSeries(rule, seriesDates(rule)[date.index] ?? new Date(own.start_date), new Date(start));
    await tx
      .updateTable('event_series')
      .set({ starts_at: moved.rule.start, updated_at: sql`now()` })
      .where('id', '=', series.id)
      .execute();
    dates = moved.dates;
  }
  const duration = Date.parse(end) - Date.parse(start);
  await updateDate(tx, date.id, changes, editor, false);
  for (const target of targets) {
    const moved = dates?.[Number(target.series_index)];
    const times = moved ? { startDate: moved.toISOString(), endDate: new Date(moved.getTime() + duration).toISOString() } : {};
    await updateDate(tx, target.id, { ...rest, ...times }, editor, undefined, target);
  }
}

/** A series' rule as common/recurrence.ts reads it. */
const ruleOf = (series: { frequency: RepeatFrequency; date_count: number; time_zone: string; starts_at: Date | string }): SeriesRule => ({
  frequency: series.frequency,
  count: series.date_count,
  timeZone: series.time_zone,
  start: new Date(series.starts_at),
});

/** The date `id` and every later date of its series (a single event: itself), last first. */
export async function followingDates(db: Db, id: string): Promise<string[]> {
  const date = await db.selectFrom('events').select(['series_id', 'series_index']).where('id', '=', id).executeTakeFirst();
  if (!date) return [];
  if (date.series_id === null || date.series_index === null) return [id];
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where('series_id', '=', date.series_id)
    .where('series_index', '>=', date.series_index)
    .orderBy('series_index', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes the date `id` and every later date of its series in one transaction, last first, each date's
 * people told: deleting a series' last date shortens its rule (migration 0023), so the series then
 * ends before `id`.
 */
export async function deleteFollowing(db: Db, id: string, editor: Viewer = null): Promise<void> {
  await inTransaction(db, async (tx) => {
    for (const date of await followingDates(tx, id)) await deleteEvent(tx, date, editor);
  });
}

/** Its attendees, likes, comments and queue entry go with it (a foreign key and a trigger of migration 0005). */
export async function deleteEvent(db: Db, id: string, editor: Viewer = null): Promise<void> {
  await inTransaction(db, async (tx) => {
    await notifyAttendees(tx, id, editor?.id ?? null, { cancelled: true });
    await tx.deleteFrom('events').where('id', '=', id).execute();
  });
}
