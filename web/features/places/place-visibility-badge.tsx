import { StatusBadge } from '../../components/content/status-badge.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { Place } from '../../../common/places.ts';

/**
 * Who sees a secret place, where its status would be: a secret place never waits for approval (it is
 * never public), so 'Pending review' would mislead. A public place shows its status as any item.
 */
export function PlaceVisibilityBadge({ place }: { place: Pick<Place, 'status' | 'visibility' | 'team'> }) {
  const { t } = useTranslation();
  if (place.visibility === 'public') return <StatusBadge status={place.status} />;
  const text = place.visibility === 'crew' && place.team ? t('places.visibility.crewBadge', { team: place.team.name }) : t('places.visibility.privateBadge');
  return (
    <span className="shrink-0 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800" data-testid="place-secret">
      {text}
    </span>
  );
}
