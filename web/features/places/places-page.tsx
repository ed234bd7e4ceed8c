import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Place } from '../../../common/places.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyList, PagedList } from '../../components/ui/paged-list.tsx';
import { BackLink, SearchBox } from '../../components/ui/search-box.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useLocalizedName } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useMe } from '../auth/auth.api.ts';
import { DisciplineSection } from '../disciplines/discipline-section.tsx';
import { PlaceFormDialog } from './place-form-dialog.tsx';
import { useDeletePlace, usePlaceList } from './places.api.ts';

// Leaflet and its CSS load only when someone opens the map.
const PlacesMap = lazy(() => import('./places-map.tsx'));

type View = 'grid' | 'map';

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
  const { user, isLoading: meLoading } = useMe();
  const filters = useUrlFilters();
  const { setParam } = filters;
  const search = useTextFilter(filters, 'q');
  const q = search.value;
  const view: View = filters.params.get('view') === 'map' ? 'map' : 'grid';
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Place | null>(null);
  const remove = useDeletePlace();


  const list = usePlaceList(discipline.id, q);
  const { items: places, total, failed } = usePagedResults(list, t('places.toast.fetchError'));


  const openAdd = () => {
    if (meLoading) return;
    if (!user) {
      notify('error', t('places.toast.loginRequired'), t('places.toast.loginToAdd'));
      void navigate('/login');
      return;
    }
    setAdding(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify('success', t('places.toast.deleted'));
      setDeleting(null);
    } catch (error) {
      notify('error', t('places.toast.deleteError'), errorText(t, error));
    }
  };

  const disciplineName = name(discipline);
  const canDelete = (place: Place) => place.mine || user?.role === 'admin';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <BackLink to={`/discipline/${discipline.id}`}>{t('discipline.backToHub', { discipline: disciplineName })}</BackLink>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-3xl font-extrabold">
            <span aria-hidden="true">{discipline.icon}</span>
            {t('nav.places')}
          </h1>
          <p className="mt-1 text-slate-600">{t('places.subtitle', { discipline: disciplineName })}</p>
        </div>
        <Button onClick={openAdd} data-testid="add-place">
          <span aria-hidden="true">＋</span>
          {t('places.addPlace')}
        </Button>
      </div>

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <div role="search" className="flex min-w-0 flex-1 basis-64">
          <SearchBox label={t('places.searchLabel')} placeholder={t('places.searchPlaceholder')} value={search.text} onChange={search.setText} testId="places-search" />
        </div>
        <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1 shadow-sm" role="group" aria-label={t('places.viewLabel')}>
          {(['grid', 'map'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setParam('view', option === 'map' ? 'map' : '')}
              className={`rounded-md px-4 py-1.5 text-sm font-semibold transition-colors ${view === option ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              <span aria-hidden="true">{option === 'grid' ? '▦ ' : '🗺️ '}</span>
              {t(`places.view.${option}`)}
            </button>
          ))}
        </div>
      </div>

      {view === 'map' ? (
        <div className="mt-6">
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {!list.isLoading && !failed && t('places.mapShowing', { count: places.length, total })}
          </p>
          <Suspense
            fallback={
              <div className="flex h-[600px] items-center justify-center rounded-2xl border border-slate-200 bg-slate-50">
                <Spinner />
              </div>
            }
          >
            <PlacesMap places={places} label={t('places.mapLabel', { discipline: disciplineName })} />
          </Suspense>
          {list.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage && <Spinner className="h-4 w-4 border-2" />}
                {t('places.loadMore')}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <PagedList
          query={list}
          items={places}
          countText={failed ? undefined : t('places.resultCount', { count: total })}
          loadMoreLabel={t('places.loadMore')}
          renderItem={(place) => <PlaceCard place={place} onDelete={canDelete(place) ? () => setDeleting(place) : undefined} />}
          empty={
            <EmptyList
              testId="places-empty"
              icon={q ? '🔎' : '📍'}
              title={q ? t('places.noMatchTitle') : t('places.emptyTitle')}
              text={q ? t('places.noMatchText') : t('places.emptyText', { discipline: disciplineName })}
              action={
                q ? (
                  <Button variant="outline" onClick={() => search.setText('')}>
                    {t('places.clearSearch')}
                  </Button>
                ) : (
                  <Button onClick={openAdd}>{t('places.addFirst')}</Button>
                )
              }
            />
          }
        />
      )}

      {user && <PlaceFormDialog open={adding} onOpenChange={setAdding} disciplineId={discipline.id} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('places.deleteTitle')}
        description={t('places.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('places.delete')}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
      />
    </div>
  );
}

function PlaceCard({ place, onDelete }: { place: Place; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="place-card">
      {place.imageUrl ? (
        <img src={place.imageUrl} alt="" loading="lazy" referrerPolicy="no-referrer" className="h-44 w-full object-cover" />
      ) : (
        <div className="flex h-44 w-full items-center justify-center bg-gradient-to-br from-sky-400 via-brand-600 to-indigo-700 text-5xl" aria-hidden="true">
          📍
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg leading-snug font-bold break-words text-slate-900">{place.name}</h2>
          {place.status === 'pending' && (
            <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800" data-testid="place-pending">
              {t('places.pendingReview')}
            </span>
          )}
          {place.status === 'rejected' && (
            <span className="shrink-0 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">{t('places.rejected')}</span>
          )}
        </div>
        <p className="flex items-start gap-1.5 text-sm text-slate-600">
          <span aria-hidden="true">📍</span>
          <span className="break-words">{place.location}</span>
        </p>
        {onDelete && (
          <div className="mt-auto flex justify-end pt-2">
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t('places.deleteNamed', { name: place.name })}>
              {t('places.delete')}
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
