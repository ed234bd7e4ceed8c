import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation } from 'react-router';
import { EVENT_TYPES } from '../../../common/events-basics.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionBrowser } from '../../components/content/section-browser.tsx';
import { FilterSelect } from '../../components/ui/search-box.tsx';
import { ViewToggle } from '../../components/ui/view-toggle.tsx';
import { filterHref, useUrlFilters } from '../../lib/list-state.ts';
import { useMe } from '../../lib/session.ts';
import { disciplineSectionPage } from '../disciplines/index.ts';
import { EventCard } from './event-card.tsx';
import { EventsCalendar } from './events-calendar.tsx';
import { eventFiltersFrom, useEventList } from './events.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { SubscribeLink } from '../calendars/index.ts';

const EventFormDialog = lazyNamed(() => import('./event-form-dialog.tsx'), 'EventFormDialog');

function EventsBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const { user } = useMe();
  const filters = useUrlFilters();
  const { params, setParam } = filters;
  const { pathname } = useLocation();
  const listFilters = eventFiltersFrom(params);
  const { q, type, when, view, month } = listFilters;
  const list = useEventList(discipline.id, listFilters, view === 'grid');
  const past = when === 'past';

  return (
    <SectionBrowser
      section="events"
      discipline={discipline}
      filters={filters}
      keep={['view', 'when', 'month']}
      filterFields={
        <FilterSelect
          label={t('events.typeFilter')}
          name="type"
          value={type}
          onChange={(value) => setParam('type', value)}
          anyLabel={t('events.allTypes')}
          options={EVENT_TYPES.map((option) => ({ value: option, label: t(`events.types.${option}`) }))}
          testId="events-type"
        />
      }
      toolbar={
        <>
          <SubscribeLink disciplineId={discipline.id} />
          {view === 'grid' && (
            <ViewToggle
              label={t('events.whenLabel')}
              value={when}
              hrefOf={(next) => filterHref(pathname, params, { when: next === 'past' ? 'past' : '' })}
              options={[
                { id: 'upcoming', label: t('events.upcoming') },
                { id: 'past', label: t('events.past') },
              ]}
            />
          )}
          <ViewToggle
            label={t('events.viewLabel')}
            value={view}
            hrefOf={(next) => filterHref(pathname, params, { view: next === 'calendar' ? 'calendar' : '' })}
            options={[
              { id: 'grid', label: t('events.gridView'), icon: '▦' },
              { id: 'calendar', label: t('events.calendarView'), icon: '📅' },
            ]}
          />
        </>
      }
      list={list}
      countKey={past ? 'events.pastCount' : undefined}
      renderItem={(event) => <EventCard event={event} />}
      view={
        view === 'calendar'
          ? () => (
              <EventsCalendar
                disciplineId={discipline.id}
                q={q}
                type={type}
                month={month}
                monthHref={(next) => filterHref(pathname, params, { month: next })}
              />
            )
          : undefined
      }
      clearable={{ q, type }}
      empty={past ? { title: t('events.noPastTitle'), text: t('events.noPastText') } : undefined}
      dialog={user ? (props) => <EventFormDialog {...props} disciplineId={discipline.id} /> : null}
    />
  );
}

/** /discipline/:disciplineId/events: competitions, meetups, festivals and workshops, as cards or a month calendar. */
export default disciplineSectionPage('events', 'events.metaDescription', EventsBrowser);
