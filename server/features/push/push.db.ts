import { sql, type Kysely } from 'kysely';
import { PUSH_DEVICES_MAX, type PushDevice, type PushSubscriptionInput } from '../../../common/push.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

const toDevice = (
  row: { id: number | string; browser: string | null; system: string | null; created_at: Date; last_push_at: Date | null; session_id: string },
  sessionId: string,
): PushDevice => ({
  id: String(row.id),
  browser: row.browser,
  system: row.system,
  createdAt: row.created_at.toISOString(),
  lastPushAt: row.last_push_at?.toISOString() ?? null,
  current: row.session_id === sessionId,
});

/** The person's devices whose session is still live, newest first; the one of the asking session is marked current. */
export async function listDevices(db: Db, userId: string, sessionId: string): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom('push_subscriptions as s')
    .innerJoin('sessions as x', 'x.id', 's.session_id')
    .select(['s.id', 's.browser', 's.system', 's.created_at', 's.last_push_at', 's.session_id'])
    .where('s.user_id', '=', userId)
    .where('x.expires_at', '>', new Date())
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map((row) => toDevice(row, sessionId));
}

/**
 * Keeps a browser's subscription for the person and the session it was made in. The endpoint is the
 * browser's: made again (new keys) or by another account signed in on it, the row is taken over, so a
 * browser never gets another person's notifications. Past PUSH_DEVICES_MAX, the longest unused goes.
 */
export async function saveDevice(
  db: Db,
  input: { userId: string; sessionId: string; subscription: PushSubscriptionInput; browser: string | null; system: string | null; vapidPublicKey: string },
): Promise<PushDevice> {
  return db.transaction().execute(async (tx) => {
    const values = {
      user_id: input.userId,
      session_id: input.sessionId,
      endpoint: input.subscription.endpoint,
      p256dh: input.subscription.keys.p256dh,
      auth: input.subscription.keys.auth,
      browser: input.browser,
      system: input.system,
      vapid_public_key: input.vapidPublicKey,
    };
    const row = await tx
      .insertInto('push_subscriptions')
      .values(values)
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...values, created_at: sql`now()`, last_push_at: null }))
      .returning(['id', 'browser', 'system', 'created_at', 'last_push_at', 'session_id'])
      .executeTakeFirstOrThrow();
    await sql`
      delete from push_subscriptions where user_id = ${input.userId} and id not in (
        select id from push_subscriptions where user_id = ${input.userId}
        order by coalesce(last_push_at, created_at) desc, id desc limit ${PUSH_DEVICES_MAX}
      )`.execute(tx);
    return toDevice(row, input.sessionId);
  });
}

/** Removes one of the person's own devices; false when they have no such device. */
export async function deleteDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db.deleteFrom('push_subscriptions').where('id', '=', Number(id)).where('user_id', '=', userId).returning('id').executeTakeFirst();
  return !!row;
}

/** Takes up to `limit` queued notifications off the queue; rows another server is taking are skipped. */
export async function takeQueued(db: Db, limit: number): Promise<number[]> {
  const { rows } = await sql<{ notification_id: string }>`
    delete from push_queue where notification_id in (
      select notification_id from push_queue order by notification_id limit ${limit} for update skip locked
    ) returning notification_id`.execute(db);
  return rows.map((r) => Number(r.notification_id));
}

/** Of these notifications, those still to push: unread, of a type their person still pushes, of a person not banned. */
export function stillDue(db: Db, ids: number[]) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('notification_preferences as p', (join) => join.onRef('p.user_id', '=', 'n.user_id').onRef('p.type', '=', 'n.type'))
    .innerJoin('profiles as u', 'u.id', 'n.user_id')
    .where('n.id', 'in', ids)
    .where('p.channel', '=', 'push')
    .where('n.read_at', 'is', null)
    .where('u.banned', '=', false)
    .select(['n.id', 'n.user_id', 'u.preferred_language'])
    .execute();
}

/** A person's devices whose session is still live. */
export function liveDevices(db: Db, userId: string) {
  return db
    .selectFrom('push_subscriptions as s')
    .innerJoin('sessions as x', 'x.id', 's.session_id')
    .where('s.user_id', '=', userId)
    .where('x.expires_at', '>', new Date())
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth'])
    .execute();
}

/**
 * Removes the devices of sessions that expired: the auth library deletes an expired session's row only
 * if its cookie comes back, and until then its devices would still take a place among the person's
 * PUSH_DEVICES_MAX and have pushes queued for them (server/lib/notifications.ts).
 */
export async function forgetExpiredDevices(db: Db): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('session_id', 'in', (eb) => eb.selectFrom('sessions').select('sessions.id').where('sessions.expires_at', '<=', new Date()))
    .execute();
}

/** What the push services answered: devices reached are marked, devices gone are removed. */
export async function devicesAnswered(db: Db, { sent, gone }: { sent: number[]; gone: number[] }): Promise<void> {
  if (sent.length) await db.updateTable('push_subscriptions').set({ last_push_at: new Date() }).where('id', 'in', sent).execute();
  if (gone.length) await db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
}
