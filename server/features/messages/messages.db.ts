import { sql, type Kysely } from 'kysely';
import type { Conversation, ConversationSummary, Message, MessagePage } from '../../../common/messages.ts';
import type { DB } from '../../db/schema.ts';
import { blockedBetween } from '../../lib/blocks.ts';
import { publish } from '../../lib/live.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A conversation as seen by one of its two people; `readColumn` holds that person's read mark. */
export type Membership = { id: string; otherId: string; readColumn: 'a_read_id' | 'b_read_id' };

/** The one conversation of the pair, made on first use; concurrent calls end on the same row. */
export async function getOrCreateConversation(db: Kysely<DB>, me: string, other: string): Promise<{ id: string; created: boolean }> {
  const [userA, userB] = me < other ? [me, other] : [other, me];
  const inserted = await db
    .insertInto('conversations')
    .values({ user_a: userA, user_b: userB })
    .onConflict((oc) => oc.columns(['user_a', 'user_b']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const row = await db.selectFrom('conversations').select('id').where('user_a', '=', userA).where('user_b', '=', userB).executeTakeFirstOrThrow();
  return { id: row.id, created: false };
}

/** The conversation if `me` is one of its two people, else undefined (the caller answers 404). */
export async function membership(db: Kysely<DB>, me: string, id: string): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select(['id', 'user_a', 'user_b'])
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_a', '=', me), eb('user_b', '=', me)]))
    .executeTakeFirst();
  if (!row) return undefined;
  return row.user_a === me ? { id: row.id, otherId: row.user_b, readColumn: 'a_read_id' } : { id: row.id, otherId: row.user_a, readColumn: 'b_read_id' };
}

/**
 * The conversations of `me` that have messages, newest activity first, each with the other person,
 * the last message and the unread count, in one statement.
 */
export async function listConversations(db: Kysely<DB>, me: string, limit = 200): Promise<ConversationSummary[]> {
  const { rows } = await sql<{
    id: string;
    other_id: string;
    other_name: string;
    other_avatar: string | null;
    body: string | null;
    sender_id: string | null;
    sent_at: Date | null;
    unread: number;
  }>`
    select c.id, p.id as other_id, p.name as other_name, p.avatar_url as other_avatar,
      lm.body, lm.sender_id, lm.created_at as sent_at,
      (select count(*)::int from messages m
        where m.conversation_id = c.id and m.sender_id <> ${me}
          and m.id > case when c.user_a = ${me} then c.a_read_id else c.b_read_id end) as unread
    from conversations c
    join profiles p on p.id = case when c.user_a = ${me} then c.user_b else c.user_a end
    left join lateral (
      select m.body, m.sender_id, m.created_at from messages m where m.conversation_id = c.id order by m.id desc limit 1
    ) lm on true
    where (c.user_a = ${me} or c.user_b = ${me}) and c.last_message_at is not null
    order by c.last_message_at desc, c.id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    other: { id: r.other_id, name: r.other_name, avatarUrl: r.other_avatar },
    lastMessage: r.body !== null && r.sender_id !== null && r.sent_at !== null ? { body: r.body, senderId: r.sender_id, createdAt: iso(r.sent_at) } : null,
    unreadCount: Number(r.unread),
  }));
}

/** Messages from others after the read mark, over all conversations of `me`. */
export async function unreadCount(db: Kysely<DB>, me: string): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count
    from conversations c join messages m on m.conversation_id = c.id
    where m.sender_id <> ${me}
      and ((c.user_a = ${me} and m.id > c.a_read_id) or (c.user_b = ${me} and m.id > c.b_read_id))`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

export async function getConversation(db: Kysely<DB>, me: string, m: Membership): Promise<Conversation> {
  const other = await db.selectFrom('profiles').select(['id', 'name', 'avatar_url']).where('id', '=', m.otherId).executeTakeFirstOrThrow();
  return { id: m.id, other: { id: other.id, name: other.name, avatarUrl: other.avatar_url }, blocked: await blockedBetween(db, me, m.otherId) };
}

const toMessage = (r: { id: number; sender_id: string; body: string; created_at: Date | string }): Message => ({
  id: Number(r.id),
  senderId: r.sender_id,
  body: r.body,
  createdAt: iso(r.created_at),
});

/** A page of history going backwards from `before` (exclusive), returned oldest first. */
export async function listMessages(db: Kysely<DB>, conversationId: string, before: number | undefined, limit: number): Promise<MessagePage> {
  let query = db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'body', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query.execute();
  return { items: rows.slice(0, limit).reverse().map(toMessage), hasMore: rows.length > limit };
}

/**
 * Stores the message, moves the conversation's activity and the sender's read mark, and signals
 * both people (the sender's other tabs too), all in one transaction. The block is checked inside it
 * so that a block made meanwhile wins.
 */
export async function sendMessage(db: Kysely<DB>, senderId: string, m: Membership, body: string): Promise<Message | 'blocked'> {
  return db.transaction().execute(async (tx) => {
    if (await blockedBetween(tx, senderId, m.otherId)) return 'blocked';
    const row = await tx
      .insertInto('messages')
      .values({ conversation_id: m.id, sender_id: senderId, body })
      .returning(['id', 'sender_id', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    const message = toMessage(row);
    await tx
      .updateTable('conversations')
      .set({ last_message_at: sql`now()`, [m.readColumn]: sql`greatest(${sql.ref(m.readColumn)}, ${message.id})` })
      .where('id', '=', m.id)
      .execute();
    for (const userId of [m.otherId, senderId]) {
      await publish(tx, { userId, event: 'message', conversationId: m.id, messageId: message.id });
    }
    return message;
  });
}

/**
 * Moves the read mark of `me` forward to `messageId` (never past the newest message, never back).
 * Signals the own other tabs only when something changed, so a tab reacting to it does not loop.
 */
export async function markRead(db: Kysely<DB>, me: string, m: Membership, messageId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const column = sql.ref(m.readColumn);
    const updated = await tx
      .updateTable('conversations')
      .set({
        [m.readColumn]: sql`least(${messageId}, coalesce((select max(id) from messages where conversation_id = ${m.id}), 0))`,
      })
      .where('id', '=', m.id)
      .where(sql<boolean>`${column} < least(${messageId}, coalesce((select max(id) from messages where conversation_id = ${m.id}), 0))`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) await publish(tx, { userId: me, event: 'unread' });
  });
}
