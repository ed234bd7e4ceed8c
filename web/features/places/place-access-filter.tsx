import { useCallback } from 'react';
import { ACCESS_STATUSES, type AccessStatus } from '../../../common/place-access-basics.ts';
import type { Place } from '../../../common/places.ts';
import { FilterSelect } from '../../components/ui/search-box.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate } from '../../lib/localized.ts';

/** The places list's access filter (`?access=`), a field of the list's GET form: it works without scripts. */
export function AccessFilter({ value, onChange }: { value: AccessStatus | ''; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={t('places.access.filterLabel')}
      name="access"
      value={value}
      onChange={onChange}
      anyLabel={t('places.access.anyAccess')}
      options={ACCESS_STATUSES.map((status) => ({ value: status, label: t(`places.access.status.${status}`) }))}
      testId="places-access-filter"
    />
  );
}

/** A place's access in words, for its map marker's title and popup: the status, and until when a closure lasts. */
export function useAccessLabel(): (place: Pick<Place, 'access'>) => string {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return useCallback(
    (place: Pick<Place, 'access'>) => {
      const { status, closure } = place.access;
      const label = t('places.access.markerLabel', { status: t(`places.access.status.${status}`) });
      return closure ? `${label} · ${t('places.access.until', { until: formatDate(closure.endsOn) })}` : label;
    },
    // formatDate is made afresh each render; the language (t) is what changes its words.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
}
