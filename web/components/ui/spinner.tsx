import { useTranslation } from '../../lib/i18n-binding.tsx';

export function Spinner({ className = 'h-8 w-8', label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <span className={`animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 ${className}`} aria-hidden="true" />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** Fills the screen below the header, so the footer stays out of view until the page arrives (no layout shift). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center">
      <Spinner />
    </div>
  );
}
