import { sql, type Kysely } from 'kysely';
import { EVENT_ATTENDEES_LIMIT, type EventAttendees } from '../../../common/events.ts';
import type { DB } from '../../db/schema.ts';
import { visibleTo, type Viewer } from '../../lib/content.ts';
import { notify } from '../../lib/notifications.ts';
import { contentSubject } from '../notifications/index.ts';

/** An event's people: RSVPs and the waiting list, the attendees list, and what they are told of changes. */

type Db = Kysely<DB>;

/** Everyone going or waiting hears of a new date or place, or of the event's end; the editor excepted. */
export async function notifyAttendees(tx: Db, eventId: string, editorId: string | null, extra: { cancelled?: boolean }): Promise<void> {
  // The people first: a date nobody goes to (most of a series' edited or deleted dates) costs one statement.
  const people = await tx.selectFrom('event_attendees').select('user_id').where('event_id', '=', eventId).orderBy('created_at').execute();
  if (people.length === 0) return;
  const subject = await contentSubject(tx, 'event', eventId);
  if (!subject) return;
  for (const { user_id } of people) {
    await notify(tx, {
      userId: user_id,
      type: 'event_changed',
      actorId: editorId,
      subjectType: 'event',
      subjectId: eventId,
      data: { ...subject.data, ...extra },
    });
  }
}

/** How many hold a place (not waiting): what a maximum is compared with. */
async function goingCount(tx: Db, eventId: string): Promise<number> {
  const { n } = await tx
    .selectFrom('event_attendees')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'going')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Fills free places from the waiting list in arrival order; the caller holds the event row's lock. */
export async function promoteWaitlist(tx: Db, eventId: string): Promise<void> {
  // Nobody waiting (most dates): one statement, not three.
  const waiting = await tx
    .selectFrom('event_attendees')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('status', '=', 'waitlist')
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return;
  const event = await tx.selectFrom('events').select('max_attendees').where('id', '=', eventId).executeTakeFirst();
  if (!event) return;
  let free: number | null = null;
  if (event.max_attendees !== null) {
    free = Number(event.max_attendees) - (await goingCount(tx, eventId));
    if (free <= 0) return;
  }
  let next = tx
    .selectFrom('event_attendees')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('status', '=', 'waitlist')
    .orderBy('created_at', 'asc')
    .orderBy('user_id', 'asc');
  if (free !== null) next = next.limit(free);
  const promoted = await tx
    .updateTable('event_attendees')
    .set({ status: 'going' })
    .where('event_id', '=', eventId)
    .where('user_id', 'in', next)
    .returning('user_id')
    .execute();
  if (promoted.length === 0) return;
  const subject = await contentSubject(tx, 'event', eventId);
  for (const { user_id } of promoted) {
    await notify(tx, { userId: user_id, type: 'waitlist_promoted', subjectType: 'event', subjectId: eventId, data: subject?.data ?? {} });
  }
}

/**
 * The event row, locked until the transaction ends so that joins and leaves of one event run one
 * after the other: the count of people going can then never pass the maximum. An event hidden from
 * the viewer answers 404; one not approved yet (seen by its author or an admin) or already ended 409.
 */
async function lockForRsvp(tx: Db, eventId: string, viewer: NonNullable<Viewer>): Promise<{ max_attendees: number | null } | RsvpRefusal> {
  const event = await tx
    .selectFrom('events as ev')
    .select(['ev.id', 'ev.status', 'ev.max_attendees', sql<boolean>`ev.end_date < now()`.as('ended')])
    .where('ev.id', '=', eventId)
    .where(visibleTo('event', 'ev', viewer))
    .forUpdate()
    .executeTakeFirst();
  if (!event) return 'not-found';
  if (event.status !== 'approved') return 'not-approved';
  if (event.ended) return 'ended';
  return event;
}

/** Why an RSVP was refused: nothing is written then. */
export type RsvpRefusal = 'not-found' | 'not-approved' | 'ended';

/** Joins the event: a place while there are some, else the end of the waiting list. Joining twice changes nothing. */
export async function joinEvent(db: Db, eventId: string, viewer: NonNullable<Viewer>): Promise<RsvpRefusal | undefined> {
  return db.transaction().execute(async (tx) => {
    const event = await lockForRsvp(tx, eventId, viewer);
    if (typeof event === 'string') return event;
    const existing = await tx
      .selectFrom('event_attendees')
      .select('status')
      .where('event_id', '=', eventId)
      .where('user_id', '=', viewer.id)
      .executeTakeFirst();
    if (existing) return undefined;
    let status: 'going' | 'waitlist' = 'going';
    if (event.max_attendees !== null) {
      if ((await goingCount(tx, eventId)) >= Number(event.max_attendees)) status = 'waitlist';
    }
    await tx.insertInto('event_attendees').values({ event_id: eventId, user_id: viewer.id, status }).execute();
    return undefined;
  });
}

/** Leaves the event or its waiting list; a freed place goes to the first person waiting, in the same transaction. */
export async function leaveEvent(db: Db, eventId: string, viewer: NonNullable<Viewer>): Promise<RsvpRefusal | undefined> {
  return db.transaction().execute(async (tx) => {
    const event = await lockForRsvp(tx, eventId, viewer);
    if (typeof event === 'string') return event;
    const left = await tx.deleteFrom('event_attendees').where('event_id', '=', eventId).where('user_id', '=', viewer.id).returning('status').executeTakeFirst();
    if (left?.status === 'going') await promoteWaitlist(tx, eventId);
    return undefined;
  });
}

/** The first people going, in the order they joined: public profile fields only. */
export async function listAttendees(db: Db, eventId: string): Promise<EventAttendees> {
  const rows = await db
    .selectFrom('event_attendees as ea')
    .innerJoin('profiles as p', 'p.id', 'ea.user_id')
    .select(['p.id', 'p.name', 'p.avatar_url', sql<number>`count(*) over ()`.as('total')])
    .where('ea.event_id', '=', eventId)
    .where('ea.status', '=', 'going')
    .orderBy('ea.created_at', 'asc')
    .orderBy('ea.user_id', 'asc')
    .limit(EVENT_ATTENDEES_LIMIT)
    .execute();
  return { items: rows.map((r) => ({ id: r.id, name: r.name, avatarUrl: r.avatar_url })), total: Number(rows[0]?.total ?? 0) };
}
