import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { AthleteLevel } from '../../../common/profiles-basics.ts';

/** Professional or Amateur, as set on the person's own profile; nothing when not set. */
export function LevelBadge({ level, className = '' }: { level: AthleteLevel | null; className?: string }) {
  const { t } = useTranslation();
  if (!level) return null;
  const colour = level === 'professional' ? 'bg-violet-100 text-violet-800' : 'bg-sky-100 text-sky-800';
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${colour} ${className}`} data-testid="athlete-level">
      {t(`athletes.level.${level}`)}
    </span>
  );
}
