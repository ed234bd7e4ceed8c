import { z } from 'zod';
import { cleanLine } from './text.ts';
import { personSchema } from './teams.ts';

/**
 * Condition reports on places (issue 20, item 2): a few taps whose choices fit the sport of the place.
 * Shared by the API and the web app; zod issues carry error codes (see error-codes.ts).
 */

/** Which questions a report asks, from the place's discipline's categories; every category not listed is 'ground'. */
export const CONDITION_KINDS = ['water', 'snow', 'sky', 'ground'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

/** The categories (their catalogue ids) that have their own questions, first match wins. */
export const KIND_CATEGORIES: readonly ConditionKind[] = ['water', 'snow', 'sky'];

/** Each field's choices, in the order the form shows them. */
export const CONDITION_CHOICES = {
  size: ['flat', 'small', 'medium', 'big'],
  wind: ['none', 'light', 'strong'],
  crowd: ['empty', 'some', 'busy'],
  snow: ['powder', 'groomed', 'icy', 'slush'],
  visibility: ['good', 'poor'],
  thermals: ['none', 'weak', 'strong'],
  surface: ['dry', 'wet'],
  open: ['open', 'busted'],
} as const;
export type ConditionField = keyof typeof CONDITION_CHOICES;

/** The questions of each kind, in order. */
export const CONDITION_FIELDS: Record<ConditionKind, readonly ConditionField[]> = {
  water: ['size', 'wind', 'crowd'],
  snow: ['snow', 'visibility', 'wind'],
  sky: ['wind', 'thermals'],
  ground: ['surface', 'crowd', 'open'],
};

export const CONDITION_NOTE_MAX = 280;

const WRONG = 'CONDITIONS_WRONG_FIELDS';
const choice = <F extends ConditionField>(f: F) => z.enum(CONDITION_CHOICES[f], { error: 'CONDITIONS_MISSING_VALUE' });
const note = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().max(CONDITION_NOTE_MAX, { error: 'TOO_LONG' }))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
// A field of another kind (thermals on a surf spot) is refused by name, not dropped.
const shape = <T extends z.ZodRawShape>(kind: ConditionKind, fields: T) =>
  z.strictObject({ kind: z.literal(kind), ...fields, note }, { error: (issue) => (issue.code === 'unrecognized_keys' ? WRONG : undefined) });

export const conditionReportInputSchema = z.discriminatedUnion(
  'kind',
  [
    shape('water', { size: choice('size'), wind: choice('wind'), crowd: choice('crowd') }),
    shape('snow', { snow: choice('snow'), visibility: choice('visibility'), wind: choice('wind') }),
    shape('sky', { wind: choice('wind'), thermals: choice('thermals') }),
    shape('ground', { surface: choice('surface'), crowd: choice('crowd'), open: choice('open') }),
  ],
  { error: WRONG },
);
export type ConditionReportInput = z.input<typeof conditionReportInputSchema>;
export type ConditionReportValues = Partial<Record<ConditionField, string>>;

/** What a place card and a map marker show: the latest report still current, or null. */
export const conditionSummarySchema = z.object({
  kind: z.enum(CONDITION_KINDS),
  values: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type ConditionSummary = z.infer<typeof conditionSummarySchema>;

export const conditionReportSchema = conditionSummarySchema.extend({
  id: z.string(),
  note: z.string().nullable(),
  expiresAt: z.string(),
  author: personSchema,
  likes: z.number(),
  liked: z.boolean(),
  canDelete: z.boolean(),
});
export type ConditionReport = z.infer<typeof conditionReportSchema>;

/** A place's current reports, newest first, and the kind of report it takes. */
export const placeConditionsSchema = z.object({ kind: z.enum(CONDITION_KINDS), reports: z.array(conditionReportSchema) });
export type PlaceConditions = z.infer<typeof placeConditionsSchema>;

export const conditionLikeResultSchema = z.object({ liked: z.boolean(), likes: z.number() });
