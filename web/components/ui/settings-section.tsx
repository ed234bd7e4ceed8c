import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText } from '../../lib/toast.ts';
import { Spinner } from './spinner.tsx';

/**
 * A block of the own profile's settings (notifications, push devices, calendar feed): its heading and
 * intro, then what its query read, a spinner while it reads, or why it could not.
 */
export function SettingsSection<T>({
  id,
  title,
  intro,
  query,
  className = '',
  children,
}: {
  /** Names the heading (`${id}-title`) and the test id. */
  id: string;
  title: string;
  intro: string;
  query: { isLoading: boolean; isError: boolean; data: T | undefined; error: unknown };
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={className} aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {query.isLoading ? (
        <Spinner className="mt-4 h-6 w-6 border-2" />
      ) : query.isError || query.data === undefined ? (
        <p className="mt-4 text-sm text-slate-600">{errorText(t, query.error)}</p>
      ) : (
        children(query.data)
      )}
    </section>
  );
}
