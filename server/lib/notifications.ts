import { sql, type InferResult, type Kysely } from 'kysely';
import type { Notification, NotificationType } from '../../common/notifications.ts';
import { inTransaction } from '../db/client.ts';
import type { DB } from '../db/schema.ts';
import { publish } from './live.ts';

export type NotifyInput = {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  data?: Record<string, string | number | boolean | null>;
  /**
   * Fold every unread one of this kind from this actor into one, whatever its subject (a session's
   * tag: each session is a subject of its own, so folding by subject would still stack one per
   * session). The unread one is pointed at the new subject with the new details, and `data.count`
   * says how many it stands for. Only a new row is signalled and pushed, so one push per folded one.
   */
  foldByActor?: boolean;
};

/**
 * Records a notification and signals it live, in the caller's transaction when it has one.
 * Nothing is recorded for one's own actions, for a type the user switched off, or from someone the
 * user blocked. A new one of a type the user gets by push is queued for their devices.
 *
 * A repeat (same recipient, kind, actor and subject) is folded rather than stacked, so that toggling
 * an action cannot flood anyone: it refreshes the time and details of the unread one already there,
 * or of one read less than an hour ago, which stays read. Only a new row raises the unread count and
 * is signalled; a repeat more than an hour after the last was read is news again.
 */
export async function notify(db: Kysely<DB>, input: NotifyInput): Promise<void> {
  const actorId = input.actorId ?? null;
  if (actorId === input.userId) return;
  if (input.foldByActor && actorId) {
    // The unique index folds one subject only: a lock on the pair keeps two at once from both inserting.
    return inTransaction(db, async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`notify:${input.userId}:${input.type}:${actorId}`}))`.execute(tx);
      if (await foldIntoUnread(tx, input, actorId)) return;
      await record(tx, input, actorId);
    });
  }
  await record(db, input, actorId);
}

/** `foldByActor`: the unread one of the kind from the actor, now about the new subject; false when there is none. */
async function foldIntoUnread(db: Kysely<DB>, input: NotifyInput, actorId: string): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update notifications n
       set subject_type = ${input.subjectType ?? null}, subject_id = ${input.subjectId ?? null}, created_at = now(),
           data = ${JSON.stringify(input.data ?? {})}::jsonb || jsonb_build_object('count', coalesce((n.data->>'count')::int, 1) + 1)
     -- The newest only: several unread ones from before folding would otherwise all take one subject,
     -- which the unique index of migration 0012 refuses.
     where n.id = (select u.id from notifications u
                    where u.user_id = ${input.userId} and u.type = ${input.type} and u.actor_id = ${actorId} and u.read_at is null
                    order by u.id desc limit 1)
       and not exists (select 1 from user_blocks b where b.blocker_id = ${input.userId} and b.blocked_id = ${actorId})
    returning n.id`.execute(db);
  return rows.length > 0;
}

async function record(db: Kysely<DB>, input: NotifyInput, actorId: string | null): Promise<void> {
  const subjectType = input.subjectType ?? null;
  const subjectId = input.subjectId ?? null;
  const data = JSON.stringify(input.data ?? {});
  // The unique index of migration 0012 makes the unread fold race-free; xmax = 0 tells a row this
  // statement inserted from one it updated.
  const { rows } = await sql<{ id: number; inserted: boolean }>`
    with allowed as (
      select where not exists (
        select 1 from notification_preferences p where p.user_id = ${input.userId} and p.type = ${input.type} and p.channel = 'off'
      )
      and not exists (
        select 1 from user_blocks b where b.blocker_id = ${input.userId} and b.blocked_id = ${actorId}
      )
    ),
    recently_read as (
      update notifications n set created_at = now(), data = ${data}::jsonb
      where exists (select from allowed)
        and n.user_id = ${input.userId} and n.type = ${input.type} and n.actor_id = ${actorId}
        and coalesce(n.subject_type, '') = coalesce(${subjectType}, '') and coalesce(n.subject_id, '') = coalesce(${subjectId}, '')
        and n.read_at is not null and n.created_at > now() - interval '1 hour'
      returning n.id
    )
    insert into notifications as n (user_id, type, actor_id, subject_type, subject_id, data)
    select ${input.userId}, ${input.type}, ${actorId}, ${subjectType}, ${subjectId}, ${data}::jsonb
    from allowed
    where not exists (select from recently_read)
    on conflict (user_id, type, actor_id, coalesce(subject_type, ''), coalesce(subject_id, '')) where read_at is null
    do update set created_at = now(), data = excluded.data
    returning n.id, n.xmax = 0 as inserted`.execute(db);
  const row = rows[0];
  if (!row?.inserted) return;
  await publish(db, { userId: input.userId, event: 'notification', id: Number(row.id) });
  // A type the person gets by push waits for the sender (server/features/push) if they have a device.
  await sql`
    insert into push_queue (notification_id)
    select ${row.id}
    where exists (select 1 from notification_preferences p where p.user_id = ${input.userId} and p.type = ${input.type} and p.channel = 'push')
      and exists (select 1 from push_subscriptions s where s.user_id = ${input.userId})`.execute(db);
}

/** The statement of a user's notifications, newest first: after `afterId` (a resuming client), before `beforeId` (paging) or exactly `ids`. */
export function notificationsQuery(db: Kysely<DB>, userId: string, opts: { afterId?: number; beforeId?: number; ids?: number[]; limit: number }) {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('profiles as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.type',
      'n.subject_type',
      'n.subject_id',
      'n.data',
      'n.read_at',
      'n.created_at',
      'a.id as actor_id',
      'a.name as actor_name',
      'a.avatar_url as actor_avatar',
    ])
    .where('n.user_id', '=', userId)
    .orderBy('n.id', 'desc')
    .limit(opts.limit);
  if (opts.afterId !== undefined) query = query.where('n.id', '>', opts.afterId);
  if (opts.beforeId !== undefined) query = query.where('n.id', '<', opts.beforeId);
  if (opts.ids) query = query.where('n.id', 'in', opts.ids);
  return query;
}

type NotificationRow = InferResult<ReturnType<typeof notificationsQuery>>[number];

/** A row of `notificationsQuery` in the API's shape. */
export const toNotification = (r: NotificationRow): Notification => ({
  id: Number(r.id),
  type: r.type,
  actor: r.actor_id ? { id: r.actor_id, name: r.actor_name!, avatarUrl: r.actor_avatar ?? null } : null,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  data: r.data,
  read: r.read_at !== null,
  createdAt: new Date(r.created_at).toISOString(),
});

/** A user's notifications in the API's shape (`notificationsQuery`). */
export async function loadNotifications(
  db: Kysely<DB>,
  userId: string,
  opts: { afterId?: number; beforeId?: number; ids?: number[]; limit: number },
): Promise<Notification[]> {
  if (opts.ids?.length === 0) return [];
  return (await notificationsQuery(db, userId, opts).execute()).map(toNotification);
}
