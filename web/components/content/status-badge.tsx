import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { ContentStatus } from '../../../common/content.ts';

/** 'Pending review' or 'Not approved' on a contribution its author (or an admin) sees before it is public. */
export function StatusBadge({ status }: { status: ContentStatus }) {
  const { t } = useTranslation();
  if (status === 'approved') return null;
  return status === 'pending' ? (
    <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800" data-testid="status-pending">
      {t('content.pendingReview')}
    </span>
  ) : (
    <span className="shrink-0 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800" data-testid="status-rejected">
      {t('content.rejected')}
    </span>
  );
}
