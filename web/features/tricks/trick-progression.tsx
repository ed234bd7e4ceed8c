import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import { PROGRESS_STATES } from '../../../common/tricks-basics.ts';
import type { ProfileTrick } from '../../../common/tricks.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DifficultyBadge, TrickLevelBadge } from './trick-badges.tsx';
import { useProfileTricks } from './tricks.api.ts';

/** A person's tricks, landed and learning, each linking to its page; `own` words the empty state for oneself. */
export function TrickProgression({ userId, own = false }: { userId: string | undefined; own?: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useProfileTricks(userId);

  if (isLoading) return <Spinner className="h-6 w-6" label={t('common.loading')} />;
  if (isError) return <p className="text-slate-600">{t('tricks.toast.progressionError')}</p>;
  const items = data ?? [];
  if (items.length === 0) {
    return (
      <p className="text-slate-600" data-testid="trick-progression-empty">
        {own ? t('tricks.progression.emptyOwn') : t('tricks.progression.empty')}
      </p>
    );
  }

  // Landed first: what someone can do matters more than what they are working on.
  return (
    <div className="grid gap-6 md:grid-cols-2" data-testid="trick-progression">
      {[...PROGRESS_STATES].reverse().map((state) => {
        const group = items.filter((i) => i.state === state);
        return (
          <section key={state} data-testid={`trick-progression-${state}`}>
            <h3 className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
              <span aria-hidden="true">{state === 'landed' ? '✅' : '📚'}</span>
              {t(`tricks.progression.${state}`, { count: group.length })}
            </h3>
            {group.length === 0 ? (
              <p className="text-sm text-slate-500">{t(`tricks.progression.none.${state}`)}</p>
            ) : (
              <ul className="space-y-2">
                {group.map((item) => (
                  <ProgressionItem key={item.trickId} item={item} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function ProgressionItem({ item }: { item: ProfileTrick }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3 shadow-sm">
      <Link dir="auto" to={contentPath('trick', item.disciplineId, item.trickId)} className="min-w-0 font-medium break-words hover:text-brand-700">
        {item.name}
      </Link>
      <span className="flex items-center gap-1.5">
        <TrickLevelBadge level={item.level} />
        <DifficultyBadge difficulty={item.difficulty} />
      </span>
    </li>
  );
}
