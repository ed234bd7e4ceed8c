import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/ui/link.tsx';
import type { AccessChange } from '../../../common/place-access.ts';
import { ListSection } from '../../components/ui/list-section.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { placeAccessQueries } from './place-access.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { dayRange } from './place-access-signs.ts';
import { PlaceClosures } from './place-closures.tsx';
import { AccessBadge } from './place-access-badges.tsx';

export { AccessBadge, AccessBanner } from './place-access-badges.tsx';

// The forms of a place's stewards and admins come with their page only. The server still renders them
// into a steward's page, where they work before (and without) the scripts; the page's Suspense
// boundary waits for their code, so that the page answers input in every part once it is ready.
const PlaceAccessManage = lazyNamed(() => import('./place-access-manage.tsx'), 'PlaceAccessManage');

/** What one change of the history says, after who made it. */
function useChangeText() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (change: AccessChange) => {
    const closure = change.closure;
    const days = closure ? dayRange(formatDate, closure) + (closure.yearly ? ` (${t('places.access.everyYear')})` : '') : '';
    switch (change.kind) {
      case 'status':
        return t('places.access.history.status', { status: change.status ? t(`places.access.status.${change.status}`) : '' });
      case 'closure-added':
        return t('places.access.history.closureAdded', { days, reason: closure?.reason ?? '' });
      case 'closure-removed':
        return t('places.access.history.closureRemoved', { days, reason: closure?.reason ?? '' });
      case 'steward-added':
        return t('places.access.history.stewardAdded', { name: change.steward?.name ?? t('places.access.someone') });
      case 'steward-removed':
        return t('places.access.history.stewardRemoved', { name: change.steward?.name ?? t('places.access.someone') });
    }
  };
}

/**
 * The place page's access section: the closures, the stewards, the history of changes, and for
 * the place's stewards and admins the forms that change them. Its data is declared by the route.
 */
export function PlaceAccessSection({ placeId, viewer }: { placeId: string; viewer: { id: string; role: string } | null }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const changeText = useChangeText();
  const { data: access } = useQuery(placeAccessQueries.detail(placeId));
  if (!access) return null;
  const isAdmin = viewer?.role === 'admin';
  const canManage = isAdmin || (!!viewer && access.stewards.some((s) => s.id === viewer.id));

  return (
    <section
      aria-labelledby="place-access-title"
      className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="place-access"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="place-access-title" className="text-xl font-bold text-slate-900">
          {t('places.access.title')}
        </h2>
        <AccessBadge access={access.summary} />
      </div>
      {canManage ? (
        <PlaceAccessManage placeId={placeId} access={access} isAdmin={isAdmin} />
      ) : (
        <PlaceClosures
          closures={access.closures}
          after={
            access.stewards.length > 0 && (
              <p className="text-sm text-slate-600">
                {t('places.access.stewards')}:{' '}
                {access.stewards.map((s, i) => (
                  <span key={s.id}>
                    {i > 0 && ', '}
                    <Link to={`/profile/${s.id}`} className="font-semibold hover:underline">
                      <bdi>{s.name}</bdi>
                    </Link>
                  </span>
                ))}
              </p>
            )
          }
        />
      )}
      <ListSection
        title={t('places.access.historyTitle')}
        isEmpty={access.history.length === 0}
        emptyText={t('places.access.noHistory')}
        className="border-t border-slate-100 pt-4"
      >
        <ol className="space-y-1 text-sm text-slate-700" data-testid="place-access-history">
          {access.history.map((change) => (
            <li key={change.id}>
              <bdi className="font-semibold">{change.by?.name ?? t('places.access.someone')}</bdi>: {changeText(change)} ·{' '}
              <time dateTime={change.at} className="text-slate-500">
                {formatDate(change.at)}
              </time>
            </li>
          ))}
        </ol>
      </ListSection>
    </section>
  );
}
