import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Ctx } from './context.ts';

/**
 * The one rule for a person others may see or reach: confirmed and not banned. `alias` names the
 * profiles table in the query (a filter of searches; `profileIsVisible` asks it of one account).
 */
export function visiblePerson(alias: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.email_verified`)} and not ${sql.ref(`${alias}.banned`)})`;
}

/** A person others may see: confirmed and not banned (profiles, their followers, their tricks, team invitations). */
export async function profileIsVisible(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db.selectFrom('profiles as p').select('p.id').where('p.id', '=', id).where(visiblePerson('p')).executeTakeFirst();
  return !!row;
}

/**
 * `profileIsVisible` for a route that shows something of that person's: a profile page's API calls
 * (the profile, its sessions, tricks, activity and statistics) ask it once between them.
 */
export const profileIsVisibleOnce = (ctx: Ctx, id: string): Promise<boolean> => ctx.once(profileVisibleKey(id), () => profileIsVisible(ctx.db, id));

/**
 * The profile `found` by a query with `visiblePerson`'s rule, and for the page's later calls whether
 * that person may be seen: a profile page's sessions, tricks, activity and statistics then ask nothing more.
 */
export function tellProfileVisible<T>(ctx: Ctx, id: string, found: Promise<T | undefined>): Promise<T | undefined> {
  ctx.tell(profileVisibleKey(id), () => found.then((profile) => profile !== undefined));
  return found;
}

const profileVisibleKey = (id: string) => `profile-visible:${id}`;
