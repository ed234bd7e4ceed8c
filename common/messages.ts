import { z } from 'zod';
import { personSchema } from './teams.ts';
import { cleanText } from './text.ts';
import { MESSAGE_PAGE_SIZE } from './paging.ts';

export const MESSAGE_MAX = 2000;
/** The composer shows how many characters are left from this many on. */
export const MESSAGE_COUNTER_FROM = 1800;

/** Plain text: line breaks kept, bidi overrides, zero-width and control characters removed, trimmed. */
export const messageBodySchema = z
  .string({ error: 'REQUIRED' })
  .transform(cleanText)
  .pipe(z.string().min(1, { error: 'REQUIRED' }).max(MESSAGE_MAX, { error: 'TOO_LONG' }));

export const sendMessageSchema = z.object({ body: messageBodySchema });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const startConversationSchema = z.object({ userId: z.string().min(1).max(100) });

export const markReadSchema = z.object({ messageId: z.number().int().min(1) });

export const conversationParamsSchema = z.object({ id: z.uuid() });

export const messagePageQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional(),
  // Larger values are capped rather than refused.
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(MESSAGE_PAGE_SIZE)
    .transform((n) => Math.min(n, 100)),
});

export const messageSchema = z.object({ id: z.number(), senderId: z.string(), body: z.string(), createdAt: z.string() });
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = z.object({
  /** Oldest first within the page; the next page (`before` = the first id) holds older ones. */
  items: z.array(messageSchema),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  other: personSchema,
  lastMessage: z.object({ body: z.string(), senderId: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationSchema = z.object({
  id: z.string(),
  other: personSchema,
  /** A block in either direction: nobody can write here. */
  blocked: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationIdSchema = z.object({ id: z.string() });
export const unreadCountSchema = z.object({ count: z.number() });
