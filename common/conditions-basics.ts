/**
 * What pages need of condition reports without their schemas (decision 0009): the kinds of report,
 * their questions and answers, a note's longest length, a report's actions. No zod here.
 */
import { defineAction } from './actions.ts';

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

/** How a report's likes stand after a like or an unlike (common/conditions.ts `conditionLikeResultSchema`). */
type ReportLikes = { liked: boolean; likes: number };

/**
 * A report's own actions (common/actions.ts), each a JSON route and a plain form on the place page:
 * `id` is the report's; a report made is `reportConditionsAction` below.
 */
export const deleteConditionReportAction = defineAction<{ id: string }, null>()({
  name: 'delete-condition-report',
  method: 'DELETE',
  path: '/api/condition-reports/:id',
  done: { kind: 'success', title: 'places.conditions.deleted' },
});

// No message: the heart and its count say it.
export const likeConditionReportAction = defineAction<{ id: string }, ReportLikes>()({
  name: 'like-condition-report',
  method: 'PUT',
  path: '/api/condition-reports/:id/like',
});

export const unlikeConditionReportAction = defineAction<{ id: string }, ReportLikes>()({
  name: 'unlike-condition-report',
  method: 'DELETE',
  path: '/api/condition-reports/:id/like',
});

/** A condition report made on the place page (its input: common/conditions.ts, one kind's fields as the place's kind asks). */
export const reportConditionsAction = defineAction<Record<string, unknown> & { id: string }>()({
  name: 'report-conditions',
  method: 'POST',
  path: '/api/places/:id/conditions',
  done: { kind: 'success', title: 'places.conditions.reported' },
});
