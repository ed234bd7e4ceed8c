import type { Kysely } from 'kysely';
import type { ApprovableType } from '../../common/approvals.ts';
import type { DB } from '../db/schema.ts';

/** A contribution of a non-admin waits in the admins' approvals queue under its name. */
export async function queueForApproval(tx: Kysely<DB>, item: { type: ApprovableType; id: string; name: string; submittedBy: string }): Promise<void> {
  await tx
    .insertInto('pending_approvals')
    .values({ item_type: item.type, item_id: item.id, item_data: JSON.stringify({ name: item.name }), submitted_by: item.submittedBy })
    .execute();
}

/** The queue shows the name the item has now. */
export async function renameQueuedItem(tx: Kysely<DB>, type: ApprovableType, id: string, name: string): Promise<void> {
  await tx
    .updateTable('pending_approvals')
    .set({ item_data: JSON.stringify({ name }) })
    .where('item_type', '=', type)
    .where('item_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
