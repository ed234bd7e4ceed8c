import type { AccessStatus, AccessSummary } from '../../../common/place-access.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate } from '../../lib/localized.ts';
import { ACCESS_ICONS } from './place-access-signs.ts';

// Apart from the place page's access section (./place-access.tsx): the list's cards take the badge
// without the section and its stewards' forms (issue 38).

/** A status never shows by its colour alone: each has its own sign and its words. */
const BADGE_STYLES: Record<AccessStatus, string> = {
  open: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  restricted: 'border-amber-200 bg-amber-50 text-amber-900',
  permit: 'border-sky-200 bg-sky-50 text-sky-900',
  closed: 'border-red-200 bg-red-50 text-red-800',
};

/** The place's access today, as a small label (cards, the place page's title). */
export function AccessBadge({ access }: { access: AccessSummary }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${BADGE_STYLES[access.status]}`}
      data-testid="place-access-badge"
      data-access={access.status}
    >
      <span aria-hidden="true">{ACCESS_ICONS[access.status]}</span>
      {t(`places.access.status.${access.status}`)}
    </span>
  );
}

/** Above a place that is not open: its status, and the closure in force with its reason and days. */
export function AccessBanner({ access }: { access: AccessSummary }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (access.status === 'open') return null;
  return (
    <section
      aria-label={t('places.access.title')}
      className={`mt-4 flex gap-3 rounded-2xl border p-4 ${BADGE_STYLES[access.status]}`}
      data-testid="place-access-banner"
      data-access={access.status}
    >
      <span aria-hidden="true" className="text-2xl leading-none">
        {ACCESS_ICONS[access.status]}
      </span>
      <div className="space-y-1">
        <p className="font-bold">{t(`places.access.status.${access.status}`)}</p>
        {access.closure ? (
          <>
            <p dir="auto" className="break-words">
              {access.closure.reason}
            </p>
            <p className="text-sm">
              {t('places.access.closedFromUntil', { from: formatDate(access.closure.startsOn), until: formatDate(access.closure.endsOn) })}
            </p>
          </>
        ) : (
          <p className="text-sm">{t(`places.access.notice.${access.status}`)}</p>
        )}
      </div>
    </section>
  );
}
