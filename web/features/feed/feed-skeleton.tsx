import { useTranslation } from '../../lib/i18n-binding.tsx';

/** Grey stand-ins shaped like feed cards while the feed (or its code) loads. */
export function FeedSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-4" aria-busy="true" aria-label={t('common.loading')} data-testid="feed-loading">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex animate-pulse gap-4 rounded-2xl border border-slate-200 bg-white p-4" aria-hidden="true">
          <div className="h-10 w-10 shrink-0 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-3">
            <div className="h-3 w-1/3 rounded bg-slate-100" />
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="h-4 w-5/6 rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}
