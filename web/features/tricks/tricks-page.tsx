import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLocation, useParams } from 'react-router';
import { contentPath } from '../../../common/content-basics.ts';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { TRICK_LEVELS } from '../../../common/tricks-basics.ts';
import type { Trick } from '../../../common/tricks.ts';
import { SectionHeader } from '../../components/content/section-header.tsx';
import { StatusBadge } from '../../components/content/status-badge.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyList, PagedList } from '../../components/ui/paged-list.tsx';
import { FilterForm, FilterSelect, SearchBox } from '../../components/ui/search-box.tsx';
import { filterHref, usePagedResults, useTextFilter, useUrlFilters } from '../../lib/list-state.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { formatCount, formatRating } from '../../lib/intl.ts';
import { useLoginGate } from '../../lib/use-login-gate.ts';
import { useMe } from '../../lib/session.ts';
import { DisciplineSection } from '../disciplines/index.ts';
import { CommentCount, LikeButton, Stars } from '../reactions/index.ts';
import { DifficultyBadge, TrickLevelBadge } from './trick-badges.tsx';
import { trickFiltersFrom, useTrickList } from './tricks.api.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';

const TrickFormDialog = lazyNamed(() => import('./trick-form-dialog.tsx'), 'TrickFormDialog');


/** /discipline/:disciplineId/tricktionary: tricks explained step by step, searched and filtered by level. */
export default function TricksPage() {
  const { disciplineId = '' } = useParams();
  const { t } = useTranslation();
  return (
    <DisciplineSection disciplineId={disciplineId} section="tricktionary" description={(d) => t('tricks.metaDescription', { discipline: d })}>
      {(hub) => <TricksBrowser key={hub.id} discipline={hub} />}
    </DisciplineSection>
  );
}

function TricksBrowser({ discipline }: { discipline: DisciplineHub }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const gate = useLoginGate();
  const { user } = useMe();
  const filters = useUrlFilters();
  const { pathname } = useLocation();
  const search = useTextFilter(filters, 'q');
  const listFilters = trickFiltersFrom(filters.params);
  const { q, level } = listFilters;
  const [adding, setAdding] = useState(false);

  const list = useTrickList(discipline.id, listFilters);
  const { items: tricks, countText, failed } = usePagedResults(list, t('tricks.toast.fetchError'));
  const filtered = Boolean(q || level);
  const disciplineName = name(discipline);
  const openAdd = () => gate(t('content.loginToContribute'), () => setAdding(true));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <SectionHeader
        discipline={discipline}
        title={t('nav.tricktionary')}
        subtitle={t('tricks.subtitle', { discipline: disciplineName })}
        action={
          <Button onClick={openAdd} data-testid="add-trick">
            <span aria-hidden="true">＋</span>
            {t('tricks.addTrick')}
          </Button>
        }
      />

      <FilterForm onApply={filters.applyForm} className="mt-8 flex flex-wrap items-center gap-3">
        <SearchBox label={t('tricks.searchLabel')} placeholder={t('tricks.searchPlaceholder')} value={search.text} onChange={search.setText} testId="tricks-search" />
        <FilterSelect
          label={t('tricks.levelFilter')}
          name="level"
          value={level}
          onChange={(value) => filters.setParam('level', value)}
          anyLabel={t('tricks.allLevels')}
          options={TRICK_LEVELS.map((l) => ({ value: l, label: t(`tricks.level.${l}`) }))}
          testId="tricks-level"
        />
      </FilterForm>

      <PagedList
        query={list}
        items={tricks}
        countText={failed ? undefined : countText('tricks.resultCount')}
        loadMoreLabel={t('tricks.loadMore')}
        renderItem={(trick) => <TrickCard trick={trick} />}
        empty={
          <EmptyList
            testId="tricks-empty"
            icon={filtered ? '🔎' : '🎯'}
            title={filtered ? t('tricks.noMatchTitle') : t('tricks.emptyTitle')}
            text={filtered ? t('tricks.noMatchText') : t('tricks.emptyText', { discipline: disciplineName })}
            action={
              filtered ? (
                <ButtonLink variant="outline" to={filterHref(pathname, filters.params, { q: '', level: '' })} replace onClick={() => search.setText('')}>
                  {t('tricks.clearFilters')}
                </ButtonLink>
              ) : (
                <Button onClick={openAdd}>{t('tricks.addFirst')}</Button>
              )
            }
          />
        }
      />

      {user && (
        <Suspense fallback={null}>
          <TrickFormDialog open={adding} onOpenChange={setAdding} disciplineId={discipline.id} />
        </Suspense>
      )}
    </div>
  );
}

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
      <h2 dir="auto" className="text-lg leading-snug font-bold break-words text-slate-900">{trick.name}</h2>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Stars value={trick.rating.average} label={trick.rating.average === null ? t('content.noRatings') : t('content.ratingSummary', { average: formatRating(language, trick.rating.average), count: trick.rating.count })} />
        <span>{trick.rating.average === null ? t('content.noRatings') : `${formatRating(language, trick.rating.average)} (${formatCount(language, trick.rating.count)})`}</span>
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
        <div className="flex items-center gap-1">
          <LikeButton type="trick" id={trick.id} reactions={trick.reactions} name={trick.name} />
          <CommentCount count={trick.reactions.comments} />
        </div>
        <ButtonLink to={contentPath('trick', trick.disciplineId, trick.id)} size="sm" data-testid="trick-learn">
          {t('tricks.learn')}
          <span className="sr-only">: {trick.name}</span>
        </ButtonLink>
      </div>
    </article>
  );
}
