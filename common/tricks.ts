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

/** Shared by the tricktionary API and the web app. Zod issues carry error codes (see error-codes.ts). */

export const TRICK_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type TrickLevel = (typeof TRICK_LEVELS)[number];
export const TRICK_STEPS_MAX = 20;
export const TRICK_TIPS_MAX = 10;

export const PROGRESS_STATES = ['learning', 'landed'] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];

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

// ---- Display helpers ----

export type DifficultyBand = 'easy' | 'medium' | 'hard';

/** The colour band of a 1-10 difficulty: 1-3 easy (green), 4-6 medium (orange), 7+ hard (red). */
export function difficultyBand(difficulty: number): DifficultyBand {
  if (difficulty <= 3) return 'easy';
  if (difficulty <= 6) return 'medium';
  return 'hard';
}

export type VideoEmbed = { provider: 'youtube' | 'vimeo'; id: string; embedUrl: string };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * The embeddable player of a YouTube or Vimeo address, or null for anything else. Hosts must match
 * exactly (youtube.com.evil.com is not YouTube) and the embed address is built from the checked id
 * alone, never from the given text.
 */
export function videoEmbed(value: string | null | undefined): VideoEmbed | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') youtube = url.searchParams.get('v') ?? undefined;
    else if (parts.length === 2 && (parts[0] === 'shorts' || parts[0] === 'embed')) youtube = parts[1];
  } else if (host === 'youtu.be' && parts.length === 1) {
    youtube = parts[0];
  }
  if (youtube !== undefined) {
    return YOUTUBE_ID.test(youtube) ? { provider: 'youtube', id: youtube, embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}` } : null;
  }
  let vimeo: string | undefined;
  if (VIMEO_HOSTS.has(host) && parts.length === 1) vimeo = parts[0];
  else if (host === 'player.vimeo.com' && parts.length === 2 && parts[0] === 'video') vimeo = parts[1];
  if (vimeo !== undefined && VIMEO_ID.test(vimeo)) return { provider: 'vimeo', id: vimeo, embedUrl: `https://player.vimeo.com/video/${vimeo}` };
  return null;
}
