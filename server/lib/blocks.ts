import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Whether either of the two has blocked the other. */
export const blockedBetween = (db: Kysely<DB>, a: string, b: string): Promise<boolean> => blockedWithAny(db, a, [b]);

/** Whether `person` and any of `others` blocked one another (one statement for a list of people). */
export async function blockedWithAny(db: Kysely<DB>, person: string, others: readonly string[]): Promise<boolean> {
  if (others.length === 0) return false;
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([eb.and([eb('blocker_id', '=', person), eb('blocked_id', 'in', others)]), eb.and([eb('blocker_id', 'in', others), eb('blocked_id', '=', person)])]),
    )
    .executeTakeFirst();
  return !!row;
}

/** Blocks `blockedId` and ends the follows between the two, together. */
export async function setBlock(db: Kysely<DB>, blockerId: string, blockedId: string, block: boolean): Promise<void> {
  if (!block) {
    await db.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
    return;
  }
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('user_blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx
      .deleteFrom('user_follows')
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', blockerId), eb('followee_id', '=', blockedId)]),
          eb.and([eb('follower_id', '=', blockedId), eb('followee_id', '=', blockerId)]),
        ]),
      )
      .execute();
  });
}
