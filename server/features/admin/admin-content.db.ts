import { sql, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AdminContentItem, AdminContentKind, AdminContentList, adminContentQuerySchema } from '../../../common/admin-content.ts';
import { hasNextPage } from '../../../common/paging.ts';
import type { DB } from '../../db/schema.ts';
import { iso, newestFirstPage } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';

export type AdminContentFilters = z.output<typeof adminContentQuerySchema>;

type Db = Kysely<DB>;

/** Where each kind lives: its name column, whether it has a discipline, and who wrote (or leads) it. */
const SOURCES: Record<AdminContentKind, { table: keyof DB; name: string; hasDiscipline: boolean; person: 'author_id' | 'leader_id' }> = {
  teams: { table: 'teams', name: 'name', hasDiscipline: false, person: 'leader_id' },
  articles: { table: 'articles', name: 'title', hasDiscipline: true, person: 'author_id' },
  events: { table: 'events', name: 'name', hasDiscipline: true, person: 'author_id' },
  places: { table: 'places', name: 'name', hasDiscipline: true, person: 'author_id' },
  reviews: { table: 'reviews', name: 'product_name', hasDiscipline: true, person: 'author_id' },
  tricks: { table: 'tricks', name: 'name', hasDiscipline: true, person: 'author_id' },
  shops: { table: 'shops', name: 'name', hasDiscipline: true, person: 'author_id' },
};

/** A page of every item of `kind`, whatever its status, newest first, with its author's or leader's name. */
export async function listAdminContent(db: Db, kind: AdminContentKind, filters: AdminContentFilters): Promise<AdminContentList> {
  const source = SOURCES[kind];
  const nameColumn = `c.${source.name}`;
  // One builder for seven tables: they share id, status and created_at; the differing columns go through refs.
  let query = db
    .selectFrom(`${source.table} as c` as 'places as c')
    .leftJoin('profiles as p', (join) => join.on(sql<SqlBool>`p.id = ${sql.ref(`c.${source.person}`)}`))
    .select([
      'c.id',
      'c.status',
      'c.created_at',
      sql<string>`${sql.ref(nameColumn)}`.as('name'),
      (source.hasDiscipline ? sql<string | null>`c.discipline_id` : sql<string | null>`null::text`).as('discipline_id'),
      'p.name as author_name',
    ]);
  const q = filters.q?.trim();
  if (q) query = query.where(containsText(q, [nameColumn]));
  const page = await newestFirstPage(db, query, 'c', filters, (row): AdminContentItem => ({
    id: row.id,
    kind,
    name: row.name,
    disciplineId: row.discipline_id,
    authorName: row.author_name,
    status: row.status,
    createdAt: iso(row.created_at),
  }));
  return { items: page.items, total: page.total, totalCapped: page.totalCapped, page: page.page, hasMore: hasNextPage(page) };
}
