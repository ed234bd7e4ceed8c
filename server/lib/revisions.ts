import { sql, type Kysely } from 'kysely';
import type { ApprovableType } from '../../common/approvals.ts';
import type { PendingRevision, RevisionChange, RevisionValue } from '../../common/revisions.ts';
import type { DB } from '../db/schema.ts';
import { CONTENT_TABLES } from './content.ts';
import { fail } from './errors.ts';

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

/** The table of each kind of item: its `status` says whether it is public (approved), and follows a decision. */
export const ITEM_TABLES = { team: 'teams', ...CONTENT_TABLES } as const satisfies Record<ApprovableType, keyof DB>;

/**
 * Locks the item's row until the transaction ends and answers its status (undefined: no such item).
 * Edits and decisions of one item take this lock first, and then the queue's rows, so that they run
 * one after the other in the same order (no deadlock). An event locks every date of its series, by id:
 * a series is edited and decided as one.
 */
export async function lockItem(tx: Db, item: Item): Promise<string | undefined> {
  if (item.type === 'event') {
    const rows = await tx
      .selectFrom('events')
      .select(['id', 'status'])
      .where((eb) => eb.or([eb('id', '=', item.id), eb('series_id', '=', eb.selectFrom('events as e').select('e.series_id').where('e.id', '=', item.id))]))
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.find((row) => row.id === item.id)?.status;
  }
  const row = await tx
    .selectFrom(ITEM_TABLES[item.type] as 'places')
    .select('status')
    .where('id', '=', item.id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status;
}

/** Which fields of an author's edit of an approved item apply at once instead of waiting (a spot hidden from the public). */
export type AtOnce = (changes: Record<string, unknown>) => { now: Record<string, unknown>; later: Record<string, unknown> } | undefined;

/** What `editAsAuthor` did: whether (part of) the edit waits as a revision, what applied at once although the item is approved, and the proposal replaced. */
export type AuthorEdit = { proposed: boolean; applied: Record<string, unknown>; replaced?: Record<string, unknown> };

/**
 * A non-admin's edit (its author, a team's leader), in one transaction holding the item's lock: while
 * the item is not approved (not public) it applies at once; once approved it becomes or joins the
 * item's pending revision (`proposeLocked`), read, merged and written under that lock so that
 * concurrent edits lose no field, and an approval racing with the edit sees one version or the other.
 * `atOnce` may take out the fields that show less, to fewer people: they apply now, and a decided
 * revision records them. Says whether the edit waits for review (`proposed`), the fields applied at
 * once although the item is approved (`applied`), and the proposal it replaced (`replaced`, whose
 * uploads may now be unused).
 */
export async function editAsAuthor(
  db: Db,
  item: Item,
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
  authorId: string,
  apply: (tx: Db, changes: Record<string, unknown>) => Promise<void>,
  options: { editOptions?: readonly string[]; atOnce?: AtOnce } = {},
): Promise<AuthorEdit> {
  return db.transaction().execute(async (tx) => {
    const status = await lockItem(tx, item);
    if (status === undefined) fail('NOT_FOUND');
    if (status !== 'approved') {
      await apply(tx, changes);
      return { proposed: false, applied: {} };
    }
    const split = options.atOnce?.(changes) ?? { now: {}, later: changes };
    const proposed = Object.values(split.later).some((value) => value !== undefined);
    const replaced = proposed
      ? await proposeLocked(tx, item, current, split.later, authorId, (trial) => apply(trial, split.later), options.editOptions)
      : undefined;
    const now = Object.fromEntries(changedFields(current, split.now).map((c) => [c.field, split.now[c.field]]));
    if (Object.keys(now).length === 0) return { proposed, applied: {}, replaced };
    await apply(tx, split.now);
    await tx
      .insertInto('pending_revisions')
      .values({
        item_type: item.type,
        item_id: item.id,
        changes: JSON.stringify(split.now),
        submitted_by: authorId,
        status: 'approved',
        decided_by: authorId,
        decided_at: sql`now()`,
      })
      .execute();
    return { proposed, applied: split.now, replaced };
  });
}

const sameFields = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([field, value]) => JSON.stringify(value) === JSON.stringify(b[field]));

/**
 * Adds `changes` to the item's pending revision: the fields it names replace the earlier proposal's,
 * which keeps the others (a new logo does not drop a waiting rename); a field set back to its public
 * value leaves the proposal, and with nothing left that differs from `current` nothing waits. `apply`
 * (the section's own update) is first tried and undone, so that an edit the section would refuse is
 * refused now, storing nothing. `options` name fields of an edit that say how to apply it rather than
 * what changes (an event's `applyTo`): they are kept beside a change, never a change of their own.
 * All of it holds the item's lock, which `tx` holds (issue 37: three edits at once each kept only their
 * own field); an edit decides under that lock whether the item is approved (`editAsAuthor`).
 * Returns the proposal it replaced, whose uploads may now be unused.
 */
async function proposeLocked(
  tx: Db,
  item: Item,
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
  authorId: string,
  apply: (tx: Db) => Promise<void>,
  options: readonly string[] = [],
): Promise<Record<string, unknown> | undefined> {
  const earlier = (await pendingRevisionOf(tx, item))?.changes;
  const isOption = (field: string) => options.includes(field);
  const named = new Set(Object.keys(changes).filter((field) => changes[field] !== undefined));
  const kept = Object.fromEntries(Object.entries(earlier ?? {}).filter(([field]) => !named.has(field) && !isOption(field)));
  const fields = Object.fromEntries(Object.entries(changes).filter(([field]) => !isOption(field)));
  let changed: Record<string, unknown> = { ...kept, ...Object.fromEntries(changedFields(current, fields).map((c) => [c.field, c.after])) };
  // How to apply the whole proposal is what this edit says (its form starts from the proposal).
  if (Object.keys(changed).length > 0)
    changed = { ...changed, ...Object.fromEntries(options.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]])) };
  // Tried and undone: a refusal (thrown) ends the whole transaction, storing nothing.
  await sql`savepoint revision_trial`.execute(tx);
  await apply(tx);
  await sql`rollback to savepoint revision_trial`.execute(tx);
  // The same proposal again is no new version (an admin's decision on it stays good) and replaces nothing.
  if (earlier && sameFields(changed, earlier)) return undefined;
  const pending = tx.deleteFrom('pending_revisions').where('item_type', '=', item.type).where('item_id', '=', item.id).where('status', '=', 'pending');
  if (Object.keys(changed).length === 0) {
    await pending.execute();
    return earlier;
  }
  await tx
    .insertInto('pending_revisions')
    .values({ item_type: item.type, item_id: item.id, changes: JSON.stringify(changed), submitted_by: authorId })
    .onConflict((oc) =>
      oc
        .columns(['item_type', 'item_id'])
        // A literal, not a parameter: PostgreSQL matches this to the partial unique index when it
        // plans the statement, which for a prepared one (server/db/client.ts) is without its values.
        .where('status', '=', sql.lit('pending'))
        // A new version: an admin's decision on the one before is refused (issue 37).
        .doUpdateSet({ changes: JSON.stringify(changed), submitted_by: authorId, created_at: sql`now()`, version: sql`pending_revisions.version + 1` }),
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
