import type { Kysely } from 'kysely';
import { ADMIN_COUNT_KEYS, type AdminOverview } from '../../../common/admin.ts';
import type { DB } from '../../db/schema.ts';

/** All Overview figures in one statement: one scalar count per table. */
export async function adminOverview(db: Kysely<DB>): Promise<AdminOverview> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('profiles').select(eb.fn.countAll().as('n')).as('users'),
      eb.selectFrom('teams').select(eb.fn.countAll().as('n')).as('teams'),
      eb.selectFrom('articles').select(eb.fn.countAll().as('n')).as('articles'),
      eb.selectFrom('events').select(eb.fn.countAll().as('n')).as('events'),
      eb.selectFrom('places').select(eb.fn.countAll().as('n')).as('places'),
      eb.selectFrom('reviews').select(eb.fn.countAll().as('n')).as('reviews'),
      eb.selectFrom('tricks').select(eb.fn.countAll().as('n')).as('tricks'),
      eb.selectFrom('shops').select(eb.fn.countAll().as('n')).as('shops'),
      eb.selectFrom('pending_approvals').select(eb.fn.countAll().as('n')).where('status', '=', 'pending').as('pendingApprovals'),
      eb.selectFrom('contact_messages').select(eb.fn.countAll().as('n')).where('read_at', 'is', null).as('unreadMessages'),
    ])
    .executeTakeFirstOrThrow();
  // count() arrives as a bigint string from pg and a number from PGlite.
  return Object.fromEntries(ADMIN_COUNT_KEYS.map((key) => [key, Number(row[key] ?? 0)])) as AdminOverview;
}
