import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  NOTIFICATION_TYPES,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type NotificationType,
} from '../../../common/notifications.ts';
import type { DB } from '../../db/schema.ts';
import { publish } from '../../lib/live.ts';
import { notificationsQuery, toNotification } from '../../lib/notifications.ts';

type Db = Kysely<DB>;

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the user's notifications, newest first, before the id `before` when given. */
export async function listNotifications(db: Db, userId: string, query: { before?: number; limit: number }): Promise<NotificationPage> {
  // The page and the unread count in one statement: every signed-in page asks for both (the bell).
  const rows = await notificationsQuery(db, userId, { beforeId: query.before, limit: query.limit + 1 })
    .select(sql<number>`(select count(*)::int from notifications u where u.user_id = ${userId} and u.read_at is null)`.as('unread'))
    .execute();
  // No row: nothing before `before` (counted apart), or no notification at all, so none unread.
  const unread = rows[0]?.unread ?? (query.before === undefined ? 0 : await unreadCount(db, userId));
  return { items: rows.slice(0, query.limit).map(toNotification), hasMore: rows.length > query.limit, unreadCount: unread };
}

/** Marks one of the user's own notifications read; false when the user has no such notification. */
export async function markRead(db: Db, userId: string, id: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('notifications')
      .set({ read_at: sql`coalesce(read_at, now())` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await publish(tx, { userId, event: 'unread' });
    return true;
  });
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('notifications')
      .set({ read_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
    await publish(tx, { userId, event: 'unread' });
  });
}

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const rows = await db.selectFrom('notification_preferences').select(['type', 'channel']).where('user_id', '=', userId).execute();
  const chosen = new Map(rows.map((r) => [r.type, r.channel]));
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, chosen.get(type) ?? DEFAULT_NOTIFICATION_CHANNEL])) as NotificationPreferences;
}

/**
 * Saves the given types' channels. Switching a type to e-mail starts the digest from now on: what
 * arrived before was already shown in the app and is not mailed afterwards.
 */
export async function setPreferences(db: Db, userId: string, changes: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
  const entries = Object.entries(changes) as [NotificationType, NotificationPreferences[NotificationType]][];
  await db.transaction().execute(async (tx) => {
    if (entries.length === 0) return;
    const before = await getPreferences(tx, userId);
    await tx
      .insertInto('notification_preferences')
      .values(entries.map(([type, channel]) => ({ user_id: userId, type, channel })))
      .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet((eb) => ({ channel: eb.ref('excluded.channel') })))
      .execute();
    const nowEmailed = entries.filter(([type, channel]) => channel === 'email' && before[type] !== 'email').map(([type]) => type);
    if (nowEmailed.length) {
      await tx
        .updateTable('notifications')
        .set({ emailed_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('type', 'in', nowEmailed)
        .where('emailed_at', 'is', null)
        .execute();
    }
  });
  return getPreferences(db, userId);
}
