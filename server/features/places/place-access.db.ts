import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  ACCESS_HISTORY_LIMIT,
  closuresOverlap,
  occurrenceCovering,
  occurrencesDuring,
  PLACE_CLOSURES_MAX,
  type AccessChange,
  type AccessStatus,
  type AccessSummary,
  type Closure,
  type PlaceAccess,
  todayUtc,
} from '../../../common/place-access.ts';
import type { Person } from '../../../common/teams.ts';
import { inTransaction } from '../../db/client.ts';
import type { DB } from '../../db/schema.ts';
import type { Viewer } from '../../lib/content.ts';
import { fail } from '../../lib/errors.ts';
import { visiblePerson } from '../../lib/people.ts';
import { tellOrganisersOfClosure } from './place-closure-notices.ts';

type Db = Kysely<DB>;
type Actor = NonNullable<Viewer>;

const md = (value: RawBuilder<unknown> | ReturnType<typeof sql.ref>) => sql<string>`to_char(${value}, 'MM-DD')`;

/**
 * Whether the closure `pc` covers `today` ('YYYY-MM-DD'): its days, or for a yearly one the same
 * month-days every year since its first (a season across New Year wraps round).
 */
function coversToday(today: string): Expression<SqlBool> {
  const now = sql`${today}::date`;
  const start = md(sql.ref('pc.starts_on'));
  const end = md(sql.ref('pc.ends_on'));
  return sql<SqlBool>`(pc.starts_on <= ${now} and (
    (not pc.yearly and pc.ends_on >= ${now})
    or (pc.yearly and case when ${start} <= ${end}
      then ${md(now)} between ${start} and ${end}
      else ${md(now)} >= ${start} or ${md(now)} <= ${end} end)))`;
}

/** The columns of a place (`c`) its access summary is made of: the status set and the closure covering today. */
export function accessColumns(today: string) {
  return [
    sql<AccessStatus>`c.access_status`.as('access_status'),
    sql<{ reason: string; startsOn: string; endsOn: string; yearly: boolean } | null>`(select json_build_object(
      'reason', pc.reason, 'startsOn', to_char(pc.starts_on, 'YYYY-MM-DD'), 'endsOn', to_char(pc.ends_on, 'YYYY-MM-DD'), 'yearly', pc.yearly)
      from place_closures pc where pc.place_id = c.id and ${coversToday(today)} order by pc.starts_on limit 1)`.as('access_closure'),
  ] as const;
}

type AccessRow = { access_status: AccessStatus; access_closure: { reason: string; startsOn: string; endsOn: string; yearly: boolean } | null };

/** The status in force: closed while a closure covers today (with this year's days of a yearly one), else the one set. */
export function accessSummaryOf(row: AccessRow, today: string): AccessSummary {
  const closure = row.access_closure;
  const days = closure && occurrenceCovering(closure, today);
  if (!closure || !days) return { status: row.access_status, set: row.access_status, closure: null };
  return { status: 'closed', set: row.access_status, closure: { reason: closure.reason, ...days } };
}

/** The places (`c`) whose access today is `status`, for the list's filter. */
export function accessIs(status: AccessStatus, today: string): Expression<SqlBool> {
  const closedNow = sql<SqlBool>`exists (select 1 from place_closures pc where pc.place_id = c.id and ${coversToday(today)})`;
  return status === 'closed' ? sql<SqlBool>`(c.access_status = 'closed' or ${closedNow})` : sql<SqlBool>`(c.access_status = ${status} and not ${closedNow})`;
}

/** The status in force today of the place at `alias`: closed while a closure covers today, else the one set. */
export function accessNow(alias: string, today: string): RawBuilder<AccessStatus> {
  const place = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<AccessStatus>`case when exists (select 1 from place_closures pc where pc.place_id = ${place('id')} and ${coversToday(today)})
    then 'closed' else ${place('access_status')} end`;
}

/** A day the place is closed during some dates: a closure's occurrence, or the status closed (no days, no reason). */
export type ClosureDuring = { startsOn: string | null; endsOn: string | null; reason: string };

/**
 * What closes the place on some day of [start, end] (instants, counted as their UTC days like every
 * closure): its status closed, and each occurrence of its closures on those days (a yearly one across
 * New Year included), in date order. Empty when it is open throughout, or not found.
 */
export async function closuresDuring(db: Db, placeId: string, start: string, end: string): Promise<ClosureDuring[]> {
  const [place, closures] = await Promise.all([
    db.selectFrom('places').select('access_status').where('id', '=', placeId).executeTakeFirst(),
    db
      .selectFrom('place_closures')
      .select(['reason', 'yearly', sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as('startsOn'), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('endsOn')])
      .where('place_id', '=', placeId)
      .where('starts_on', '<=', sql<Date>`${todayUtc(Date.parse(end))}::date`)
      .execute(),
  ]);
  if (!place) return [];
  const from = todayUtc(Date.parse(start));
  const to = todayUtc(Date.parse(end));
  const found: ClosureDuring[] = place.access_status === 'closed' ? [{ startsOn: null, endsOn: null, reason: '' }] : [];
  const dated = closures.flatMap((c) => occurrencesDuring(c, from, to).map((days) => ({ ...days, reason: c.reason })));
  return [...found, ...dated.sort((a, b) => a.startsOn.localeCompare(b.startsOn))];
}

/** Admins may change any place's access; a place's stewards, that place's. */
export async function mayManageAccess(db: Db, placeId: string, user: Actor): Promise<boolean> {
  if (user.role === 'admin') return true;
  const row = await db.selectFrom('place_stewards').select('user_id').where('place_id', '=', placeId).where('user_id', '=', user.id).executeTakeFirst();
  return !!row;
}

const person = (id: string | null, name: string | null, avatarUrl: string | null): Person | null => (id && name !== null ? { id, name, avatarUrl } : null);

/** Everything the place page shows of a place's access. */
export async function getPlaceAccess(db: Db, placeId: string, today: string): Promise<PlaceAccess> {
  const [place, closures, stewards, history] = await Promise.all([
    db.selectFrom('places as c').select(accessColumns(today)).where('c.id', '=', placeId).executeTakeFirstOrThrow(),
    db
      .selectFrom('place_closures')
      .select([
        'id',
        'reason',
        'yearly',
        sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as('starts_on'),
        sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on'),
      ])
      .where('place_id', '=', placeId)
      .orderBy('starts_on')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('place_stewards as s')
      .innerJoin('profiles as p', 'p.id', 's.user_id')
      .select(['p.id', 'p.name', 'p.avatar_url'])
      .where('s.place_id', '=', placeId)
      .orderBy('p.name')
      .execute(),
    db
      .selectFrom('place_access_changes as h')
      .leftJoin('profiles as a', 'a.id', 'h.actor_id')
      .leftJoin('profiles as s', 's.id', 'h.subject_id')
      .select([
        'h.id',
        'h.kind',
        'h.status',
        'h.reason',
        'h.yearly',
        'h.created_at',
        'h.actor_id',
        'h.subject_id',
        sql<string | null>`to_char(h.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
        sql<string | null>`to_char(h.ends_on, 'YYYY-MM-DD')`.as('ends_on'),
        'a.name as actor_name',
        'a.avatar_url as actor_avatar',
        's.name as subject_name',
        's.avatar_url as subject_avatar',
      ])
      .where('h.place_id', '=', placeId)
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(ACCESS_HISTORY_LIMIT)
      .execute(),
  ]);
  return {
    summary: accessSummaryOf(place, today),
    closures: closures.map((c): Closure => ({ id: c.id, startsOn: c.starts_on, endsOn: c.ends_on, reason: c.reason, yearly: c.yearly })),
    stewards: stewards.map((s) => ({ id: s.id, name: s.name, avatarUrl: s.avatar_url })),
    history: history.map((h): AccessChange => ({
      id: h.id,
      kind: h.kind,
      at: new Date(h.created_at).toISOString(),
      by: person(h.actor_id, h.actor_name, h.actor_avatar),
      status: (h.status as AccessStatus | null) ?? null,
      closure: h.starts_on && h.ends_on ? { startsOn: h.starts_on, endsOn: h.ends_on, reason: h.reason ?? '', yearly: !!h.yearly } : null,
      steward: person(h.subject_id, h.subject_name, h.subject_avatar),
    })),
  };
}

/** Sets the status; setting the one in force changes nothing and notes nothing. */
export async function setAccessStatus(db: Db, placeId: string, status: AccessStatus, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const changed = await tx
      .updateTable('places')
      .set({ access_status: status })
      .where('id', '=', placeId)
      .where('access_status', '<>', status)
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) return;
    await tx.insertInto('place_access_changes').values({ place_id: placeId, actor_id: actor.id, kind: 'status', status }).execute();
    if (status === 'closed') await tellOrganisersOfClosure(tx, placeId, actor.id, null);
  });
}

type NewClosure = { startsOn: string; endsOn: string; reason: string; yearly: boolean };

/** Adds a closure unless it overlaps one of the place's (CLOSURE_OVERLAP); the place's row is locked so two at once cannot both pass. */
export async function addClosure(db: Db, placeId: string, closure: NewClosure, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.selectFrom('places').select('id').where('id', '=', placeId).forUpdate().executeTakeFirst();
    const existing = await tx
      .selectFrom('place_closures')
      .select(['yearly', sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as('startsOn'), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('endsOn')])
      .where('place_id', '=', placeId)
      .execute();
    if (existing.length >= PLACE_CLOSURES_MAX) fail('CLOSURES_TOO_MANY');
    if (existing.some((other) => closuresOverlap(other, closure))) fail('CLOSURE_OVERLAP');
    const days = { starts_on: closure.startsOn, ends_on: closure.endsOn, reason: closure.reason, yearly: closure.yearly };
    await tx
      .insertInto('place_closures')
      .values({ place_id: placeId, created_by: actor.id, ...days })
      .execute();
    await tx
      .insertInto('place_access_changes')
      .values({ place_id: placeId, actor_id: actor.id, kind: 'closure-added', ...days })
      .execute();
    await tellOrganisersOfClosure(tx, placeId, actor.id, closure);
  });
}

/** Removes one of the place's closures; another place's (or none) is not found. */
export async function removeClosure(db: Db, placeId: string, closureId: string, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const removed = await tx
      .deleteFrom('place_closures')
      .where('id', '=', closureId)
      .where('place_id', '=', placeId)
      .returning(['reason', 'yearly', sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as('starts_on'), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on')])
      .executeTakeFirst();
    if (!removed) fail('NOT_FOUND');
    await tx
      .insertInto('place_access_changes')
      .values({ place_id: placeId, actor_id: actor.id, kind: 'closure-removed', ...removed })
      .execute();
  });
}

/** Names a steward (someone others may see); naming one twice changes nothing. */
export async function addSteward(db: Db, placeId: string, userId: string, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const visible = await tx.selectFrom('profiles as p').select('p.id').where('p.id', '=', userId).where(visiblePerson('p')).executeTakeFirst();
    if (!visible) fail('USER_NOT_FOUND');
    const added = await tx
      .insertInto('place_stewards')
      .values({ place_id: placeId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (added) {
      await tx.insertInto('place_access_changes').values({ place_id: placeId, actor_id: actor.id, kind: 'steward-added', subject_id: userId }).execute();
    }
  });
}

export async function removeSteward(db: Db, placeId: string, userId: string, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const removed = await tx.deleteFrom('place_stewards').where('place_id', '=', placeId).where('user_id', '=', userId).executeTakeFirst();
    if (removed.numDeletedRows === 0n) fail('NOT_FOUND');
    await tx.insertInto('place_access_changes').values({ place_id: placeId, actor_id: actor.id, kind: 'steward-removed', subject_id: userId }).execute();
  });
}
