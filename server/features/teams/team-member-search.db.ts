import type { Kysely } from 'kysely';
import type { Person } from '../../../common/teams.ts';
import { MEMBER_SEARCH_MAX_RESULTS, MEMBER_SEARCH_MIN } from '../../../common/teams-basics.ts';
import type { DB } from '../../db/schema.ts';
import { containsText } from '../../lib/like.ts';
import { visiblePerson } from '../../lib/people.ts';

type Db = Kysely<DB>;

/** People who could be invited: verified, not banned, neither in the team nor invited yet; matched by part of their name. */
export async function searchNewMembers(db: Db, teamId: string, text: string): Promise<Person[]> {
  const q = text.trim();
  if (q.length < MEMBER_SEARCH_MIN) return [];
  const rows = await db
    .selectFrom('profiles as p')
    .select(['p.id', 'p.name', 'p.avatar_url'])
    .where(visiblePerson('p'))
    .where(containsText(q, ['p.name']))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('team_members as m').select('m.user_id').whereRef('m.user_id', '=', 'p.id').where('m.team_id', '=', teamId))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('team_invitations as i').select('i.user_id').whereRef('i.user_id', '=', 'p.id').where('i.team_id', '=', teamId))),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(MEMBER_SEARCH_MAX_RESULTS)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, avatarUrl: r.avatar_url }));
}
