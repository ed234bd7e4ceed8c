import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import type { TeamSummary } from '../../../common/teams.ts';
import { useFormatDate, useLocalizedName } from '../../lib/localized.ts';
import { PrivacyBadge, StatusBadge, TypeBadge } from './team-visuals.tsx';
import { TeamBanner, TeamLogo } from '../../components/ui/avatar.tsx';

/** Spec §2 Teams: the whole card links to the team; the leader's name links to their profile. */
export function TeamCard({ team }: { team: TeamSummary }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const year = useFormatDate({ year: 'numeric' });
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md has-[a[data-card-link]:focus-visible]:ring-2 has-[a[data-card-link]:focus-visible]:ring-brand-600"
      data-testid="team-card"
    >
      <TeamBanner team={team} className="h-24" />
      <div className="flex flex-1 flex-col gap-3 px-5 pb-5">
        <div className="-mt-8 flex items-end justify-between gap-2">
          <TeamLogo team={team} className="ring-4 ring-white" />
          <div className="flex flex-wrap justify-end gap-1.5 pb-1">
            <TypeBadge type={team.type} />
            <PrivacyBadge isPrivate={team.isPrivate} />
          </div>
        </div>
        <div>
          <h2 className="text-lg leading-snug font-bold text-slate-900">
            <Link to={`/team/${team.id}`} dir="auto" data-card-link className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
              {team.name}
            </Link>
          </h2>
          <StatusBadge status={team.status} />
          {(team.location || team.foundedDate) && (
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
              {team.location && (
                <span>
                  <span aria-hidden="true" className="me-1">
                    📍
                  </span>
                  <bdi>{team.location}</bdi>
                </span>
              )}
              {team.foundedDate && <span>{t('teams.foundedYear', { year: year(team.foundedDate) })}</span>}
            </p>
          )}
        </div>
        {team.description && (
          <p dir="auto" className="line-clamp-2 text-start text-sm text-slate-700">
            {team.description}
          </p>
        )}
        {team.disciplines.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('teams.disciplines')}>
            {team.disciplines.map((d) => (
              <li key={d.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                <span aria-hidden="true" className="me-1">
                  {d.icon}
                </span>
                {name(d)}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
          <span className="text-slate-600">
            {t('teams.ledBy')}{' '}
            <Link to={`/profile/${team.leader.id}`} dir="auto" className="relative z-10 font-semibold text-brand-700 hover:underline">
              {team.leader.name}
            </Link>
          </span>
          <span className="text-slate-600">
            <span aria-hidden="true" className="me-1">
              👥
            </span>
            {t('teams.memberCount', { count: team.memberCount })}
          </span>
        </div>
      </div>
    </article>
  );
}
