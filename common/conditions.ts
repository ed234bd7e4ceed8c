import { z } from 'zod';
import { cleanLine } from './text.ts';
import { personSchema } from './teams.ts';
import { photoSchema } from './photos.ts';
import { withInput } from './actions.ts';
import {
  CONDITION_CHOICES,
  CONDITION_KINDS,
  CONDITION_NOTE_MAX,
  deleteConditionReportAction,
  likeConditionReportAction,
  unlikeConditionReportAction,
  type ConditionField,
  type ConditionKind,
  reportConditionsAction,
} from './conditions-basics.ts';

/**
 * Condition reports on places (issue 20, item 2): a few taps whose choices fit the sport of the place.
 * Shared by the API and the web app; zod issues carry error codes (see error-codes.ts).
 */

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

const KINDS = [
  shape('water', { size: choice('size'), wind: choice('wind'), crowd: choice('crowd') }),
  shape('snow', { snow: choice('snow'), visibility: choice('visibility'), wind: choice('wind') }),
  shape('sky', { wind: choice('wind'), thermals: choice('thermals') }),
  shape('ground', { surface: choice('surface'), crowd: choice('crowd'), open: choice('open') }),
] as const;
export const conditionReportInputSchema = z.discriminatedUnion('kind', KINDS, { error: WRONG });
/** A report with its place (`id`), as the place page's form sends it: each kind's fields, still refused by name when of another kind. */
const reportWithPlace = (() => {
  const id = { id: z.string().max(100) };
  const [water, snow, sky, ground] = KINDS;
  return z.discriminatedUnion('kind', [water.extend(id), snow.extend(id), sky.extend(id), ground.extend(id)], { error: WRONG });
})();
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
  /** A report's photo (issue 20, item 5): at most a few, shown as a thumbnail. */
  photos: z.array(photoSchema),
});
export type ConditionReport = z.infer<typeof conditionReportSchema>;

/** A place's current reports, newest first, and the kind of report it takes. */
export const placeConditionsSchema = z.object({ kind: z.enum(CONDITION_KINDS), reports: z.array(conditionReportSchema) });
export type PlaceConditions = z.infer<typeof placeConditionsSchema>;

export const conditionLikeResultSchema = z.object({ liked: z.boolean(), likes: z.number() });

/** The report actions' fields (common/conditions-basics.ts): the report's id. */
const reportId = z.object({ id: z.string().max(100) });
export const reportConditionsWithInput = withInput(reportConditionsAction, reportWithPlace);
export const deleteConditionReportWithInput = withInput(deleteConditionReportAction, reportId);
export const likeConditionReportWithInput = withInput(likeConditionReportAction, reportId);
export const unlikeConditionReportWithInput = withInput(unlikeConditionReportAction, reportId);
