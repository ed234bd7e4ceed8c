import type { AnyAction } from './actions.ts';
import { deleteSessionAction } from './sessions-basics.ts';
import { deleteConditionReportAction } from './conditions-basics.ts';
import { z } from 'zod';
import { ADMIN_CONTENT_PAGE_SIZE } from './paging.ts';
import { personSchema } from './teams.ts';

/** The admin's moderation lists (issue 20): riders' sessions and condition reports, newest first, each deleted by its own endpoint. */

export const MODERATION_KINDS = ['sessions', 'condition-reports'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

export const moderationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(ADMIN_CONTENT_PAGE_SIZE)
    .transform((n) => Math.min(n, 50)),
});

export const moderationItemSchema = z.object({
  id: z.string(),
  /** Null once the account is gone. */
  author: personSchema.nullable(),
  place: z.object({ id: z.string(), name: z.string(), disciplineId: z.string() }),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationListSchema = z.object({
  items: z.array(moderationItemSchema),
  total: z.number(),
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type ModerationList = z.infer<typeof moderationListSchema>;

/** Where an item is deleted: its own endpoint, which admins may use on anyone's. */
export const moderationDeletePath = (kind: ModerationKind, id: string) => `/api/${kind}/${encodeURIComponent(id)}`;
/** The plain form doing the same (an action defined once) and the field naming the item. */
export const MODERATION_DELETE_FORM: Record<ModerationKind, { action: AnyAction; field: string }> = {
  sessions: { action: deleteSessionAction, field: 'id' },
  'condition-reports': { action: deleteConditionReportAction, field: 'id' },
};
