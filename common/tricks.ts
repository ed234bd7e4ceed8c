import { z } from 'zod';
import { TRICK_PAGE_SIZE } from './paging.ts';
import {
  boundedNumber,
  contentItemFields,
  contentListQuerySchema,
  httpUrl,
  line,
  lineList,
  pageOf,
  paragraph,
  ratingSummarySchema,
  reactionSummarySchema,
} from './content.ts';
import { TRICK_LEVELS, PROGRESS_STATES } from './tricks-basics.ts';

/** Shared by the tricktionary API and the web app. Zod issues carry error codes (see error-codes.ts). */

export const TRICK_STEPS_MAX = 20;
export const TRICK_TIPS_MAX = 10;

const levelSchema = z.enum(TRICK_LEVELS, { error: 'VALIDATION_ERROR' });
const stepsSchema = lineList(TRICK_STEPS_MAX).refine((steps) => steps.length >= 1, { error: 'REQUIRED' });
const tipsSchema = lineList(TRICK_TIPS_MAX);

const fields = {
  name: line(120),
  description: paragraph(2000),
  level: levelSchema,
  difficulty: boundedNumber(1, 10, true),
  steps: stepsSchema,
  // Left out of a create it means no tips; no default, so that a PATCH without it keeps the stored tips.
  tips: tipsSchema.optional(),
  videoUrl: httpUrl,
};

export const trickInputSchema = z.object(fields);
export type TrickInput = z.input<typeof trickInputSchema>;

// Without defaults: a field left out of an update keeps its stored value.
export const trickUpdateSchema = z.object(fields).partial();
export type TrickUpdate = z.input<typeof trickUpdateSchema>;

/** The web form: steps and tips typed one per line, checked by the same rules as the API. */
const perLine = (text: string) => text.split(/\r?\n/);
export const trickFormSchema = z.object({
  ...fields,
  steps: z.string().transform(perLine).pipe(stepsSchema),
  tips: z.string().transform(perLine).pipe(tipsSchema),
});
export type TrickFormValues = z.input<typeof trickFormSchema>;

export const trickListQuerySchema = contentListQuerySchema(TRICK_PAGE_SIZE).extend({ level: levelSchema.optional() });
export type TrickListQuery = z.input<typeof trickListQuerySchema>;

export const trickSchema = z.object({
  ...contentItemFields,
  name: z.string(),
  description: z.string(),
  level: z.enum(TRICK_LEVELS),
  difficulty: z.number(),
  steps: z.array(z.string()),
  tips: z.array(z.string()),
  videoUrl: z.string().nullable(),
  reactions: reactionSummarySchema,
  rating: ratingSummarySchema,
  /** The viewer's own progression on it; null when none (or signed out). */
  myProgress: z.enum(PROGRESS_STATES).nullable(),
});
export type Trick = z.infer<typeof trickSchema>;

export const trickListSchema = pageOf(trickSchema);
export type TrickList = z.infer<typeof trickListSchema>;

export const trickProgressInputSchema = z.object({ state: z.enum(PROGRESS_STATES, { error: 'VALIDATION_ERROR' }) });
export type TrickProgressInput = z.input<typeof trickProgressInputSchema>;
export const trickProgressSchema = z.object({ state: z.enum(PROGRESS_STATES).nullable() });

/** One entry of a person's progression (GET /api/profiles/:id/tricks). */
export const profileTrickSchema = z.object({
  trickId: z.string(),
  name: z.string(),
  disciplineId: z.string(),
  level: z.enum(TRICK_LEVELS),
  difficulty: z.number(),
  state: z.enum(PROGRESS_STATES),
  updatedAt: z.string(),
});
export type ProfileTrick = z.infer<typeof profileTrickSchema>;
export const profileTrickListSchema = z.array(profileTrickSchema);
