import { useTranslation } from '../../lib/i18n-binding.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { TRICK_LEVELS } from '../../../common/tricks-basics.ts';
import type { Trick } from '../../../common/tricks.ts';
import { SectionBrowser } from '../../components/content/section-browser.tsx';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { FilterSelect } from '../../components/ui/search-box.tsx';
import { useUrlFilters } from '../../lib/list-state.ts';
import { formatCount, formatRating } from '../../lib/intl.ts';
import { useMe } from '../../lib/session.ts';
import { disciplineSectionPage } from '../disciplines/index.ts';
import { CardReactions, Stars } from '../reactions/index.ts';
import { DifficultyBadge, TrickLevelBadge } from './trick-badges.tsx';
import { trickFiltersFrom, useTrickList } from './tricks.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const TrickFormDialog = lazyNamed(() => import('./trick-form-dialog.tsx'), 'TrickFormDialog');

function TricksBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const { user } = useMe();
  const filters = useUrlFilters();
  const listFilters = trickFiltersFrom(filters.params);
  const { q, level } = listFilters;
  const list = useTrickList(discipline.id, listFilters);
  return (
    <SectionBrowser
      section="tricks"
      discipline={discipline}
      filters={filters}
      filterFields={
        <FilterSelect
          label={t('tricks.levelFilter')}
          name="level"
          value={level}
          onChange={(value) => filters.setParam('level', value)}
          anyLabel={t('tricks.allLevels')}
          options={TRICK_LEVELS.map((l) => ({ value: l, label: t(`tricks.level.${l}`) }))}
          testId="tricks-level"
        />
      }
      list={list}
      renderItem={(trick) => <TrickCard trick={trick} />}
      clearable={{ q, level }}
      dialog={user ? (props) => <TrickFormDialog {...props} disciplineId={discipline.id} /> : null}
    />
  );
}

/** /discipline/:disciplineId/tricktionary: tricks explained step by step, searched and filtered by level. */
export default disciplineSectionPage('tricktionary', 'tricks.metaDescription', TricksBrowser);

function TrickCard({ trick }: { trick: Trick }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const shown = trick.steps.slice(0, 2);
  const more = trick.steps.length - shown.length;
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="trick-card">
      <div className="flex flex-wrap items-center gap-2">
        <TrickLevelBadge level={trick.level} />
        <DifficultyBadge difficulty={trick.difficulty} />
        <StatusBadge status={trick.status} />
        {trick.myProgress && (
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700" data-testid="trick-my-progress">
            {t(`tricks.progress.${trick.myProgress}`)}
          </span>
        )}
      </div>
      <h2 dir="auto" className="text-lg leading-snug font-bold break-words text-slate-900">
        {trick.name}
      </h2>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Stars
          value={trick.rating.average}
          label={
            trick.rating.average === null
              ? t('content.noRatings')
              : t('content.ratingSummary', { average: formatRating(language, trick.rating.average), count: trick.rating.count })
          }
        />
        <span>
          {trick.rating.average === null
            ? t('content.noRatings')
            : `${formatRating(language, trick.rating.average)} (${formatCount(language, trick.rating.count)})`}
        </span>
      </div>
      {trick.author && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Avatar person={trick.author} size="sm" />
          <span className="truncate">{t('content.byAuthor', { name: trick.author.name })}</span>
        </p>
      )}
      <ol className="list-inside list-decimal space-y-1 text-sm text-slate-700">
        {shown.map((step, i) => (
          <li key={i} className="break-words">
            {step}
          </li>
        ))}
      </ol>
      {more > 0 && <p className="text-sm font-medium text-slate-500">{t('tricks.moreSteps', { count: more })}</p>}
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <CardReactions type="trick" item={trick} name={trick.name} />
        <ButtonLink to={contentPath('trick', trick.disciplineId, trick.id)} size="sm" data-testid="trick-learn">
          {t('tricks.learn')}
          <span className="sr-only">: {trick.name}</span>
        </ButtonLink>
      </div>
    </article>
  );
}
