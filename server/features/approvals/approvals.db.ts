import { sql, type Kysely } from 'kysely';
import type { Approval, ApprovableType, ApprovalDecision } from '../../../common/approvals.ts';
import type { DB } from '../../db/schema.ts';
import { CONTENT_TABLES } from '../../lib/content.ts';
import { notify } from '../../lib/notifications.ts';
import { ITEM_TABLES, lockItem } from '../../lib/revisions.ts';

/**
 * The discipline of the queued content item, read in the same statement: each branch is a primary-key
 * lookup in that type's table, and only the branch of the row's type runs.
 */
const itemDiscipline = sql<string | null>`case a.item_type ${sql.join(
  Object.entries(CONTENT_TABLES).map(
    ([type, table]) => sql`when ${type} then (select c.discipline_id from ${sql.table(table)} c where c.id = a.item_id::uuid)`,
  ),
  sql` `,
)} end`;

/** The new items waiting, oldest first (or only the one of queue row `id`). */
export async function listPendingApprovals(db: Kysely<DB>, id?: string): Promise<Approval[]> {
  let query = db
    .selectFrom('pending_approvals as a')
    .leftJoin('profiles as p', 'p.id', 'a.submitted_by')
    .where('a.status', '=', 'pending')
    .select([
      'a.id',
      'a.status',
      'a.item_type',
      'a.item_id',
      'a.item_data',
      'a.created_at',
      'a.version',
      'p.id as submitter_id',
      'p.name as submitter_name',
      itemDiscipline.as('discipline_id'),
    ]);
  if (id !== undefined) query = query.where('a.id', '=', id);
  const rows = await query.orderBy('a.created_at', 'asc').execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    itemType: r.item_type as ApprovableType,
    itemId: r.item_id,
    itemName: String((r.item_data as Record<string, string>).name ?? ''),
    submittedBy: r.submitter_id ? { id: r.submitter_id, name: r.submitter_name ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
    disciplineId: r.discipline_id ?? null,
    version: r.version,
  }));
}

/** What a decision on a queued thing comes to; 'stale': it changed since the version the admin saw. */
export type Decided = 'done' | 'not-found' | 'already-decided' | 'stale';

/**
 * Decides a pending item once, in the version the admin saw: the conditional update lets exactly one
 * of two concurrent decisions through (the other finds nothing pending), and none once the item
 * changed (migration 0024 counts its versions). The item's lock is taken first, as an edit does, so
 * that an edit and a decision run one after the other.
 */
export async function decideApproval(db: Kysely<DB>, id: string, decision: ApprovalDecision, adminId: string): Promise<Decided> {
  return db.transaction().execute(async (tx) => {
    const queued = await tx.selectFrom('pending_approvals').select(['item_type', 'item_id', 'status', 'version']).where('id', '=', id).executeTakeFirst();
    if (!queued) return 'not-found';
    if (queued.status === 'pending') await lockItem(tx, { type: queued.item_type as ApprovableType, id: queued.item_id });
    const decided = await tx
      .updateTable('pending_approvals')
      .set({ status: decision.decision, decided_by: adminId, decided_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('version', '=', decision.version)
      .returning(['item_type', 'item_id', 'item_data', 'submitted_by'])
      .executeTakeFirst();
    if (!decided) {
      const now = await tx.selectFrom('pending_approvals').select('status').where('id', '=', id).executeTakeFirst();
      return !now ? 'not-found' : now.status === 'pending' ? 'stale' : 'already-decided';
    }
    const table = ITEM_TABLES[decided.item_type as ApprovableType];
    if (table) await sql`update ${sql.table(table)} set status = ${decision.decision}, updated_at = now() where id::text = ${decided.item_id}`.execute(tx);
    if (decided.submitted_by) {
      const { disciplineId } = await tx
        .selectFrom('pending_approvals as a')
        .select(itemDiscipline.as('disciplineId'))
        .where('a.id', '=', id)
        .executeTakeFirstOrThrow();
      const itemName = String((decided.item_data as Record<string, string>).name ?? '');
      await notify(tx, {
        userId: decided.submitted_by,
        type: 'approval',
        actorId: adminId,
        subjectType: decided.item_type,
        subjectId: decided.item_id,
        data: {
          decision: decision.decision,
          itemType: decided.item_type,
          itemName,
          disciplineId,
          ...(decided.item_type === 'team' ? { teamName: itemName } : {}),
        },
      });
    }
    return 'done';
  });
}
