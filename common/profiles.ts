import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { nameSchema, passwordSchema, PASSWORD_MAX } from './schemas.ts';
import { cleanLine, cleanText } from './text.ts';
import { ATHLETE_PAGE_SIZE } from './paging.ts';
import { withInput } from './actions.ts';
import { ATHLETE_LEVELS, chooseLanguageAction, editProfileAction, followPersonAction, unfollowPersonAction } from './profiles-basics.ts';

export const ACHIEVEMENTS_MAX = 20;
/** Spec: an athlete card shows at most two achievements. */
export const ATHLETE_CARD_ACHIEVEMENTS = 2;

const athleteLevelSchema = z.enum(ATHLETE_LEVELS);

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
  preferredLanguage: z
    .enum(LANGUAGE_CODES as [string, ...string[]])
    .nullable()
    .optional(),
  athleteLevel: athleteLevelSchema.nullable().optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The reader's language as chosen in the header (PUT /api/language): visitors and signed-in people alike. */
export const languageChoiceSchema = z.object({ language: z.enum(LANGUAGE_CODES as [string, ...string[]]) });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

export const achievementsSchema = z.object({
  achievements: z
    .array(
      z
        .string()
        .transform(cleanLine)
        .pipe(z.string().min(1, { error: 'REQUIRED' }).max(120, { error: 'TOO_LONG' })),
    )
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
  athleteLevel: athleteLevelSchema.nullable(),
  achievements: z.array(z.string()),
  createdAt: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

const profileDisciplineSchema = z.object({ id: z.string(), name: z.string(), names: z.record(z.string(), z.string()), icon: z.string() });

export const publicProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  createdAt: z.string(),
  athleteLevel: athleteLevelSchema.nullable(),
  achievements: z.array(z.string()),
  followers: z.number(),
  following: z.number(),
  /** Condition reports this rider has made, current or not (issue 20, item 2). */
  conditionReports: z.number(),
  isFollowing: z.boolean(),
  isSelf: z.boolean(),
  /** The viewer blocked this person (no messages, no follows between them). */
  blockedByMe: z.boolean(),
  disciplines: z.array(profileDisciplineSchema),
  /** `isPrivate`: joined by request or invitation, the only teams a crew spot may be kept for. */
  teams: z.array(z.object({ id: z.string(), name: z.string(), logoUrl: z.string().nullable(), role: z.enum(['leader', 'member']), isPrivate: z.boolean() })),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A card of a discipline's Athletes section: public profile data only. */
export const athleteSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  level: athleteLevelSchema.nullable(),
  followers: z.number(),
  disciplines: z.array(profileDisciplineSchema),
  achievements: z.array(z.string()).max(ATHLETE_CARD_ACHIEVEMENTS),
});
export type Athlete = z.infer<typeof athleteSchema>;

export const athleteListSchema = z.object({
  items: z.array(athleteSchema),
  total: z.number(),
  /** `total` is COUNT_CAP and more match (common/paging.ts). */
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type AthleteList = z.infer<typeof athleteListSchema>;

export const athleteListQuerySchema = z.object({
  q: z.string().max(100).optional(),
  level: athleteLevelSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  // Larger values are capped rather than refused.
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(ATHLETE_PAGE_SIZE)
    .transform((n) => Math.min(n, 50)),
});
export type AthleteListQuery = z.input<typeof athleteListQuerySchema>;

export const ACTIVITY_TYPES = [
  'followed_discipline',
  'joined_team',
  'led_team',
  'followed_user',
  'shared_place',
  'shared_event',
  'shared_trick',
  'shared_review',
  'shared_shop',
  'shared_article',
] as const;
export const activitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  at: z.string(),
  /** `disciplineId` for shared content, whose page lives under its discipline. */
  target: z.object({ id: z.string(), name: z.string(), names: z.record(z.string(), z.string()).optional(), disciplineId: z.string().optional() }),
});
export type Activity = z.infer<typeof activitySchema>;

export const userFollowStateSchema = z.object({ following: z.boolean(), followers: z.number() });

/**
 * The follow actions' fields (common/profiles-basics.ts): the person, and their name for the message
 * (a message's values are cut to 200 characters anyway, common/forms.ts `parseFlash`).
 */
const followPersonInput = z.object({ id: z.string().min(1).max(100), name: z.string().trim().max(200).optional() });
export const followPersonWithInput = withInput(followPersonAction, followPersonInput);
export const unfollowPersonWithInput = withInput(unfollowPersonAction, followPersonInput);

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(PASSWORD_MAX, { error: 'PASSWORD_TOO_LONG' }),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'NEW_PASSWORDS_DONT_MATCH' });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({ password: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(PASSWORD_MAX) });
export const editProfileWithInput = withInput(editProfileAction, profileUpdateSchema);
export const chooseLanguageWithInput = withInput(chooseLanguageAction, languageChoiceSchema);
