import { useTranslation } from '../../lib/i18n-binding.tsx';
import { SUGGESTED_TEAM_TYPES } from '../../../common/teams-basics.ts';
import type { TeamSummary } from '../../../common/teams.ts';

const badge = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** Pro and Amateur have their own colours (and translations); any other type is shown as typed, neutral. */
export function TypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  const known = SUGGESTED_TEAM_TYPES.find((k) => k.toLowerCase() === type.trim().toLowerCase());
  const colour = known === 'Pro' ? 'bg-violet-100 text-violet-800' : known === 'Amateur' ? 'bg-sky-100 text-sky-800' : 'bg-slate-100 text-slate-700';
  return (
    <span className={`${badge} ${colour}`} data-testid="team-type">
      {known ? t(`teams.types.${known}`) : type}
    </span>
  );
}

export function PrivacyBadge({ isPrivate }: { isPrivate: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`${badge} ${isPrivate ? 'bg-slate-800 text-white' : 'bg-emerald-100 text-emerald-800'}`}>
      <span aria-hidden="true">{isPrivate ? '🔒' : '🌐'}</span>
      {isPrivate ? t('teams.private') : t('teams.public')}
    </span>
  );
}

export function StatusBadge({ status }: { status: TeamSummary['status'] }) {
  const { t } = useTranslation();
  if (status === 'approved') return null;
  return (
    <span className={`${badge} ${status === 'pending' ? 'bg-amber-100 text-amber-900' : 'bg-red-100 text-red-800'}`}>
      {status === 'pending' ? t('teams.status.pending') : t('teams.status.rejected')}
    </span>
  );
}
