/**
 * What pages need of condition reports without their schemas (decision 0009): the kinds of report,
 * their questions and answers, a note's longest length. No zod here.
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
