import { z } from 'zod';
import { contentPath, type ContentType } from './content-basics.ts';
import { contentStatusSchema } from './content.ts';
import { ADMIN_CONTENT_PAGE_SIZE } from './paging.ts';

/** The admin Content tab's lists (spec §2 Admin panel › Content): one per kind, every status, newest first. */

export const ADMIN_CONTENT_KINDS = ['teams', 'articles', 'events', 'places', 'reviews', 'tricks', 'shops'] as const;
export type AdminContentKind = (typeof ADMIN_CONTENT_KINDS)[number];

/** The kinds with a discipline section (every kind but teams); their admin form is the section's own fields. */
export type AdminSectionKind = Exclude<AdminContentKind, 'teams'>;

/** The content type (likes, approvals, page addresses) of each kind but teams. */
export const CONTENT_TYPE_OF: Record<AdminSectionKind, ContentType> = {
  articles: 'article',
  events: 'event',
  places: 'place',
  reviews: 'review',
  tricks: 'trick',
  shops: 'shop',
};

export const isSectionKind = (kind: string): kind is AdminSectionKind => Object.hasOwn(CONTENT_TYPE_OF, kind);

export const adminContentParamsSchema = z.object({ kind: z.enum(ADMIN_CONTENT_KINDS) });

export const adminContentQuerySchema = z.object({
  q: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  // Larger values are capped rather than refused.
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(ADMIN_CONTENT_PAGE_SIZE)
    .transform((n) => Math.min(n, 50)),
});
export type AdminContentQuery = z.input<typeof adminContentQuerySchema>;

export const adminContentItemSchema = z.object({
  id: z.string(),
  kind: z.enum(ADMIN_CONTENT_KINDS),
  /** The name, title or product name. */
  name: z.string(),
  /** Null for teams. */
  disciplineId: z.string().nullable(),
  /** The author, or a team's leader; null once the account is gone. */
  authorName: z.string().nullable(),
  status: contentStatusSchema,
  createdAt: z.string(),
});
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;

export const adminContentListSchema = z.object({
  items: z.array(adminContentItemSchema),
  total: z.number(),
  /** `total` is COUNT_CAP and more match (common/paging.ts). */
  totalCapped: z.boolean(),
  page: z.number(),
  hasMore: z.boolean(),
});
export type AdminContentList = z.infer<typeof adminContentListSchema>;

/** The public page of a listed item (the View link). */
export function adminItemPath(item: Pick<AdminContentItem, 'kind' | 'id' | 'disciplineId'>): string | null {
  if (item.kind === 'teams') return `/team/${encodeURIComponent(item.id)}`;
  return item.disciplineId ? contentPath(CONTENT_TYPE_OF[item.kind], item.disciplineId, item.id) : null;
}

/** Where the item is deleted: the section's own endpoint, which admins may use on any item. */
export function adminDeletePath(kind: AdminContentKind, id: string): string {
  return kind === 'teams' ? `/api/teams/${encodeURIComponent(id)}` : `/api/${kind}/${encodeURIComponent(id)}`;
}
