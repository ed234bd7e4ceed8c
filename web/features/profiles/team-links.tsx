import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import type { PublicProfile } from '../../../common/profiles.ts';
import { TeamLogo } from '../../components/ui/avatar.tsx';

/** The teams a person belongs to, with a Leader mark where they lead. */
export function TeamLinks({ teams }: { teams: PublicProfile['teams'] }) {
  const { t } = useTranslation();
  if (!teams.length) return <p className="text-slate-600">{t('profile.relationships.noTeams')}</p>;
  return (
    <ul className="space-y-2">
      {teams.map((team) => (
        <li key={team.id}>
          <Link to={`/team/${team.id}`} className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm hover:bg-slate-50">
            <TeamLogo team={team} size="sm" />
            <span dir="auto" className="font-medium">
              {team.name}
            </span>
            {team.role === 'leader' && <span className="ms-auto text-xs font-semibold text-brand-700">{t('profile.relationships.leader')}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
