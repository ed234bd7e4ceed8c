import { sql, type Kysely } from 'kysely';
import type { Notification, NotificationType } from '../../common/notifications.ts';
import type { DB } from '../db/schema.ts';
import { publish } from './live.ts';

export type NotifyInput = {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  data?: Record<string, string | number | boolean | null>;
};

/**
 * Records a notification and signals it live, in the caller's transaction when it has one.
 * Nothing is recorded for one's own actions, for a type the user switched off, or from someone the
 * user blocked.
 */
export async function notify(db: Kysely<DB>, input: NotifyInput): Promise<void> {
  const actorId = input.actorId ?? null;
  if (actorId === input.userId) return;
  const inserted = await sql<{ id: number }>`
    insert into notifications (user_id, type, actor_id, subject_type, subject_id, data)
    select ${input.userId}, ${input.type}, ${actorId}, ${input.subjectType ?? null}, ${input.subjectId ?? null}, ${JSON.stringify(input.data ?? {})}::jsonb
    where not exists (
      select 1 from notification_preferences p where p.user_id = ${input.userId} and p.type = ${input.type} and p.channel = 'off'
    )
    and not exists (
      select 1 from user_blocks b where b.blocker_id = ${input.userId} and b.blocked_id = ${actorId}
    )
    returning id`.execute(db);
  const row = inserted.rows[0];
  if (row) await publish(db, { userId: input.userId, event: 'notification', id: Number(row.id) });
}

/** A user's notifications in the API's shape, newest first: after `afterId` (a resuming client), before `beforeId` (paging) or exactly `ids`. */
export async function loadNotifications(
  db: Kysely<DB>,
  userId: string,
  opts: { afterId?: number; beforeId?: number; ids?: number[]; limit: number },
): Promise<Notification[]> {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('profiles as a', 'a.id', 'n.actor_id')
    .select(['n.id', 'n.type', 'n.subject_type', 'n.subject_id', 'n.data', 'n.read_at', 'n.created_at', 'a.id as actor_id', 'a.name as actor_name', 'a.avatar_url as actor_avatar'])
    .where('n.user_id', '=', userId)
    .orderBy('n.id', 'desc')
    .limit(opts.limit);
  if (opts.afterId !== undefined) query = query.where('n.id', '>', opts.afterId);
  if (opts.beforeId !== undefined) query = query.where('n.id', '<', opts.beforeId);
  if (opts.ids) {
    if (opts.ids.length === 0) return [];
    query = query.where('n.id', 'in', opts.ids);
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    actor: r.actor_id ? { id: r.actor_id, name: r.actor_name!, avatarUrl: r.actor_avatar ?? null } : null,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    data: r.data,
    read: r.read_at !== null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
