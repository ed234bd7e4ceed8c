import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { ATHLETE_LEVELS } from '../../../common/profiles-basics.ts';
import type { Athlete } from '../../../common/profiles.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { SectionResults } from '../../components/content/section-browser.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { LevelBadge } from '../../components/ui/level-badge.tsx';
import { BackLink, FilterForm, FilterSelect, SearchBox } from '../../components/ui/search-box.tsx';
import { useFormatNumber, useLocalizedName } from '../../lib/localized.ts';
import { usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { disciplineSectionPage } from '../disciplines/index.ts';
import { athleteFiltersFrom, useAthleteList } from './athletes.api.ts';

function AthletesBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const filters = useUrlFilters();
  const { setParam } = filters;
  const { pathname } = useLocation();
  const search = useTextFilter(filters, 'q');
  const listFilters = athleteFiltersFrom(filters.params);
  const { q, level } = listFilters;

  const list = useAthleteList(discipline.id, listFilters);
  const results = usePagedResults(list, t('athletes.fetchError'));
  const disciplineName = name(discipline);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <BackLink to={`/discipline/${discipline.id}`}>{t('discipline.backToHub', { discipline: disciplineName })}</BackLink>
      <div className="mt-4">
        <h1 className="flex items-center gap-3 text-3xl font-extrabold">
          <span aria-hidden="true">{discipline.icon}</span>
          {t('nav.athletes')}
        </h1>
        <p className="mt-1 text-slate-600">{t('athletes.subtitle', { discipline: disciplineName })}</p>
      </div>

      <FilterForm onApply={filters.applyForm} className="mt-8 flex flex-wrap gap-3">
        <SearchBox
          label={t('athletes.searchLabel')}
          placeholder={t('athletes.searchPlaceholder')}
          value={search.text}
          onChange={search.setText}
          testId="athletes-search"
        />
        <FilterSelect
          label={t('athletes.levelLabel')}
          name="level"
          value={level ?? ''}
          onChange={(value) => setParam('level', value)}
          anyLabel={t('athletes.anyLevel')}
          options={ATHLETE_LEVELS.map((value) => ({ value, label: t(`athletes.level.${value}`) }))}
        />
      </FilterForm>

      <SectionResults
        section="athletes"
        list={list}
        results={results}
        renderItem={(item) => <AthleteCard athlete={item} />}
        filtered={Boolean(q || level)}
        clear={{ to: pathname, label: t('athletes.clearFilters'), onClick: () => search.setText('') }}
        empty={{
          icon: '🏄',
          text: t('athletes.emptyText', { discipline: disciplineName }),
          action: <ButtonLink to={`/discipline/${discipline.id}`}>{t('athletes.followCta', { discipline: disciplineName })}</ButtonLink>,
        }}
      />
    </div>
  );
}

/** /discipline/:disciplineId/athletes: the people who follow the discipline. */
export default disciplineSectionPage('athletes', 'athletes.metaDescription', AthletesBrowser);

/** Spec §3 Athlete card: the whole card links to the person's profile. */
function AthleteCard({ athlete }: { athlete: Athlete }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const formatNumber = useFormatNumber();
  return (
    <article
      className="relative flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md has-[a[data-card-link]:focus-visible]:ring-2 has-[a[data-card-link]:focus-visible]:ring-brand-600"
      data-testid="athlete-card"
    >
      <div className="flex items-center gap-4">
        <Avatar person={athlete} size="md" />
        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-bold text-slate-900">
            <Link
              to={`/profile/${athlete.id}`}
              dir="auto"
              data-card-link
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {athlete.name}
            </Link>
          </h2>
          <LevelBadge level={athlete.level} />
          {athlete.location && (
            <p className="mt-1 truncate text-sm text-slate-600">
              <span aria-hidden="true" className="me-1">
                📍
              </span>
              <bdi>{athlete.location}</bdi>
            </p>
          )}
        </div>
      </div>
      {athlete.disciplines.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('athletes.disciplines')}>
          {athlete.disciplines.map((d) => (
            <li key={d.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              <span aria-hidden="true" className="me-1">
                {d.icon}
              </span>
              {name(d)}
            </li>
          ))}
        </ul>
      )}
      {athlete.achievements.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-700" aria-label={t('athletes.achievements')}>
          {athlete.achievements.map((a, i) => (
            <li key={i} className="flex gap-2">
              <span aria-hidden="true">🏆</span>
              <span dir="auto" className="line-clamp-1">
                {a}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-auto border-t border-slate-100 pt-3 text-sm text-slate-600">
        <span aria-hidden="true" className="me-1">
          👥
        </span>
        {t('athletes.followers', { count: athlete.followers, formatted: formatNumber(athlete.followers) })}
      </p>
    </article>
  );
}
