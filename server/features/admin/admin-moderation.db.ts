import type { Kysely } from 'kysely';
import type { ModerationItem, ModerationKind, ModerationList } from '../../../common/admin-moderation.ts';
import type { DB } from '../../db/schema.ts';
import { authorOf, iso, pageRows, toPage, type Viewer } from '../../lib/content.ts';
import { sessionVisibleTo } from '../sessions/index.ts';

type Db = Kysely<DB>;

/**
 * A page of riders' sessions or condition reports, newest first, with author and place. Sessions
 * go through their one visibility rule like every read of them (an admin sees them all).
 */
export async function listModeration(db: Db, kind: ModerationKind, admin: Viewer, filters: { page: number; limit: number }): Promise<ModerationList> {
  const base = kind === 'sessions' ? db.selectFrom('ride_sessions as i').where(sessionVisibleTo('i', admin)) : db.selectFrom('condition_reports as i');
  const query = base
    .innerJoin('places as p', 'p.id', 'i.place_id')
    .leftJoin('profiles as a', 'a.id', 'i.author_id')
    .select([
      'i.id',
      'i.note',
      'i.created_at',
      'i.author_id',
      'a.name as author_name',
      'a.avatar_url as author_avatar_url',
      'p.id as place_id',
      'p.name as place_name',
      'p.discipline_id',
    ])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc');
  const { rows, total, totalCapped } = await pageRows(db, query, filters.page, filters.limit);
  const items = rows.map((row): ModerationItem => ({
    id: row.id,
    author: authorOf(row),
    place: { id: row.place_id, name: row.place_name, disciplineId: row.discipline_id },
    note: row.note,
    createdAt: iso(row.created_at),
  }));
  return toPage(items, { total, totalCapped }, filters);
}
