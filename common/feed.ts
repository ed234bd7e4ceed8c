import { z } from 'zod';
import { CONTENT_TYPES } from './content-basics.ts';
import { personSchema } from './teams.ts';
import { FEED_PAGE_SIZE } from './paging.ts';
import { toBase64url } from './base64url.ts';

/**
 * The personal feed: what happened in the disciplines, teams and people a user follows, newest
 * first, each item with the reason it is shown. Pages are read with an opaque cursor.
 */

export const FEED_PAGE_MAX = 50;
export const FEED_EXCERPT_LENGTH = 200;
/** Approved events of followed disciplines starting within this many days are shown once more. */
export const FEED_UPCOMING_DAYS = 14;

export const FEED_KINDS = ['content', 'upcoming_event', 'member', 'session'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** Where a page stops: the sort key (time with microseconds, kind, id) of its last item. */
export type FeedCursor = { at: string; kind: FeedKind; id: string };

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeFeedCursor(cursor: FeedCursor): string {
  const json = JSON.stringify([cursor.at, cursor.kind, cursor.id]);
  return toBase64url(new TextEncoder().encode(json));
}

/** The cursor, or undefined when `value` is not one this server made. */
export function decodeFeedCursor(value: string): FeedCursor | undefined {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.codePointAt(0)!)));
    if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
    const [at, kind, id] = parsed as unknown[];
    if (typeof at !== 'string' || !CURSOR_TIME.test(at)) return undefined;
    // A real calendar time: '2024-02-30' or hour 25 would make the database refuse the cursor.
    if (new Date(`${at.slice(0, 19)}Z`).toISOString().slice(0, 19) !== at.slice(0, 19)) return undefined;
    if (typeof kind !== 'string' || !(FEED_KINDS as readonly string[]).includes(kind)) return undefined;
    if (typeof id !== 'string' || id.length === 0 || id.length > 200) return undefined;
    return { at, kind: kind as FeedKind, id };
  } catch {
    return undefined;
  }
}

export const feedQuerySchema = z.object({
  cursor: z
    .string()
    .max(400)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const cursor = decodeFeedCursor(value);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: 'VALIDATION_ERROR' });
        return z.NEVER;
      }
      return cursor;
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(FEED_PAGE_SIZE)
    .transform((n) => Math.min(n, FEED_PAGE_MAX)),
});
export type FeedQuery = z.input<typeof feedQuerySchema>;

export const feedReasonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('discipline'), disciplineId: z.string(), name: z.string(), names: z.record(z.string(), z.string()) }),
  z.object({ type: z.literal('person'), userId: z.string(), name: z.string() }),
  z.object({ type: z.literal('team'), teamId: z.string(), name: z.string() }),
]);
export type FeedReason = z.infer<typeof feedReasonSchema>;

const contentFields = {
  type: z.enum(CONTENT_TYPES),
  id: z.string(),
  disciplineId: z.string(),
  title: z.string(),
  /** Plain text, at most FEED_EXCERPT_LENGTH characters. */
  excerpt: z.string(),
  imageUrl: z.string().nullable(),
  /** Null once the author's account is gone. */
  author: personSchema.nullable(),
  /** When the item entered the feed: its creation, or for an upcoming event FEED_UPCOMING_DAYS before its start. */
  createdAt: z.string(),
  reason: feedReasonSchema,
};

export const feedItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('content'), ...contentFields }),
  z.object({ kind: z.literal('upcoming_event'), ...contentFields, startDate: z.string() }),
  z.object({
    kind: z.literal('member'),
    team: z.object({ id: z.string(), name: z.string(), logoUrl: z.string().nullable() }),
    member: personSchema,
    createdAt: z.string(),
    reason: feedReasonSchema,
  }),
  // A followed rider's session (issue 20, item 1), dated when it started.
  z.object({
    kind: z.literal('session'),
    id: z.string(),
    place: z.object({ id: z.string(), name: z.string() }),
    disciplineId: z.string(),
    durationMinutes: z.number().nullable(),
    /** Plain text, at most FEED_EXCERPT_LENGTH characters. */
    excerpt: z.string(),
    tricks: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Its first photo's smallest variant, if it has photos. */
    imageUrl: z.string().nullable(),
    author: personSchema,
    createdAt: z.string(),
    reason: feedReasonSchema,
  }),
]);
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedPageSchema = z.object({ items: z.array(feedItemSchema), nextCursor: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPageSchema>;

/** A key unique within the feed, for lists. */
export const feedItemKey = (item: FeedItem) => (item.kind === 'member' ? `member:${item.team.id}:${item.member.id}` : `${item.kind}:${item.id}`);
