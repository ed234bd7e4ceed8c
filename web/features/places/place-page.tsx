import { useTranslation } from '../../lib/i18n-binding.tsx';
import { OwnerActions, PendingRevisionNotice } from '../../components/content/owner-only.tsx';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { ItemLocation } from '../../components/content/item-picture.tsx';
import { ItemTitle } from '../../components/content/item-title.tsx';
import { PlaceVisibilityBadge } from './place-visibility-badge.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { placeShare } from '../../lib/share.ts';
import { useMe } from '../../lib/session.ts';
import { CommentsSection, LikeButton } from '../reactions/index.ts';
import { PlaceSessionsSection } from '../sessions/index.ts';
import { PlaceEvents } from '../events/index.ts';
import { placeKeys, useDeletePlace, usePlace } from './places.api.ts';
import { ItemPhotos } from '../../components/content/photo-gallery.tsx';
import { SaveOffline } from '../../components/content/save-offline.tsx';
import { PlacePicture } from './places-page.tsx';
import { NearbySpots } from './place-nearby.tsx';
import { PlaceConditionsSection } from './place-conditions.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { AccessBanner, PlaceAccessSection } from './place-access.tsx';

const PlaceFormDialog = lazyNamed(() => import('./place-form-dialog.tsx'), 'PlaceFormDialog');

/** /discipline/:disciplineId/places/:placeId: one spot, shareable, with its likes and comments. */
export default function PlacePage() {
  const { disciplineId = '', placeId = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { user } = useMe();
  const { data: place, isLoading } = usePlace(placeId);
  const remove = useDeletePlace();
  const listPath = `/discipline/${disciplineId}/places`;
  usePageMeta(place ? place.name : isLoading ? undefined : t('errors.CONTENT_NOT_FOUND'), place ? `${place.name}, ${place.location}` : undefined, {
    share: place ? placeShare(place) : undefined,
  });

  if (isLoading) return <PageSpinner />;
  if (!place || place.disciplineId !== disciplineId) {
    return <StateMessage icon="📍" title={t('errors.CONTENT_NOT_FOUND')} homeLabel={t('common.returnHome')} />;
  }
  const canEdit = place.mine || user?.role === 'admin';

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <BackLink to={listPath}>{t('content.backToList', { section: t('nav.places') })}</BackLink>
      <AccessBanner access={place.access} />
      <article className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <PlacePicture place={place} className="h-72" priority />
        <div className="space-y-4 p-6">
          <ItemTitle name={place.name} status={place.status} badge={<PlaceVisibilityBadge place={place} />} />
          <ItemLocation location={place.location} className="text-slate-700" />
          <p className="text-sm text-slate-500" dir="ltr">
            {place.latitude.toFixed(4)}, {place.longitude.toFixed(4)}
          </p>
          {place.author && (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Avatar person={place.author} />
              <span>
                {t('places.sharedBy')}{' '}
                <Link dir="auto" to={`/profile/${place.author.id}`} className="font-semibold text-slate-900 hover:underline">
                  {place.author.name}
                </Link>{' '}
                · <time dateTime={place.createdAt}>{formatDate(place.createdAt)}</time>
              </span>
            </p>
          )}
          <SaveOffline
            request={{
              id: `place:${place.id}`,
              label: place.name,
              paths: [`/discipline/${encodeURIComponent(disciplineId)}/places/${encodeURIComponent(place.id)}`],
            }}
          />
          <ItemPhotos type="place" id={place.id} name={place.name} photos={place.photos} canEdit={canEdit} queryKey={placeKeys.all} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <LikeButton type="place" id={place.id} reactions={place.reactions} name={place.name} />
            {canEdit && (
              <OwnerActions
                item={place}
                section="places"
                listPath={listPath}
                name={place.name}
                remove={remove}
                onDeleted={() => void navigate(listPath)}
                Editor={PlaceFormDialog}
              />
            )}
          </div>
        </div>
      </article>
      <PlaceAccessSection placeId={place.id} viewer={user} />
      <PendingRevisionNotice revision={place.pendingRevision} section="places" />
      <PlaceConditionsSection placeId={place.id} />
      <PlaceSessionsSection place={place} />
      <PlaceEvents placeId={place.id} />
      <NearbySpots place={place} />
      <CommentsSection type="place" id={place.id} />
    </div>
  );
}
