import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminUser, AdminUserPage, AdminUserUpdate } from '../../../common/admin-users.ts';
import { hasNextPage } from '../../../common/paging.ts';
import type { DB } from '../../db/schema.ts';
import { pageRows } from '../../lib/content.ts';
import { containsText } from '../../lib/like.ts';
import { photoFilesOfAccount } from '../../lib/photos.ts';

type Db = Kysely<DB>;
export type DeletedAccount = { id: string; avatarUrl: string | null; bannerUrl: string | null; photoUrls: string[] };

const COLUMNS = ['p.id', 'p.name', 'p.email', 'p.role', 'p.avatar_url', 'p.created_at'] as const;
type Row = { id: string; name: string; email: string; role: 'user' | 'admin'; avatar_url: string | null; created_at: Date };

const toUser = (row: Row): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  avatarUrl: row.avatar_url,
  createdAt: new Date(row.created_at).toISOString(),
});

/** One page of accounts, newest first; `q` matches the name or the e-mail, case-insensitively. */
export async function listUsers(db: Db, filters: { q?: string; page: number; limit: number }): Promise<AdminUserPage> {
  let query = db.selectFrom('profiles as p').select(COLUMNS);
  if (filters.q) query = query.where(containsText(filters.q, ['p.name', 'p.email']));
  const ordered = query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  const { rows, total, totalCapped } = await pageRows(db, ordered, filters.page, filters.limit);
  const items = rows.map(toUser);
  return { items, total, totalCapped, page: filters.page, hasMore: hasNextPage({ items, total, totalCapped, page: filters.page, pageSize: filters.limit }) };
}

export async function getUser(db: Db, id: string): Promise<AdminUser | undefined> {
  const row = await db.selectFrom('profiles as p').select(COLUMNS).where('p.id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/**
 * Locks every admin row, in id order so that concurrent callers queue rather than deadlock, and
 * returns their ids. A row demoted by a transaction we waited for is re-checked and left out, so the
 * second of two admins demoting each other sees only one admin left.
 */
async function lockAdmins(tx: Transaction<DB>): Promise<string[]> {
  const rows = await tx.selectFrom('profiles').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
  return rows.map((r) => r.id);
}

const isLastAdmin = (admins: string[], id: string) => admins.length === 1 && admins[0] === id;

/** Name and role; demoting the last admin is refused (`last-admin`). */
export async function updateUser(db: Db, id: string, input: AdminUserUpdate): Promise<AdminUser | 'not-found' | 'last-admin'> {
  return db.transaction().execute(async (tx) => {
    if (input.role === 'user' && isLastAdmin(await lockAdmins(tx), id)) return 'last-admin';
    const row = await tx
      .updateTable('profiles as p')
      .set({ ...(input.name === undefined ? {} : { name: input.name }), ...(input.role === undefined ? {} : { role: input.role }), updated_at: sql`now()` })
      .where('p.id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toUser(row) : 'not-found';
  });
}

/**
 * Removes an account, for self-deletion and for an admin's deletion alike, in one transaction: a team
 * leader must hand leadership over first (`leads-a-team`) and the last admin stays (`last-admin`). Sessions, credentials, memberships and follows go with the row (on delete cascade);
 * the caller removes the uploaded files it returns once this has committed.
 */
export async function deleteAccount(db: Db, id: string): Promise<DeletedAccount | 'not-found' | 'leads-a-team' | 'last-admin'> {
  return db.transaction().execute(async (tx) => {
    const admins = await lockAdmins(tx);
    // Locked too: a leadership handed to this account meanwhile waits, and is seen by the check below.
    const user = await tx.selectFrom('profiles').select(['avatar_url', 'banner_url']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!user) return 'not-found';
    const leads = await tx.selectFrom('teams').select('id').where('leader_id', '=', id).limit(1).executeTakeFirst();
    if (leads) return 'leads-a-team';
    if (isLastAdmin(admins, id)) return 'last-admin';
    // Read before the rows go: the account's reports and sessions take their photos along (migration 0018's triggers).
    const photoUrls = await photoFilesOfAccount(tx, id);
    await tx.deleteFrom('profiles').where('id', '=', id).execute();
    return { id, avatarUrl: user.avatar_url, bannerUrl: user.banner_url, photoUrls };
  });
}
