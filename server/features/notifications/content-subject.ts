import { sql, type Kysely } from 'kysely';
import type { ContentType } from '../../../common/content-basics.ts';
import type { DB } from '../../db/schema.ts';
import { CONTENT_TABLES } from '../../lib/content.ts';

const NAME_COLUMNS: Record<ContentType, string> = { article: 'title', review: 'product_name', event: 'name', place: 'name', trick: 'name', shop: 'name' };

export type ContentSubject = { authorId: string | null; data: { itemName: string; itemType: ContentType; disciplineId: string } };

/** Who a content item belongs to, and the names a notification about it shows without another query. */
export async function contentSubject(db: Kysely<DB>, type: ContentType, id: string): Promise<ContentSubject | undefined> {
  const { rows } = await sql<{ author_id: string | null; name: string; discipline_id: string }>`
    select author_id, ${sql.ref(NAME_COLUMNS[type])} as name, discipline_id
    from ${sql.table(CONTENT_TABLES[type])} where id = ${id}::uuid`.execute(db);
  const row = rows[0];
  return row && { authorId: row.author_id, data: { itemName: row.name, itemType: type, disciplineId: row.discipline_id } };
}
