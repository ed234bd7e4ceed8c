import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { AdminCountKey } from '../../../common/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFormatNumber } from '../../lib/localized.ts';
import { errorText } from '../../lib/toast.ts';
import { useAdminOverview } from './admin.api.ts';
import { LoadFailed } from './admin-table.tsx';

/** The spec's six figures, then what waits for an admin. */
const CARDS: { key: AdminCountKey; label: string; icon: string }[] = [
  { key: 'users', label: 'admin.overview.totalUsers', icon: '👥' },
  { key: 'teams', label: 'nav.teams', icon: '🏆' },
  { key: 'articles', label: 'nav.articles', icon: '📰' },
  { key: 'events', label: 'nav.events', icon: '📅' },
  { key: 'places', label: 'nav.places', icon: '📍' },
  { key: 'reviews', label: 'nav.reviews', icon: '⭐' },
  { key: 'pendingApprovals', label: 'admin.overview.pendingApprovals', icon: '⏳' },
  { key: 'unreadMessages', label: 'admin.overview.unreadMessages', icon: '✉️' },
];

export function OverviewTab({ onOpenApprovals }: { onOpenApprovals: () => void }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const { data, isLoading, error, refetch } = useAdminOverview();

  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (!data) return <LoadFailed text={t('admin.overview.loadError')} detail={errorText(t, error)} onRetry={() => void refetch()} />;
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((card) => (
          <div key={card.key} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={`admin-count-${card.key}`}>
            <dt className="flex items-center gap-2 text-sm font-semibold text-slate-600">
              <span aria-hidden="true">{card.icon}</span>
              <span>{t(card.label)}</span>
            </dt>
            <dd className="mt-2 text-3xl font-extrabold text-slate-900">{formatNumber(data[card.key])}</dd>
          </div>
        ))}
      </dl>
      {data.pendingApprovals > 0 && (
        <Button variant="outline" onClick={onOpenApprovals}>
          {t('admin.overview.reviewPending', { count: data.pendingApprovals })}
        </Button>
      )}
    </div>
  );
}
