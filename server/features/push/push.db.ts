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

/** The person's devices, newest first; the one of the asking session is marked current. */
export async function listDevices(db: Db, userId: string, sessionId: string): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'browser', 'system', 'created_at', 'last_push_at', 'session_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
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
  input: { userId: string; sessionId: string; subscription: PushSubscriptionInput; browser: string | null; system: string | null },
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
