import { useTranslation } from '../../lib/i18n-binding.tsx';
import { difficultyBand, type DifficultyBand, type TrickLevel } from '../../../common/tricks-basics.ts';

const LEVEL_CLASS: Record<TrickLevel, string> = {
  Beginner: 'bg-sky-100 text-sky-800',
  Intermediate: 'bg-violet-100 text-violet-800',
  Advanced: 'bg-slate-900 text-white',
};

const BAND_CLASS: Record<DifficultyBand, string> = {
  easy: 'bg-emerald-100 text-emerald-800',
  medium: 'bg-orange-100 text-orange-800',
  hard: 'bg-red-100 text-red-800',
};

/** Beginner, Intermediate or Advanced. */
export function TrickLevelBadge({ level }: { level: TrickLevel }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${LEVEL_CLASS[level]}`} data-testid="trick-level">
      {t(`tricks.level.${level}`)}
    </span>
  );
}

/** 'n/10', green, orange or red by difficulty band; the band is also spelled out for screen readers. */
export function DifficultyBadge({ difficulty }: { difficulty: number }) {
  const { t } = useTranslation();
  const band = difficultyBand(difficulty);
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${BAND_CLASS[band]}`}
      title={t(`tricks.band.${band}`)}
      data-testid="trick-difficulty"
      data-band={band}
    >
      <span className="sr-only">{t('tricks.difficultyLabel')}: </span>
      <span dir="ltr">{t('tricks.difficultyValue', { n: difficulty })}</span>
      <span className="sr-only"> ({t(`tricks.band.${band}`)})</span>
    </span>
  );
}
