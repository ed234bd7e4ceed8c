import type { EventSeries } from '../../../common/events.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { RepeatFrequency } from '../../../common/recurrence.ts';

const REPEAT_LABELS: Record<RepeatFrequency, string> = {
  weekly: 'events.series.weekly',
  biweekly: 'events.series.biweekly',
  'monthly-day': 'events.series.monthlyDay',
  'monthly-weekday': 'events.series.monthlyWeekday',
};

/** The catalogue key of how a series repeats, as its form and its page name it. */
export const repeatLabel = (frequency: RepeatFrequency) => REPEAT_LABELS[frequency];

/** "Every week · Date 2 of 10": how the series repeats and where this date stands in it. */
export function SeriesLine({ series }: { series: EventSeries }) {
  const { t } = useTranslation();
  return (
    <span data-testid="event-series">
      {t(repeatLabel(series.frequency))} · {t('events.series.position', { position: series.position, total: series.count })}
    </span>
  );
}
