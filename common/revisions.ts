import { z } from 'zod';

/**
 * A non-admin's edit of an approved item waits for an admin (issue 16): its author and the admins see
 * the proposed fields, the public the approved version.
 */

/** A field's value as an update body carries it. */
export const revisionValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type RevisionValue = z.infer<typeof revisionValueSchema>;

export const pendingRevisionSchema = z.object({
  /** The fields the edit changes, by their API names, with their proposed values. */
  changes: z.record(z.string(), revisionValueSchema),
  createdAt: z.string(),
});
export type PendingRevision = z.infer<typeof pendingRevisionSchema>;

/** One changed field in the approvals queue: the public value and the proposed one. */
export const revisionChangeSchema = z.object({ field: z.string(), before: revisionValueSchema, after: revisionValueSchema });
export type RevisionChange = z.infer<typeof revisionChangeSchema>;
