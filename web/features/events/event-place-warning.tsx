import type { TFunction } from 'i18next';
import type { Event } from '../../../common/events.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate } from '../../lib/localized.ts';

/** The reason of a closure on the event's days, or the words of the status closed (which has none). */
const reasonOf = (t: TFunction, reason: string) => reason || t('events.placeClosed.statusClosed');

/** The toast's warning when the saved event's place is closed on its dates (the answer's `warnings`). */
export function placeClosedWarning(saved: Event, t: TFunction): string | undefined {
  if (!saved.warnings?.includes('EVENT_PLACE_CLOSED')) return undefined;
  // An edit waiting for approval warns of its proposed place, whose closures the answer does not list.
  const first = saved.placeClosures?.[0];
  return first ? t('events.toast.placeClosed', { reason: reasonOf(t, first.reason) }) : t('events.placeClosed.title');
}

/** The organiser's (and admins') warning on the event page: its place is closed on its dates, when and why. */
export function EventPlaceWarning({ event }: { event: Event }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const closures = event.placeClosures;
  if (!closures || closures.length === 0) return null;
  return (
    <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800" data-testid="event-place-warning">
      <p className="font-bold">
        <span aria-hidden="true" className="me-2">
          ⛔
        </span>
        {t('events.placeClosed.title')}
      </p>
      <ul className="mt-2 list-disc space-y-1 ps-6">
        {closures.map((c, i) => (
          <li key={i} dir="auto" className="break-words">
            {c.startsOn && c.endsOn
              ? t('events.placeClosed.days', { start: formatDate(c.startsOn), end: formatDate(c.endsOn), reason: c.reason })
              : reasonOf(t, c.reason)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">{t('events.placeClosed.text')}</p>
    </section>
  );
}
