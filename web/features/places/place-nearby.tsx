import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Place } from '../../../common/places.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDistance } from '../../lib/localized.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { placeQueries } from './places.api.ts';
import { PlaceLine, placePath } from './places-page.tsx';
import { useAccessLabel } from './place-access-filter.tsx';
import { ConditionSummaryLine, useConditionText } from './condition-summary.tsx';

// Leaflet and its CSS load only once the page runs its scripts.
const PlacesMap = lazy(() => import('./places-map.tsx'));

/**
 * A place's own small map and the approved spots of its discipline around it, nearest first. The
 * list is plain links and needs no scripts; the map (Leaflet) joins it once they run.
 */
export function NearbySpots({ place }: { place: Place }) {
  const { t } = useTranslation();
  const formatDistance = useFormatDistance();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const accessLabel = useAccessLabel();
  const conditionText = useConditionText();
  const { data } = useQuery(placeQueries.nearby(place.id));
  const open = useCallback((to: Pick<Place, 'id' | 'disciplineId'>) => void navigate(placePath(to)), [navigate]);
  const nearby = data?.items ?? [];

  return (
    <section aria-labelledby="nearby-spots" className="mt-8 space-y-4" data-testid="nearby-spots">
      <h2 id="nearby-spots" className="text-xl font-bold text-slate-900">
        {t('places.nearbyTitle')}
      </h2>
      {hydrated && (
        <Suspense fallback={null}>
          <PlacesMap
            places={[place, ...nearby]}
            height={320}
            label={t('places.nearbyMapLabel', { name: place.name })}
            detailPath={placePath}
            onOpen={open}
            openLabel={t('places.viewPlace')}
            accessLabel={accessLabel}
            conditionsOf={(spot) => conditionText(spot.conditions ?? null)}
          />
        </Suspense>
      )}
      {data && nearby.length === 0 && <p className="text-sm text-slate-600">{t('places.nearbyNone', { distance: formatDistance(data.radiusKm) })}</p>}
      {nearby.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
          {nearby.map((spot) => (
            <li key={spot.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-3">
              <PlaceLine place={spot} />
              <span className="text-sm whitespace-nowrap text-slate-600">{t('places.nearbyDistance', { distance: formatDistance(spot.distanceKm) })}</span>
              <div className="basis-full">
                <ConditionSummaryLine summary={spot.conditions} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
