import type { Event } from '../../../common/events.ts';
import { ConfirmedDelete } from '../../components/content/confirmed-delete.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useDeleteFollowing } from './events.api.ts';

/**
 * For a series' organiser and admins: deleting this date and every later one, after asking. Apart from
 * ./event-series.tsx, so that the event's page loads it only for them (issue 38).
 */
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
