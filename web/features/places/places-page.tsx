import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { contentPath } from '../../../common/content-basics.ts';
import type { Place } from '../../../common/places.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionHeader } from '../../components/content/section-header.tsx';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyList, LoadMore, PagedList } from '../../components/ui/paged-list.tsx';
import { FilterForm, SearchBox } from '../../components/ui/search-box.tsx';
import { filterHref, usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useMe } from '../../lib/session.ts';
import { DisciplineSection } from '../disciplines/index.ts';
import { CommentCount, LikeButton } from '../reactions/index.ts';
import { placeFiltersFrom, usePlaceList } from './places.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const PlaceFormDialog = lazyNamed(() => import('./place-form-dialog.tsx'), 'PlaceFormDialog');

// Leaflet and its CSS load only when someone opens the map.
const PlacesMap = lazy(() => import('./places-map.tsx'));

type View = 'grid' | 'map';

export const placePath = (place: Pick<Place, 'id' | 'disciplineId'>) => contentPath('place', place.disciplineId, place.id);

/** /discipline/:disciplineId/places: spots shared by riders, as cards or on a map. */
export default function PlacesPage() {
  const { disciplineId = '' } = useParams();
  const { t } = useTranslation();
  return (
    <DisciplineSection disciplineId={disciplineId} section="places" description={(d) => t('places.metaDescription', { discipline: d })}>
      {(hub) => <PlacesBrowser key={hub.id} discipline={hub} />}
    </DisciplineSection>
  );
}

function PlacesBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const navigate = useNavigate();
  const { user } = useMe();
  const gate = useLoginGate();
  const filters = useUrlFilters();
  const { pathname } = useLocation();
  const search = useTextFilter(filters, 'q');
  const listFilters = placeFiltersFrom(filters.params);
  const { q } = listFilters;
  const view: View = filters.params.get('view') === 'map' ? 'map' : 'grid';
  const hydrated = useHydrated();
  const [adding, setAdding] = useState(false);

  const list = usePlaceList(discipline.id, listFilters);
  const { items: places, total, totalCapped, countText, failed } = usePagedResults(list, t('places.toast.fetchError'));
  const openAdd = () => gate(t('places.toast.loginToAdd'), () => setAdding(true));
  const openPlace = useCallback((place: Place) => void navigate(placePath(place)), [navigate]);
  const disciplineName = name(discipline);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        discipline={discipline}
        title={t('nav.places')}
        subtitle={t('places.subtitle', { discipline: disciplineName })}
        action={
          <Button onClick={openAdd} data-testid="add-place">
            <span aria-hidden="true">＋</span>
            {t('places.addPlace')}
          </Button>
        }
      />

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <FilterForm keep={['view']} onApply={filters.applyForm} className="flex min-w-0 flex-1 basis-64 gap-2">
          <SearchBox label={t('places.searchLabel')} placeholder={t('places.searchPlaceholder')} value={search.text} onChange={search.setText} testId="places-search" />
        </FilterForm>
        <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1 shadow-sm" role="group" aria-label={t('places.viewLabel')}>
          {(['grid', 'map'] as const).map((option) => (
            <Link
              key={option}
              to={filterHref(pathname, filters.params, { view: option === 'map' ? 'map' : '' })}
              replace
              preventScrollReset
              aria-current={view === option ? 'true' : undefined}
              className={`rounded-md px-4 py-1.5 text-sm font-semibold transition-colors ${view === option ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              <span aria-hidden="true">{option === 'grid' ? '▦ ' : '🗺️ '}</span>
              {t(`places.view.${option}`)}
            </Link>
          ))}
        </div>
      </div>

      {view === 'map' ? (
        <div className="mt-6">
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {!list.isLoading && !failed && t('places.mapShowing', { count: places.length, total: totalCapped ? `${total}+` : total })}
          </p>
          {/* The map is Leaflet's, which needs scripts: until they run and its code is in, the places show as a list. */}
          {hydrated ? (
            <Suspense fallback={<PlacesAsList places={places} />}>
              <PlacesMap places={places} label={t('places.mapLabel', { discipline: disciplineName })} detailPath={placePath} onOpen={openPlace} openLabel={t('places.viewPlace')} />
            </Suspense>
          ) : (
            <PlacesAsList places={places} />
          )}
          <LoadMore query={list} label={t('places.loadMore')} className="mt-6" />
        </div>
      ) : (
        <PagedList
          query={list}
          items={places}
          countText={failed ? undefined : countText('places.resultCount')}
          loadMoreLabel={t('places.loadMore')}
          renderItem={(place, index) => <PlaceCard place={place} priority={index === 0} />}
          empty={
            <EmptyList
              testId="places-empty"
              icon={q ? '🔎' : '📍'}
              title={q ? t('places.noMatchTitle') : t('places.emptyTitle')}
              text={q ? t('places.noMatchText') : t('places.emptyText', { discipline: disciplineName })}
              action={
                q ? (
                  <ButtonLink variant="outline" to={filterHref(pathname, filters.params, { q: '' })} replace onClick={() => search.setText('')}>
                    {t('places.clearSearch')}
                  </ButtonLink>
                ) : (
                  <Button onClick={openAdd}>{t('places.addFirst')}</Button>
                )
              }
            />
          }
        />
      )}

      {user && (
        <Suspense fallback={null}>
          <PlaceFormDialog open={adding} onOpenChange={setAdding} disciplineId={discipline.id} />
        </Suspense>
      )}
    </div>
  );
}

/** The map view's places before the map can show (it needs scripts): their names and locations, with a note why. */
export function PlacesAsList({ places }: { places: Place[] }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="places-map-list">
      <p className="text-sm text-slate-600">{t('places.mapNeedsScripts')}</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {places.map((place) => (
          <li key={place.id} className="py-2">
            <Link dir="auto" to={placePath(place)} className="font-semibold text-brand-700 hover:underline">
              {place.name}
            </Link>
            <span className="ms-2 text-sm text-slate-600">{place.location}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `priority`: the picture is likely the largest thing on screen, so it loads at once, first. */
export function PlacePicture({ place, className, priority = false }: { place: Place; className: string; priority?: boolean }) {
  return place.imageUrl ? (
    <img
      src={place.imageUrl}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      referrerPolicy="no-referrer"
      className={`${className} w-full object-cover`}
    />
  ) : (
    <div className={`${className} flex w-full items-center justify-center bg-gradient-to-br from-sky-400 via-brand-600 to-indigo-700 text-5xl`} aria-hidden="true">
      📍
    </div>
  );
}

function PlaceCard({ place, priority }: { place: Place; priority: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="place-card">
      <PlacePicture place={place} className="h-44" priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg leading-snug font-bold break-words text-slate-900">
            <Link dir="auto" to={placePath(place)} className="hover:underline">
              {place.name}
            </Link>
          </h2>
          <StatusBadge status={place.status} />
        </div>
        <p className="flex items-start gap-1.5 text-sm text-slate-600">
          <span aria-hidden="true">📍</span>
          <span className="break-words">{place.location}</span>
        </p>
        <div className="mt-auto flex items-center gap-2 pt-2">
          <LikeButton type="place" id={place.id} reactions={place.reactions} name={place.name} />
          <CommentCount count={place.reactions.comments} />
        </div>
      </div>
    </article>
  );
}
