import { pictureOf } from '../../../common/photos-basics.ts';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import type { Place } from '../../../common/places.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { ItemLocation, ItemPicture } from '../../components/content/item-picture.tsx';
import { SectionBrowser } from '../../components/content/section-browser.tsx';
import { CardTitle } from '../../components/content/item-title.tsx';
import { PlaceVisibilityBadge } from './place-visibility-badge.tsx';
import { LoadMore } from '../../components/ui/paged-list.tsx';
import { ViewToggle } from '../../components/ui/view-toggle.tsx';
import { filterHref, useUrlFilters } from '../../lib/list-state.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useMe } from '../../lib/session.ts';
import { disciplineSectionPage } from '../disciplines/index.ts';
import { CardReactions } from '../reactions/index.ts';
import { placeFiltersFrom, usePlaceList } from './places.api.ts';
import { AccessBadge } from './place-access-badges.tsx';
import { AccessFilter, useAccessLabel } from './place-access-filter.tsx';
import { ConditionSummaryLine, useConditionText } from './condition-summary.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';

const PlaceFormDialog = lazyNamed(() => import('./place-form-dialog.tsx'), 'PlaceFormDialog');

// Leaflet and its CSS load only when someone opens the map.
const PlacesMap = lazy(() => import('./places-map.tsx'));

type View = 'grid' | 'map';

export const placePath = (place: Pick<Place, 'id' | 'disciplineId'>) => contentPath('place', place.disciplineId, place.id);

function PlacesBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const navigate = useNavigate();
  const { user } = useMe();
  const filters = useUrlFilters();
  const { pathname } = useLocation();
  const { q, access } = placeFiltersFrom(filters.params);
  const accessLabel = useAccessLabel();
  const view: View = filters.params.get('view') === 'map' ? 'map' : 'grid';
  const list = usePlaceList(discipline.id, { q, access });
  const openPlace = useCallback((place: Pick<Place, 'id' | 'disciplineId'>) => void navigate(placePath(place)), [navigate]);
  const conditionText = useConditionText();

  return (
    <SectionBrowser
      section="places"
      discipline={discipline}
      filters={filters}
      keep={['view']}
      filterFields={<AccessFilter value={access} onChange={(value) => filters.setParam('access', value)} />}
      toolbar={
        <ViewToggle
          label={t('places.viewLabel')}
          value={view}
          hrefOf={(next) => filterHref(pathname, filters.params, { view: next === 'map' ? 'map' : '' })}
          options={[
            { id: 'grid', label: t('places.view.grid'), icon: '▦' },
            { id: 'map', label: t('places.view.map'), icon: '🗺️' },
          ]}
        />
      }
      list={list}
      renderItem={(place, index) => <PlaceCard place={place} priority={index === 0} />}
      view={
        view === 'map'
          ? ({ items: places, total, totalCapped, failed }) => (
              <div className="mt-6">
                <p className="mb-3 text-sm text-slate-600" aria-live="polite">
                  {!list.isLoading && !failed && t('places.mapShowing', { count: places.length, total: totalCapped ? `${total}+` : total })}
                </p>
                <MapOrList
                  places={places}
                  map={() => (
                    <PlacesMap
                      places={places}
                      label={t('places.mapLabel', { discipline: name(discipline) })}
                      detailPath={placePath}
                      onOpen={openPlace}
                      openLabel={t('places.viewPlace')}
                      accessLabel={accessLabel}
                      conditionsOf={(place) => conditionText(place.conditions ?? null)}
                    />
                  )}
                />
                <LoadMore query={list} label={t('places.loadMore')} className="mt-6" />
              </div>
            )
          : undefined
      }
      clearable={{ q, access }}
      dialog={user ? (props) => <PlaceFormDialog {...props} disciplineId={discipline.id} /> : null}
    />
  );
}

/**
 * The map is Leaflet's, which needs scripts: until they run and its code is in, the places show as
 * a list. Apart from the browser, so that only this redraws once the page is hydrated, not the cards.
 */
function MapOrList({ places, map }: { places: Place[]; map: () => ReactNode }) {
  const list = <PlacesAsList places={places} />;
  if (!useHydrated()) return list;
  return <Suspense fallback={list}>{map()}</Suspense>;
}

/** /discipline/:disciplineId/places: spots shared by riders, as cards or on a map. */
export default disciplineSectionPage('places', 'places.metaDescription', PlacesBrowser);

/** The map view's places before the map can show (it needs scripts): their names and locations, with a note why. */
export function PlacesAsList({ places }: { places: Place[] }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="places-map-list">
      <p className="text-sm text-slate-600">{t('places.mapNeedsScripts')}</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {places.map((place) => (
          <li key={place.id} className="py-2">
            <PlaceLine place={place} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A place in a list of links: its name, where it is and its access. A gap rather than a margin between
 * them: each name takes its own direction, so a margin could land on its outer side.
 */
export function PlaceLine({ place }: { place: Pick<Place, 'id' | 'disciplineId' | 'name' | 'location' | 'access'> }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <Link dir="auto" to={placePath(place)} className="font-semibold text-brand-700 hover:underline">
        {place.name}
      </Link>
      <span dir="auto" className="text-sm text-slate-600">
        {place.location}
      </span>
      <AccessBadge access={place.access} />
    </span>
  );
}

/** `priority`: the picture is likely the largest thing on screen, so it loads at once, first. */
export function PlacePicture({ place, className, priority = false }: { place: Place; className: string; priority?: boolean }) {
  return <ItemPicture src={pictureOf(place)} className={className} placeholder="from-sky-400 via-brand-600 to-indigo-700" icon="📍" priority={priority} />;
}

function PlaceCard({ place, priority }: { place: Place; priority: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="place-card">
      <PlacePicture place={place} className="h-44" priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <CardTitle to={placePath(place)} status={place.status} badge={<PlaceVisibilityBadge place={place} />}>
          {place.name}
        </CardTitle>
        <ItemLocation location={place.location} />
        <div>
          <AccessBadge access={place.access} />
        </div>
        <ConditionSummaryLine summary={place.conditions} />
        <CardReactions type="place" item={place} name={place.name} className="mt-auto flex items-center gap-2 pt-2" />
      </div>
    </article>
  );
}
