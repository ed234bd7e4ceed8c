import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function saveContactMessage(
  db: Kysely<DB>,
  message: { name: string; email: string; subject: string; message: string; userId: string | null },
): Promise<string> {
  const row = await db
    .insertInto('contact_messages')
    .values({ name: message.name, email: message.email, subject: message.subject, message: message.message, user_id: message.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
