import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import { EVENT_CALENDAR_LIMIT } from '../../../common/events-basics.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { dateTimeFormat } from '../../lib/intl.ts';
import { errorText } from '../../lib/toast.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { calendarMonth, monthKey, useEventCalendar } from './events.api.ts';

/** 0 = Sunday … 6 = Saturday, as the language's calendars usually start their weeks. */
function firstWeekday(lang: string): number {
  try {
    const locale = new Intl.Locale(lang) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info) return info.firstDay % 7;
  } catch {
    // An old browser without week information: Monday below.
  }
  return lang.startsWith('en') ? 0 : 1;
}

const dayKey = (d: Date) => `${monthKey(d)}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * Each button's arrow points outward, where its month lies: the earlier month is on the right in a
 * right-to-left page. The arrow is isolated left-to-right so that the bidi algorithm, which mirrors
 * ‹ and › in right-to-left text, leaves the character chosen here as it is.
 */
function MonthArrow({ towards, dir }: { towards: 'previous' | 'next'; dir: 'ltr' | 'rtl' }) {
  const pointsLeft = (towards === 'previous') === (dir === 'ltr');
  return (
    <span aria-hidden="true" dir="ltr">
      {pointsLeft ? '‹' : '›'}
    </span>
  );
}

/** `monthHref`: the address of this page showing another month ('YYYY-MM'). */
type CalendarProps = { disciplineId: string; q: string; type: string; month: string | null; monthHref: (month: string) => string };

/**
 * A month grid with the discipline's events (matching the search and type) on their days. The month
 * and "today" are the visitor's own, in their time zone: the server, which renders in UTC, leaves
 * the grid to the browser.
 */
export function EventsCalendar(props: CalendarProps) {
  return useHydrated() ? <MonthGrid {...props} /> : <Spinner />;
}

function MonthGrid({ disciplineId, q, type, month, monthHref }: CalendarProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { first, next } = calendarMonth(month);
  const previous = new Date(first.getFullYear(), first.getMonth() - 1, 1);
  const query = useEventCalendar(disciplineId, { q, type, from: first.toISOString(), to: next.toISOString() });
  const events = query.data?.items ?? [];

  // Each event on every day of this month it covers.
  const byDay = new Map<string, typeof events>();
  for (const event of events) {
    const start = new Date(event.startDate);
    const end = new Date(event.endDate);
    const day = new Date(Math.max(start.getTime(), first.getTime()));
    day.setHours(0, 0, 0, 0);
    while (day <= end && day < next) {
      const key = dayKey(day);
      byDay.set(key, [...(byDay.get(key) ?? []), event]);
      day.setDate(day.getDate() + 1);
    }
  }

  const weekStart = firstWeekday(lang);
  const lead = (first.getDay() - weekStart + 7) % 7;
  const daysInMonth = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const cells: (Date | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: daysInMonth }, (_, i) => new Date(first.getFullYear(), first.getMonth(), i + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);

  const weekdayFormat = dateTimeFormat(lang, { weekday: 'short' });
  // 2023-01-01 was a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, i) => weekdayFormat.format(new Date(2023, 0, 1 + ((weekStart + i) % 7))));
  const title = dateTimeFormat(lang, { month: 'long', year: 'numeric' }).format(first);
  const today = dayKey(new Date());
  const dayLabel = dateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long' });

  return (
    <section
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-label={t('events.calendar.label', { month: title })}
      data-testid="events-calendar"
    >
      <div className="flex items-center justify-between gap-2">
        <ButtonLink variant="outline" size="sm" to={monthHref(monthKey(previous))} replace preventScrollReset>
          <MonthArrow towards="previous" dir={i18n.dir(lang)} />
          {t('events.calendar.previous')}
        </ButtonLink>
        <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900" aria-live="polite">
          {title}
          {query.isFetching && <Spinner className="h-4 w-4 border-2" />}
        </h2>
        <ButtonLink variant="outline" size="sm" to={monthHref(monthKey(next))} replace preventScrollReset>
          {t('events.calendar.next')}
          <MonthArrow towards="next" dir={i18n.dir(lang)} />
        </ButtonLink>
      </div>
      {query.isError && (
        <p className="mt-3 text-sm text-red-600" role="alert">
          {errorText(t, query.error)}
        </p>
      )}
      {query.data && query.data.total > events.length && (
        <p className="mt-3 text-sm text-slate-600">
          {t('events.calendar.partial', { shown: events.length, total: query.data.total, limit: EVENT_CALENDAR_LIMIT })}
        </p>
      )}
      {query.data && query.data.total === 0 && <p className="mt-3 text-sm text-slate-600">{t('events.calendar.empty')}</p>}
      <div className="mt-4 grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200 text-sm">
        {weekdays.map((name) => (
          <div key={name} aria-hidden="true" className="bg-slate-50 px-1 py-2 text-center text-xs font-semibold text-slate-600 uppercase">
            {name}
          </div>
        ))}
        {cells.map((day, i) => {
          if (!day) return <div key={`blank-${i}`} className="min-h-24 bg-slate-50" aria-hidden="true" />;
          const key = dayKey(day);
          const dayEvents = byDay.get(key) ?? [];
          return (
            <div
              key={key}
              className={`min-h-24 bg-white p-1 ${key === today ? 'ring-2 ring-brand-600 ring-inset' : ''}`}
              data-testid="calendar-day"
              data-day={key}
            >
              <time
                dateTime={key}
                aria-label={dayLabel.format(day)}
                className={`mb-1 block text-xs font-semibold ${key === today ? 'text-brand-700' : 'text-slate-500'}`}
              >
                {day.getDate()}
              </time>
              <ul className="space-y-1">
                {dayEvents.map((event) => (
                  <li dir="auto" key={event.id}>
                    <Link
                      to={contentPath('event', event.disciplineId, event.id)}
                      className="block truncate rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-100"
                      title={event.name}
                      data-testid="calendar-event"
                    >
                      {event.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}
