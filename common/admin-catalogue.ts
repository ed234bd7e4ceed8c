import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { cleanLine } from './text.ts';

export const CATALOGUE_ID_MAX = 50;
export const CATALOGUE_NAME_MAX = 100;
export const CATALOGUE_ICON_MAX = 4;
export const CATALOGUE_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const DEFAULT_CATALOGUE_COLOR = '#64748b';

/** A discipline's or category's ID: the slug of its URLs, fixed once created. */
export const catalogueIdSchema = z
  .string({ error: 'ID_REQUIRED' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'ID_REQUIRED' })
  .max(CATALOGUE_ID_MAX, { error: 'TOO_LONG' })
  .regex(CATALOGUE_ID_PATTERN, { error: 'INVALID_SLUG' });

/** The English name; `names` carries the other languages. */
const nameSchema = z
  .string({ error: 'NAME_REQUIRED' })
  .transform(cleanLine)
  .pipe(z.string().min(1, { error: 'NAME_REQUIRED' }).max(CATALOGUE_NAME_MAX, { error: 'TOO_LONG' }));

// Each segment V8 yields carries a fresh copy of the whole input: only ever segment short strings
// (a 70k-character icon took the server's whole heap).
const graphemes = (value: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)].length;

/** An emoji or two: counted in what a reader sees (grapheme clusters), with a hard cap on code units. */
const iconSchema = z
  .string()
  .transform(cleanEmoji)
  .pipe(
    z
      .string()
      .max(32, { error: 'TOO_LONG' })
      .refine((v) => v.length <= 32 && graphemes(v) <= CATALOGUE_ICON_MAX, { error: 'TOO_LONG' }),
  );

// cleanLine would strip the zero-width joiner that composed emoji (🏄‍♂️) are made of.
function cleanEmoji(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .replace(/\s+/g, '');
}

const colorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'VALIDATION_ERROR' })
  .transform((c) => c.toLowerCase());

const translationSchema = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().max(CATALOGUE_NAME_MAX, { error: 'TOO_LONG' }));

/** Names per language, only for the nine interface languages; blank entries are dropped. */
export const catalogueNamesSchema = z
  .partialRecord(z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]), translationSchema)
  .transform((names) => Object.fromEntries(Object.entries(names).filter(([, v]) => v)) as Partial<Record<LanguageCode, string>>);

// The ID is immutable: an edit that names one is refused rather than silently ignored.
const refuseId = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? (issue.keys?.includes('id') ? 'ID_IMMUTABLE' : 'VALIDATION_ERROR') : undefined,
};

const categoryFields = {
  name: nameSchema,
  names: catalogueNamesSchema.optional(),
  icon: iconSchema.optional(),
  color: colorSchema.optional(),
};

export const categoryUpdateSchema = z.strictObject(categoryFields, refuseId);
export const categoryCreateSchema = z.strictObject({ id: catalogueIdSchema, ...categoryFields });
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;
export type CategoryUpdate = z.output<typeof categoryUpdateSchema>;
export type CategoryCreate = z.output<typeof categoryCreateSchema>;

const disciplineFields = {
  ...categoryFields,
  categoryIds: z.array(z.string().max(CATALOGUE_ID_MAX, { error: 'UNKNOWN_CATEGORY' }), { error: 'VALIDATION_ERROR' }).max(100, { error: 'TOO_MANY' }),
};

export const disciplineUpdateSchema = z.strictObject(disciplineFields, refuseId);
export const disciplineCreateSchema = z.strictObject({ id: catalogueIdSchema, ...disciplineFields });
export type DisciplineUpdateInput = z.input<typeof disciplineUpdateSchema>;
export type DisciplineUpdate = z.output<typeof disciplineUpdateSchema>;
export type DisciplineCreate = z.output<typeof disciplineCreateSchema>;

export const catalogueIdParamsSchema = z.object({ id: z.string().min(1).max(CATALOGUE_ID_MAX) });

/** What still uses a discipline: a discipline with any of these (except followers) is not deleted. */
export const disciplineUsageSchema = z.object({
  teams: z.number(),
  articles: z.number(),
  events: z.number(),
  places: z.number(),
  reviews: z.number(),
  tricks: z.number(),
  shops: z.number(),
  /** Riders' sessions logged at its places: deleting the discipline would delete them. */
  sessions: z.number(),
  followers: z.number(),
});
export type DisciplineUsage = z.infer<typeof disciplineUsageSchema>;
export const BLOCKING_USAGE = [
  'teams',
  'articles',
  'events',
  'places',
  'reviews',
  'tricks',
  'shops',
  'sessions',
] as const satisfies readonly (keyof DisciplineUsage)[];

export const isInUse = (usage: DisciplineUsage) => BLOCKING_USAGE.some((key) => usage[key] > 0);

const namesOut = z.record(z.string(), z.string());

export const adminDisciplineSchema = z.object({
  id: z.string(),
  name: z.string(),
  names: namesOut,
  icon: z.string(),
  color: z.string(),
  categoryIds: z.array(z.string()),
  usage: disciplineUsageSchema,
});
export type AdminDiscipline = z.infer<typeof adminDisciplineSchema>;

export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  names: namesOut,
  icon: z.string(),
  color: z.string(),
  position: z.number(),
  disciplineIds: z.array(z.string()),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
