import { sql, type Kysely } from 'kysely';
import { occurrencesDuring, todayUtc, type ClosureDays } from '../../../common/place-access.ts';
import type { DB } from '../../db/schema.ts';
import { notify } from '../../lib/notifications.ts';

type Db = Kysely<DB>;

/**
 * Tells the organiser of each upcoming approved event at the place that it is now closed on some of
 * the event's days: by a new closure (`closure`), or by the status closed (null). Past events, and
 * events still waiting for approval (their organiser sees the warning on the page), are left alone.
 * Runs in the caller's transaction, so a refused change tells no one.
 */
export async function tellOrganisersOfClosure(tx: Db, placeId: string, actorId: string, closure: (ClosureDays & { reason: string }) | null): Promise<void> {
  const events = await tx
    .selectFrom('events as e')
    .innerJoin('places as p', 'p.id', 'e.place_id')
    .select(['e.id', 'e.author_id', 'e.name', 'e.discipline_id', 'e.start_date', 'e.end_date', 'p.name as place_name'])
    .where('e.place_id', '=', placeId)
    .where('e.status', '=', 'approved')
    .where('e.end_date', '>=', sql<Date>`now()`)
    .where('e.author_id', 'is not', null)
    // Whoever closed it knows; a place made secret since its event was planned is named to nobody outside it.
    .where('e.author_id', '<>', actorId)
    .where('p.visibility', '=', 'public')
    .execute();
  for (const e of events) {
    const days = (value: Date | string) => todayUtc(new Date(value).getTime());
    if (closure && occurrencesDuring(closure, days(e.start_date), days(e.end_date)).length === 0) continue;
    await notify(tx, {
      userId: e.author_id!,
      type: 'event_place_closed',
      actorId,
      subjectType: 'event',
      subjectId: e.id,
      data: { itemName: e.name, itemType: 'event', disciplineId: e.discipline_id, placeName: e.place_name, reason: closure?.reason ?? '' },
    });
  }
}
