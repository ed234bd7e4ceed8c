import { useState } from 'react';
import type { Event, EventSeries } from '../../../common/events.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify } from '../../lib/toast.ts';
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
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteFollowing();
  const confirm = async () => {
    try {
      await remove.mutateAsync(event.id);
      setConfirming(false);
      notify('success', t('content.deleted'));
      onDeleted();
    } catch (error) {
      notify('error', t('content.deleteError'), errorText(t, error));
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)} data-testid="delete-following">
        {t('events.series.deleteFollowing')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('events.series.deleteFollowingTitle')}
        description={t('events.series.deleteFollowingText', { name: event.name })}
        confirmLabel={t('events.series.deleteFollowing')}
        onConfirm={() => void confirm()}
        pending={remove.isPending}
      />
    </>
  );
}
