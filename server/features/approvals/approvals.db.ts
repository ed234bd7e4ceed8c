import { sql, type Kysely } from 'kysely';
import type { Approval, ApprovableType } from '../../../common/approvals.ts';
import type { DB } from '../../db/schema.ts';
import { CONTENT_TABLES } from '../../lib/content.ts';
import { notify } from '../../lib/notifications.ts';

// The table whose `status` column follows the decision, per item type.
const ITEM_TABLES: Record<ApprovableType, keyof DB> = { team: 'teams', ...CONTENT_TABLES };

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

export async function listPendingApprovals(db: Kysely<DB>): Promise<Approval[]> {
  const rows = await db
    .selectFrom('pending_approvals as a')
    .leftJoin('profiles as p', 'p.id', 'a.submitted_by')
    .where('a.status', '=', 'pending')
    .select(['a.id', 'a.status', 'a.item_type', 'a.item_id', 'a.item_data', 'a.created_at', 'p.id as submitter_id', 'p.name as submitter_name', itemDiscipline.as('discipline_id')])
    .orderBy('a.created_at', 'asc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    itemType: r.item_type as ApprovableType,
    itemId: r.item_id,
    itemName: String((r.item_data as Record<string, string>).name ?? ''),
    submittedBy: r.submitter_id ? { id: r.submitter_id, name: r.submitter_name ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
    disciplineId: r.discipline_id ?? null,
  }));
}

/**
 * Decides a pending item once: the conditional update lets exactly one of two concurrent
 * decisions through; the other finds nothing pending and gets `undefined`.
 */
export async function decideApproval(
  db: Kysely<DB>,
  id: string,
  decision: 'approved' | 'rejected',
  adminId: string,
): Promise<'done' | 'not-found' | 'already-decided'> {
  return db.transaction().execute(async (tx) => {
    const decided = await tx
      .updateTable('pending_approvals')
      .set({ status: decision, decided_by: adminId, decided_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning(['item_type', 'item_id', 'item_data', 'submitted_by'])
      .executeTakeFirst();
    if (!decided) {
      const exists = await tx.selectFrom('pending_approvals').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? 'already-decided' : 'not-found';
    }
    const table = ITEM_TABLES[decided.item_type as ApprovableType];
    if (table) await sql`update ${sql.table(table)} set status = ${decision}, updated_at = now() where id::text = ${decided.item_id}`.execute(tx);
    if (decided.submitted_by) {
      const { disciplineId } = await tx.selectFrom('pending_approvals as a').select(itemDiscipline.as('disciplineId')).where('a.id', '=', id).executeTakeFirstOrThrow();
      const itemName = String((decided.item_data as Record<string, string>).name ?? '');
      await notify(tx, {
        userId: decided.submitted_by,
        type: 'approval',
        actorId: adminId,
        subjectType: decided.item_type,
        subjectId: decided.item_id,
        data: { decision, itemType: decided.item_type, itemName, disciplineId, ...(decided.item_type === 'team' ? { teamName: itemName } : {}) },
      });
    }
    return 'done';
  });
}
