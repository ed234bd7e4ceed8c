import { sql, type Expression, type SqlBool } from 'kysely';
import { visibleTo, type Viewer } from '../../lib/content.ts';

/**
 * Who may see a session (issue 20, items 1 and 4), as one SQL predicate every read path uses (the
 * place page, the profile log and stats, the feed, the admin). `alias` is the ride_sessions table.
 * A session is seen only by those who may see its place (a crew spot's sessions stay in the crew),
 * and then as its author chose: public, the author's followers, or the author alone. A companion
 * who accepted the tag sees it too. Admins see all.
 */
export function sessionVisibleTo(alias: string, viewer: Viewer): Expression<SqlBool> {
  if (viewer?.role === 'admin') return sql<SqlBool>`true`;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const place = sql<SqlBool>`exists (select 1 from places sp where sp.id = ${column('place_id')} and ${visibleTo('place', 'sp', viewer)})`;
  if (!viewer) return sql<SqlBool>`(${column('visibility')} = 'public' and ${place})`;
  return sql<SqlBool>`(${place} and (
    ${column('visibility')} = 'public'
    or ${column('author_id')} = ${viewer.id}
    or (${column('visibility')} = 'followers' and exists (select 1 from user_follows sf where sf.follower_id = ${viewer.id} and sf.followee_id = ${column('author_id')}))
    or exists (select 1 from ride_session_companions sc where sc.session_id = ${column('id')} and sc.user_id = ${viewer.id} and sc.status = 'accepted')
  ) and not exists (
    select 1 from user_blocks sb
    where (sb.blocker_id = ${viewer.id} and sb.blocked_id = ${column('author_id')}) or (sb.blocker_id = ${column('author_id')} and sb.blocked_id = ${viewer.id})
  ))`;
}
