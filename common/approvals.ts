import { z } from 'zod';
import { CONTENT_TYPES } from './content-basics.ts';
import { revisionChangeSchema } from './revisions.ts';

/** Kinds of contributions that wait in the admin approvals queue (spec §3 pending_approvals). */
export const APPROVABLE_TYPES = ['team', ...CONTENT_TYPES] as const;
export type ApprovableType = (typeof APPROVABLE_TYPES)[number];

export const approvalSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  itemType: z.enum(APPROVABLE_TYPES),
  itemId: z.string(),
  itemName: z.string(),
  submittedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** The discipline of a content item, for the link to its page; null for teams (or a vanished item). */
  disciplineId: z.string().nullable(),
  /** Set for an edit of an approved item: only its changed fields, the public value beside the proposed one. */
  changes: z.array(revisionChangeSchema).optional(),
  /** Changes with every edit of what waits (issue 37): a decision names the version it was made on. */
  version: z.number().int(),
});
export type Approval = z.infer<typeof approvalSchema>;

/**
 * An admin's decision on the version they saw: if what waits changed since, nothing is decided (409
 * APPROVAL_STALE with the new version). A decision without one (an older client) is refused too.
 */
export const approvalDecisionSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  version: z.int({ error: 'APPROVAL_VERSION_REQUIRED' }).min(1, { error: 'APPROVAL_VERSION_REQUIRED' }),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** The answer to a stale decision: what waits now, for the admin to review (null: it no longer waits). */
export const approvalStaleSchema = z.object({ code: z.literal('APPROVAL_STALE'), message: z.string(), current: approvalSchema.nullable() });
