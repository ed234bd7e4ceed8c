import type { TFunction } from 'i18next';
import { CONDITION_FIELDS, type ConditionField } from '../../../common/conditions-basics.ts';
import type { ConditionSummary } from '../../../common/conditions.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useRelativeTime } from '../../lib/localized.ts';

/** 'Wind: Light' for each answer of a report, in its kind's order (zod-free: cards and markers use it). */
export function conditionParts(t: TFunction, summary: Pick<ConditionSummary, 'kind' | 'values'>): string[] {
  return CONDITION_FIELDS[summary.kind]
    .filter((field) => summary.values[field])
    .map((field: ConditionField) => `${t(`places.conditions.field.${field}`)}: ${t(`places.conditions.value.${field}.${summary.values[field]}`)}`);
}

/** The latest report as one line of text, for a map marker's popup (text, never HTML). */
export function useConditionText() {
  const { t } = useTranslation();
  const age = useRelativeTime();
  return (summary: ConditionSummary | null) =>
    summary ? `${t('places.conditions.latest', { age: age(summary.createdAt) })}: ${conditionParts(t, summary).join(' · ')}` : t('places.conditions.none');
}

/** The latest current report of a place, on its card: its age and answers, or 'No recent report'. */
export function ConditionSummaryLine({ summary }: { summary: ConditionSummary | null }) {
  const { t } = useTranslation();
  const age = useRelativeTime();
  if (!summary) {
    return (
      <p className="text-sm text-slate-500" data-testid="condition-summary">
        {t('places.conditions.none')}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700" data-testid="condition-summary">
      <span className="font-semibold">
        {/* The age is written at render time: the browser's clock may say a minute more than the server's. */}
        <time dateTime={summary.createdAt} suppressHydrationWarning>
          {t('places.conditions.latest', { age: age(summary.createdAt) })}
        </time>
      </span>
      {': '}
      {conditionParts(t, summary).join(' · ')}
    </p>
  );
}
