import { sql, type Kysely } from 'kysely';
import type { ApprovableType } from '../../common/approvals.ts';
import type { PendingRevision, RevisionChange, RevisionValue } from '../../common/revisions.ts';
import type { DB } from '../db/schema.ts';

/**
 * A non-admin's edit of an approved item waits in pending_revisions (migration 0010) until an admin
 * decides it, so that the public only ever sees what an admin approved (issue 16).
 */

type Db = Kysely<DB>;
type Item = { type: ApprovableType; id: string };

/** The fields of `changes` whose value differs from the item's public one in `current` (both by API field name). */
export function changedFields(current: Record<string, unknown>, changes: Record<string, unknown>): RevisionChange[] {
  return Object.entries(changes)
    .filter(([, after]) => after !== undefined)
    .map(([field, after]) => ({ field, before: (current[field] ?? null) as RevisionValue, after: after as RevisionValue }))
    .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after));
}

class TrialDone extends Error {}

/**
 * Adds `changes` to the item's pending revision: the fields it names replace the earlier proposal's,
 * which keeps the others (a new logo does not drop a waiting rename); a field set back to its public
 * value leaves the proposal, and with nothing left that differs from `current` nothing waits. `apply`
 * (the section's own update) is first tried and undone, so that an edit the section would refuse is
 * refused now, storing nothing. `options` name fields of an edit that say how to apply it rather than
 * what changes (an event's `applyTo`): they are kept beside a change, never a change of their own.
 * Returns the proposal it replaced, whose uploads may now be unused.
 */
export async function proposeRevision(
  db: Db,
  item: Item,
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
  authorId: string,
  apply: (tx: Db) => Promise<void>,
  options: readonly string[] = [],
): Promise<Record<string, unknown> | undefined> {
  const earlier = (await pendingRevisionOf(db, item))?.changes;
  const isOption = (field: string) => options.includes(field);
  const named = new Set(Object.keys(changes).filter((field) => changes[field] !== undefined));
  const kept = Object.fromEntries(Object.entries(earlier ?? {}).filter(([field]) => !named.has(field) && !isOption(field)));
  const fields = Object.fromEntries(Object.entries(changes).filter(([field]) => !isOption(field)));
  let changed: Record<string, unknown> = { ...kept, ...Object.fromEntries(changedFields(current, fields).map((c) => [c.field, c.after])) };
  // How to apply the whole proposal is what this edit says (its form starts from the proposal).
  if (Object.keys(changed).length > 0) changed = { ...changed, ...Object.fromEntries(options.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]])) };
  try {
    await db.transaction().execute(async (tx) => {
      await apply(tx);
      throw new TrialDone();
    });
  } catch (error) {
    if (!(error instanceof TrialDone)) throw error;
  }
  const pending = db.deleteFrom('pending_revisions').where('item_type', '=', item.type).where('item_id', '=', item.id).where('status', '=', 'pending');
  if (Object.keys(changed).length === 0) {
    await pending.execute();
    return earlier;
  }
  await db
    .insertInto('pending_revisions')
    .values({ item_type: item.type, item_id: item.id, changes: JSON.stringify(changed), submitted_by: authorId })
    .onConflict((oc) =>
      oc
        .columns(['item_type', 'item_id'])
        // A literal, not a parameter: PostgreSQL matches this to the partial unique index when it
        // plans the statement, which for a prepared one (server/db/client.ts) is without its values.
        .where('status', '=', sql.lit('pending'))
        .doUpdateSet({ changes: JSON.stringify(changed), submitted_by: authorId, created_at: sql`now()` }),
    )
    .execute();
  return earlier;
}

/** The item's pending revision, if it has one. */
export async function pendingRevisionOf(db: Db, item: Item): Promise<PendingRevision | undefined> {
  const row = await db
    .selectFrom('pending_revisions')
    .select(['changes', 'created_at'])
    .where('item_type', '=', item.type)
    .where('item_id', '=', item.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row && { changes: row.changes as PendingRevision['changes'], createdAt: new Date(row.created_at).toISOString() };
}

/** `found` with its pending revision when `mayEdit` (its author or an admin); anyone else sees it as it is. */
export async function withPendingRevision<T extends object>(db: Db, item: Item, found: T, mayEdit: boolean): Promise<T> {
  if (!mayEdit) return found;
  const pendingRevision = await pendingRevisionOf(db, item);
  return pendingRevision ? { ...found, pendingRevision } : found;
}
