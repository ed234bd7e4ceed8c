import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { nameSchema, passwordSchema, PASSWORD_MAX } from './schemas.ts';
import { cleanLine, cleanText } from './text.ts';

export const ACHIEVEMENTS_MAX = 20;

const optional = (max: number, clean: (v: string) => string) =>
  z
    .string()
    .transform(clean)
    .pipe(z.string().max(max, { error: 'TOO_LONG' }))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const profileUpdateSchema = z.object({
  name: nameSchema.optional(),
  bio: optional(1000, cleanText),
  location: optional(120, cleanLine),
  preferredLanguage: z.enum(LANGUAGE_CODES as [string, ...string[]]).nullable().optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const achievementsSchema = z.object({
  achievements: z
    .array(z.string().transform(cleanLine).pipe(z.string().min(1, { error: 'REQUIRED' }).max(120, { error: 'TOO_LONG' })))
    .max(ACHIEVEMENTS_MAX, { error: 'TOO_MANY' }),
});

export const ownProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  preferredLanguage: z.string().nullable(),
  achievements: z.array(z.string()),
  createdAt: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const publicProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  createdAt: z.string(),
  achievements: z.array(z.string()),
  followers: z.number(),
  following: z.number(),
  isFollowing: z.boolean(),
  isSelf: z.boolean(),
  disciplines: z.array(z.object({ id: z.string(), name: z.string(), names: z.record(z.string(), z.string()), icon: z.string() })),
  teams: z.array(z.object({ id: z.string(), name: z.string(), logoUrl: z.string().nullable(), role: z.enum(['leader', 'member']) })),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const ACTIVITY_TYPES = ['followed_discipline', 'joined_team', 'led_team', 'followed_user'] as const;
export const activitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  at: z.string(),
  target: z.object({ id: z.string(), name: z.string(), names: z.record(z.string(), z.string()).optional() }),
});
export type Activity = z.infer<typeof activitySchema>;

export const userFollowStateSchema = z.object({ following: z.boolean(), followers: z.number() });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(PASSWORD_MAX, { error: 'PASSWORD_TOO_LONG' }),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'NEW_PASSWORDS_DONT_MATCH' });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({ password: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(PASSWORD_MAX) });
