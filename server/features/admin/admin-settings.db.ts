import { sql, type Kysely } from 'kysely';
import type { ContactMessage, ContactMessageList } from '../../../common/admin-settings.ts';
import type { LanguageCode } from '../../../common/languages.ts';
import type { DB } from '../../db/schema.ts';

async function upsertSetting(db: Kysely<DB>, key: string, value: string): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ setting_key: key, setting_value: value })
    .onConflict((oc) => oc.column('setting_key').doUpdateSet({ setting_value: value, updated_at: sql`now()` }))
    .execute();
}

export async function setEnabledLanguages(db: Kysely<DB>, codes: LanguageCode[]): Promise<void> {
  await upsertSetting(db, 'enabled_languages', JSON.stringify(codes));
}

/**
 * Replaces an image setting (an empty value means the default) and returns the previous value,
 * read under a row lock so that two uploads at once each get the file they replaced.
 */
export async function replaceSetting(db: Kysely<DB>, key: string, value: string): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const previous = await tx.selectFrom('site_settings').select('setting_value').where('setting_key', '=', key).forUpdate().executeTakeFirst();
    await upsertSetting(tx, key, value);
    return previous?.setting_value || null;
  });
}

export async function listContactMessages(db: Kysely<DB>, query: { page: number; limit: number; unread?: boolean }): Promise<ContactMessageList> {
  let base = db.selectFrom('contact_messages');
  if (query.unread !== undefined) base = base.where('read_at', query.unread ? 'is' : 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'name', 'email', 'subject', 'message', 'created_at', 'read_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { items: rows.map(toMessage), total, page: query.page, hasMore: query.page * query.limit < total };
}

/** Marks a message read (keeping the first reading time) or unread; undefined when there is none. */
export async function markContactMessage(db: Kysely<DB>, id: string, read: boolean): Promise<ContactMessage | undefined> {
  const row = await db
    .updateTable('contact_messages')
    .set({ read_at: read ? sql<Date>`coalesce(read_at, now())` : null })
    .where('id', '=', id)
    .returning(['id', 'name', 'email', 'subject', 'message', 'created_at', 'read_at'])
    .executeTakeFirst();
  return row && toMessage(row);
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toMessage(row: {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date | string;
  read_at: Date | string | null;
}): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: iso(row.created_at),
    readAt: row.read_at ? iso(row.read_at) : null,
  };
}
