import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link, useLocation, useParams } from 'react-router';
import { EVENT_TYPES } from '../../../common/events-basics.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionHeader } from '../../components/content/section-header.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyList, PagedList } from '../../components/ui/paged-list.tsx';
import { FilterForm, FilterSelect, SearchBox } from '../../components/ui/search-box.tsx';
import { filterHref, usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useMe } from '../../lib/session.ts';
import { DisciplineSection } from '../disciplines/index.ts';
import { EventCard } from './event-card.tsx';
import { EventsCalendar } from './events-calendar.tsx';
import { eventFiltersFrom, useEventList } from './events.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const EventFormDialog = lazyNamed(() => import('./event-form-dialog.tsx'), 'EventFormDialog');

/** /discipline/:disciplineId/events: competitions, meetups, festivals and workshops, as cards or a month calendar. */
export default function EventsPage() {
  const { disciplineId = '' } = useParams();
  const { t } = useTranslation();
  return (
    <DisciplineSection disciplineId={disciplineId} section="events" description={(d) => t('events.metaDescription', { discipline: d })}>
      {(hub) => <EventsBrowser key={hub.id} discipline={hub} />}
    </DisciplineSection>
  );
}

/** A choice of views as links to this list with `param` set (the current one marked): they work without scripts. */
function Toggle<T extends string>({ label, options, value, hrefOf, testId }: { label: string; options: { id: T; label: string; icon?: string }[]; value: T; hrefOf: (value: T) => string; testId?: string }) {
  return (
    <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1 shadow-sm" role="group" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <Link
          key={option.id}
          to={hrefOf(option.id)}
          replace
          preventScrollReset
          aria-current={value === option.id ? 'true' : undefined}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${value === option.id ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {option.icon && <span aria-hidden="true">{option.icon} </span>}
          {option.label}
        </Link>
      ))}
    </div>
  );
}

function EventsBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const gate = useLoginGate();
  const { user } = useMe();
  const filters = useUrlFilters();
  const { params, setParam } = filters;
  const { pathname } = useLocation();
  const search = useTextFilter(filters, 'q');
  const listFilters = eventFiltersFrom(params);
  const { q, type, when, view, month } = listFilters;
  const [adding, setAdding] = useState(false);

  const list = useEventList(discipline.id, listFilters, view === 'grid');
  const { items: events, countText, failed } = usePagedResults(list, t('events.toast.fetchError'));

  const openAdd = () => gate(t('content.loginToContribute'), () => setAdding(true));
  const disciplineName = name(discipline);
  const filtered = q !== '' || type !== '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        discipline={discipline}
        title={t('nav.events')}
        subtitle={t('events.subtitle', { discipline: disciplineName })}
        action={
          <Button onClick={openAdd} data-testid="add-event">
            <span aria-hidden="true">＋</span>
            {t('events.addEvent')}
          </Button>
        }
      />

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <FilterForm keep={['view', 'when', 'month']} onApply={filters.applyForm} className="flex min-w-0 flex-1 basis-64 gap-3">
          <SearchBox label={t('events.searchLabel')} placeholder={t('events.searchPlaceholder')} value={search.text} onChange={search.setText} testId="events-search" />
          <FilterSelect
            label={t('events.typeFilter')}
            name="type"
            value={type}
            onChange={(value) => setParam('type', value)}
            anyLabel={t('events.allTypes')}
            options={EVENT_TYPES.map((option) => ({ value: option, label: t(`events.types.${option}`) }))}
            testId="events-type"
          />
        </FilterForm>
        {view === 'grid' && (
          <Toggle
            label={t('events.whenLabel')}
            value={when}
            hrefOf={(next) => filterHref(pathname, params, { when: next === 'past' ? 'past' : '' })}
            options={[
              { id: 'upcoming', label: t('events.upcoming') },
              { id: 'past', label: t('events.past') },
            ]}
          />
        )}
        <Toggle
          label={t('events.viewLabel')}
          value={view}
          hrefOf={(next) => filterHref(pathname, params, { view: next === 'calendar' ? 'calendar' : '' })}
          options={[
            { id: 'grid', label: t('events.gridView'), icon: '▦' },
            { id: 'calendar', label: t('events.calendarView'), icon: '📅' },
          ]}
        />
      </div>

      {view === 'calendar' ? (
        <EventsCalendar disciplineId={discipline.id} q={q} type={type} month={month} monthHref={(next) => filterHref(pathname, params, { month: next })} />
      ) : (
        <PagedList
          query={list}
          items={events}
          countText={failed ? undefined : countText(when === 'past' ? 'events.pastCount' : 'events.resultCount')}
          loadMoreLabel={t('events.loadMore')}
          renderItem={(event) => <EventCard event={event} />}
          empty={
            <EmptyList
              testId="events-empty"
              icon={filtered ? '🔎' : '📅'}
              title={filtered ? t('events.noMatchTitle') : when === 'past' ? t('events.noPastTitle') : t('events.emptyTitle')}
              text={filtered ? t('events.noMatchText') : when === 'past' ? t('events.noPastText') : t('events.emptyText', { discipline: disciplineName })}
              action={
                filtered ? (
                  <ButtonLink variant="outline" to={filterHref(pathname, params, { q: '', type: '' })} replace onClick={() => search.setText('')}>
                    {t('events.clearFilters')}
                  </ButtonLink>
                ) : (
                  <Button onClick={openAdd}>{t('events.addFirst')}</Button>
                )
              }
            />
          }
        />
      )}

      {user && (
        <Suspense fallback={null}>
          <EventFormDialog open={adding} onOpenChange={setAdding} disciplineId={discipline.id} />
        </Suspense>
      )}
    </div>
  );
}
