import { z } from 'zod';
import { cleanLine, cleanText } from './text.ts';
import { LANGUAGE_CODES } from './languages.ts';
import { isCommonPassword } from './common-passwords.ts';
import { withInput } from './actions.ts';
import { followDisciplineAction, unfollowDisciplineAction } from './disciplines-basics.ts';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

/** Zod issues carry an error code as their message; the web app translates it (errors.<code>). */
const line = (max: number) =>
  z
    .string({ error: 'REQUIRED' })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' }));

const text = (max: number) =>
  z
    .string({ error: 'REQUIRED' })
    .transform(cleanText)
    .pipe(z.string().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' }));

export const emailSchema = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .max(254, { error: 'TOO_LONG' })
  .pipe(z.email({ error: 'INVALID_EMAIL' }))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: 'REQUIRED' })
  .min(1, { error: 'REQUIRED' })
  .min(PASSWORD_MIN, { error: 'PASSWORD_TOO_SHORT' })
  .max(PASSWORD_MAX, { error: 'PASSWORD_TOO_LONG' })
  .refine((p) => !isCommonPassword(p), { error: 'PASSWORD_TOO_COMMON' });

export const nameSchema = line(NAME_MAX);

export const registerSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'PASSWORDS_DONT_MATCH' });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(PASSWORD_MAX, { error: 'PASSWORD_TOO_LONG' }),
});
export type LoginInput = z.input<typeof loginSchema>;

export const resendVerificationSchema = z.object({ email: emailSchema });

export const contactSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  subject: line(200),
  message: text(5000),
});
export type ContactInput = z.input<typeof contactSchema>;

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, { error: 'NOT_FOUND' });

export const languageSchema = z.enum(LANGUAGE_CODES as [string, ...string[]]);

export const localizedNamesSchema = z.record(z.string(), z.string());

export const categorySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  names: localizedNamesSchema,
  icon: z.string(),
  color: z.string(),
});

export const disciplineSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  names: localizedNamesSchema,
  icon: z.string(),
  color: z.string(),
  categoryIds: z.array(z.string()),
});
export type DisciplineSummary = z.infer<typeof disciplineSummarySchema>;

export const categoryWithDisciplinesSchema = categorySummarySchema.extend({
  disciplines: z.array(disciplineSummarySchema.omit({ categoryIds: true })),
});
export type CategoryWithDisciplines = z.infer<typeof categoryWithDisciplinesSchema>;

export const disciplineHubSchema = disciplineSummarySchema.extend({
  categories: z.array(categorySummarySchema),
  stats: z.object({ members: z.number(), spots: z.number(), events: z.number(), tricks: z.number() }),
  following: z.boolean(),
});
export type DisciplineHub = z.infer<typeof disciplineHubSchema>;

export const followStateSchema = z.object({ following: z.boolean(), members: z.number() });

/**
 * The discipline follow actions' fields (common/disciplines-basics.ts): the discipline, and its name
 * for the message (a message's values are cut to 200 characters anyway, common/forms.ts `parseFlash`).
 */
const followDisciplineInput = z.object({ id: z.string().max(50), label: z.string().trim().max(200).optional() });
export const followDisciplineWithInput = withInput(followDisciplineAction, followDisciplineInput);
export const unfollowDisciplineWithInput = withInput(unfollowDisciplineAction, followDisciplineInput);

export const siteSettingsSchema = z.object({
  logoUrl: z.string(),
  homepageBackgroundUrl: z.string().nullable(),
  enabledLanguages: z.array(z.string()),
  /** Reverse geocoding for 'Detect location' (OpenStreetMap Nominatim's interface). */
  reverseGeocodeUrl: z.string(),
  /** Map tiles for the Places map (a Leaflet URL template) and the attribution they require. */
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  /** Megabytes of map tiles a device keeps for offline use (0: none); read by the service worker only. */
  mapTileCacheMb: z.number().optional(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const homeStatsSchema = z.object({
  athletes: z.number(),
  spots: z.number(),
  events: z.number(),
  disciplines: z.number(),
});
export type HomeStats = z.infer<typeof homeStatsSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  avatarUrl: z.string().nullable(),
  preferredLanguage: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meSchema = z.object({ user: sessionUserSchema.nullable() });

export const errorSchema = z.object({ code: z.string(), message: z.string() });
