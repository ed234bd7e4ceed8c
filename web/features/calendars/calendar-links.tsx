import { disciplineCalendarPath, eventCalendarPath, seriesCalendarPath, webcalUrl } from '../../../common/calendars-basics.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** "Add to calendar": the event's .ics file, a plain download that needs no script. */
export function AddToCalendarLink({ eventId, series = false }: { eventId: string; series?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <a href={eventCalendarPath(eventId)} download className={buttonClass({ variant: 'outline', size: 'sm' })} data-testid="add-to-calendar">
        <span aria-hidden="true">📅</span> {t('calendars.addToCalendar')}
      </a>
      {/* A date of a series: the whole series too, which a calendar app repeats (and updates) as one event. */}
      {series && (
        <a href={seriesCalendarPath(eventId)} download className={buttonClass({ variant: 'outline', size: 'sm' })} data-testid="add-series-to-calendar">
          <span aria-hidden="true">🔁</span> {t('calendars.addSeries')}
        </a>
      )}
    </>
  );
}

/**
 * "Subscribe": the discipline's feed as a webcal: address, which a calendar app subscribes to (and
 * keeps current); the server writes the https: one (it does not know the page's origin before the scripts run).
 */
export function SubscribeLink({ disciplineId }: { disciplineId: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const path = disciplineCalendarPath(disciplineId);
  const href = hydrated ? webcalUrl(`${window.location.origin}${path}`) : path;
  return (
    <a href={href} className={buttonClass({ variant: 'outline', size: 'sm' })} data-testid="subscribe-calendar">
      <span aria-hidden="true">🔔</span> {t('calendars.subscribe')}
    </a>
  );
}
