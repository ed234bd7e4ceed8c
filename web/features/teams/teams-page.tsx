import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation, useNavigate, useParams } from 'react-router';
import { SUGGESTED_TEAM_TYPES } from '../../../common/teams-basics.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionResults } from '../../components/content/section-browser.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { BackLink, FilterForm, SearchBox, searchFieldClass, useTypedBeforeScripts } from '../../components/ui/search-box.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { notify } from '../../lib/toast.ts';
import { usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useMe } from '../../lib/session.ts';
import { DisciplineSection } from '../disciplines/index.ts';
import { TeamCard } from './team-card.tsx';
import { teamFiltersFrom, useTeamList } from './teams.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const CreateTeamDialog = lazyNamed(() => import('./create-team-dialog.tsx'), 'CreateTeamDialog');

/** /teams (every team) and /discipline/:disciplineId/teams (the teams of one discipline). */
export default function TeamsPage() {
  const { disciplineId } = useParams();
  return disciplineId ? <DisciplineTeamsPage disciplineId={disciplineId} /> : <AllTeamsPage />;
}

function AllTeamsPage() {
  const { t } = useTranslation();
  usePageMeta(t('nav.teams'), t('teams.metaDescription'));
  return <TeamsBrowser />;
}

function DisciplineTeamsPage({ disciplineId }: { disciplineId: string }) {
  const { t } = useTranslation();
  return (
    <DisciplineSection disciplineId={disciplineId} section="teams" description={(d) => t('teams.metaDescriptionDiscipline', { discipline: d })}>
      {(hub) => <TeamsBrowser key={hub.id} discipline={hub} />}
    </DisciplineSection>
  );
}

const PRIVACY = ['public', 'private'] as const;
type Privacy = (typeof PRIVACY)[number];

/**
 * Without scripts the filters panel cannot be opened, so it shows until they run. Apart from the
 * browser, so that only the panel redraws once the page is hydrated, not the list.
 */
function FiltersPanel({ id, open, children }: { id: string; open: boolean; children: ReactNode }) {
  return (
    <div id={id} hidden={useHydrated() && !open} className="basis-full mt-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {children}
    </div>
  );
}

function TeamsBrowser({ discipline }: { discipline?: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const navigate = useNavigate();
  const ids = useId();
  const { user, isLoading: meLoading } = useMe();
  const [creating, setCreating] = useState(false);
  const url = useUrlFilters();
  const { params, setParam } = url;
  const { pathname } = useLocation();

  // Filters live in the address, so a filtered list can be shared and survives the back button.
  const search = useTextFilter(url, 'q');
  const location = useTextFilter(url, 'location');
  const locationInput = useTypedBeforeScripts(location.text, location.setText);
  const filters = teamFiltersFrom(params, discipline?.id);
  const type = filters.type ?? '';
  const privacy: Privacy | '' = filters.privacy ?? '';
  const q = filters.q?.trim() ?? '';
  const place = filters.location?.trim() ?? '';
  const [filtersOpen, setFiltersOpen] = useState(Boolean(type || privacy || place));

  const list = useTeamList(filters);
  // Spec §8: 'Error fetching teams'; the list stays empty.
  const results = usePagedResults(list, t('teams.toast.fetchError'));
  const activeFilters = [type, privacy, place].filter(Boolean).length;
  const searching = Boolean(q) || activeFilters > 0;

  const openCreate = () => {
    if (meLoading) return;
    if (!user) {
      notify('error', t('teams.toast.authRequired'), t('teams.toast.loginToCreate'));
      void navigate('/login');
      return;
    }
    setCreating(true);
  };

  // The link to the unfiltered list does the rest.
  const clearFilters = () => {
    search.setText('');
    location.setText('');
  };

  const disciplineName = discipline ? name(discipline) : '';
  const selectClass = `${searchFieldClass} px-3`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {discipline && <BackLink to={`/discipline/${discipline.id}`}>{t('discipline.backToHub', { discipline: disciplineName })}</BackLink>}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-3xl font-extrabold">
            <span aria-hidden="true">{discipline?.icon ?? '👥'}</span>
            {t('nav.teams')}
          </h1>
          <p className="mt-1 text-slate-600">{discipline ? t('teams.subtitleDiscipline', { discipline: disciplineName }) : t('teams.subtitle')}</p>
        </div>
        <Button onClick={openCreate} data-testid="create-team">
          <span aria-hidden="true">＋</span>
          {t('teams.createTeam')}
        </Button>
      </div>

      <FilterForm onApply={url.applyForm} className="mt-8 flex flex-wrap gap-3">
        <SearchBox label={t('teams.searchLabel')} placeholder={t('teams.searchPlaceholder')} value={search.text} onChange={search.setText} />
        <Button variant="outline" aria-expanded={filtersOpen} aria-controls={`${ids}-filters`} onClick={() => setFiltersOpen((open) => !open)}>
          <span aria-hidden="true">⚙️</span>
          {t('common.filter')}
          {activeFilters > 0 && (
            <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">
              <span className="sr-only">{t('teams.filters.active', { count: activeFilters })}</span>
              <span aria-hidden="true">{activeFilters}</span>
            </span>
          )}
        </Button>

        <FiltersPanel id={`${ids}-filters`} open={filtersOpen}>
          <fieldset>
            <legend className="sr-only">{t('common.filter')}</legend>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.5fr_auto] lg:items-end">
              <div className="space-y-1">
                <label htmlFor={`${ids}-type`} className="block text-sm font-medium text-slate-700">
                  {t('teams.filters.type')}
                </label>
                <select
                  key={type}
                  id={`${ids}-type`}
                  name="type"
                  defaultValue={type}
                  onChange={(e) => setParam('type', e.target.value)}
                  className={selectClass}
                >
                  <option value="">{t('teams.filters.anyType')}</option>
                  {SUGGESTED_TEAM_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {t(`teams.types.${value}`)}
                    </option>
                  ))}
                  {type && !(SUGGESTED_TEAM_TYPES as readonly string[]).includes(type) && <option value={type}>{type}</option>}
                </select>
              </div>
              <div className="space-y-1">
                <label htmlFor={`${ids}-privacy`} className="block text-sm font-medium text-slate-700">
                  {t('teams.filters.privacy')}
                </label>
                <select
                  key={privacy}
                  id={`${ids}-privacy`}
                  name="privacy"
                  defaultValue={privacy}
                  onChange={(e) => setParam('privacy', e.target.value)}
                  className={selectClass}
                >
                  <option value="">{t('teams.filters.anyPrivacy')}</option>
                  <option value="public">{t('teams.public')}</option>
                  <option value="private">{t('teams.private')}</option>
                </select>
              </div>
              <div className="space-y-1">
                <label htmlFor={`${ids}-location`} className="block text-sm font-medium text-slate-700">
                  {t('teams.filters.location')}
                </label>
                <input
                  ref={locationInput}
                  id={`${ids}-location`}
                  name="location"
                  type="text"
                  value={location.text}
                  maxLength={120}
                  onChange={(e) => location.setText(e.target.value)}
                  placeholder={t('teams.filters.locationPlaceholder')}
                  className={selectClass}
                />
              </div>
              <ButtonLink variant="ghost" to={pathname} replace onClick={clearFilters}>
                {t('teams.filters.clear')}
              </ButtonLink>
            </div>
          </fieldset>
        </FiltersPanel>
      </FilterForm>

      <SectionResults
        section="teams"
        list={list}
        results={results}
        renderItem={(item) => <TeamCard team={item} />}
        filtered={searching}
        clear={{ to: pathname, label: t('teams.filters.clear'), onClick: clearFilters }}
        empty={{
          icon: '🏁',
          text: discipline ? t('teams.emptyTextDiscipline', { discipline: disciplineName }) : t('teams.emptyText'),
          action: <Button onClick={openCreate}>{t('teams.createFirst')}</Button>,
        }}
      />

      {creating && (
        <Suspense fallback={null}>
          <CreateTeamDialog open onOpenChange={setCreating} disciplineId={discipline?.id} />
        </Suspense>
      )}
    </div>
  );
}
