import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { EventDates } from './event-card.tsx';
import { eventQueries } from './events.api.ts';

/** A place page's upcoming approved events at it, soonest first: plain links, read by the page's route. */
export function PlaceEvents({ placeId }: { placeId: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(eventQueries.atPlace(placeId));
  if (!data) return null;
  return (
    <section aria-labelledby="place-events" className="mt-8 space-y-3" data-testid="place-events">
      <h2 id="place-events" className="text-xl font-bold text-slate-900">
        {t('places.events.title')}
      </h2>
      {data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('places.events.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
          {data.items.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-3">
              <Link dir="auto" to={contentPath('event', event.disciplineId, event.id)} className="font-semibold break-words text-slate-900 hover:underline">
                {event.name}
              </Link>
              <span className="text-sm text-slate-600">
                <EventDates event={event} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
