import type { Event, EventSeries } from '../../../common/events.ts';
import { ConfirmedDelete } from '../../components/content/confirmed-delete.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { RepeatFrequency } from '../../../common/recurrence.ts';
import { useDeleteFollowing } from './events.api.ts';

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

/** For a series' organiser and admins: deleting this date and every later one, after asking. */
export function DeleteFollowing({ event, onDeleted }: { event: Event; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteFollowing();
  // Before the scripts run, the Delete disclosure offers 'this and later' (OwnerActions).
  if (!useHydrated()) return null;
  return (
    <ConfirmedDelete
      id={event.id}
      remove={remove}
      label={t('events.series.deleteFollowing')}
      title={t('events.series.deleteFollowingTitle')}
      text={t('events.series.deleteFollowingText', { name: event.name })}
      onDeleted={onDeleted}
      variant="outline"
      testId="delete-following"
    />
  );
}
