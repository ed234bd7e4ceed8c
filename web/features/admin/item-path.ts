import type { Approval } from '../../../common/approvals.ts';
import { contentPath } from '../../../common/content-basics.ts';

/** The page of a queued item (admins see pending items there); null when its discipline is unknown (the item is gone). */
export function itemPath(approval: Pick<Approval, 'itemType' | 'itemId' | 'disciplineId'>): string | null {
  if (approval.itemType === 'team') return `/team/${encodeURIComponent(approval.itemId)}`;
  if (!approval.disciplineId) return null;
  return contentPath(approval.itemType, approval.disciplineId, approval.itemId);
}
