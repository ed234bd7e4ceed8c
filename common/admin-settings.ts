import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { MESSAGES_PAGE_SIZE } from './paging.ts';

/** The site_settings keys an admin changes (spec §3). */
export const SITE_IMAGE_SETTINGS = { logo: 'logo_url', background: 'homepage_background_url' } as const;
export type SiteImageSetting = keyof typeof SITE_IMAGE_SETTINGS;

/**
 * PUT /api/admin/settings/languages: only the nine known codes, at least one, duplicates dropped.
 * The saved list follows the languages' own order, so the selector does not depend on click order.
 */
export const enabledLanguagesSchema = z.object({
  enabledLanguages: z
    .array(z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: 'VALIDATION_ERROR' }), { error: 'LANGUAGE_REQUIRED' })
    .min(1, { error: 'LANGUAGE_REQUIRED' })
    .max(50, { error: 'TOO_MANY' })
    .transform((codes) => LANGUAGE_CODES.filter((code) => codes.includes(code))),
});
export type EnabledLanguagesInput = z.input<typeof enabledLanguagesSchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const messagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
  /** true: unread only; false: read only; absent: all. */
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
});

export const contactMessageListSchema = z.object({
  items: z.array(contactMessageSchema),
  total: z.number(),
  page: z.number(),
  hasMore: z.boolean(),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

export const markMessageReadSchema = z.object({ read: z.boolean({ error: 'REQUIRED' }) });

/** POST /api/setup-admin: whether an admin was made now or was already there. Never any credentials. */
export const setupAdminResultSchema = z.object({ status: z.enum(['created', 'exists']) });
export type SetupAdminResult = z.infer<typeof setupAdminResultSchema>;
