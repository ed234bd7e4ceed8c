import { useLocation, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import type { Session } from '../../../common/sessions.ts';
import type { SessionStats } from '../../../common/session-stats.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { ListSection } from '../../components/ui/list-section.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDisciplines } from '../../lib/disciplines.ts';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useFormatDate, useFormatNumber, useLocalizedName } from '../../lib/localized.ts';
import { useDurationText } from './session-format.ts';
import { SessionPhotos } from './session-photos.tsx';
import { sessionLogPageFrom, useSessionLog, useSessionStats } from './session-stats.api.ts';

/**
 * A profile's "Sessions" part (issue 20, item 1): the figures, sessions per week, the disciplines
 * and spots, and the log, paged by links (`?sessions=N`) that work without scripts. Only what the
 * viewer may see is counted (the API's rule).
 */
export function ProfileSessions({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const stats = useSessionStats(userId);
  return (
    <section aria-labelledby="sessions-title" className="space-y-6" data-testid="profile-sessions">
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t('sessionLog.title')}
      </h2>
      {stats.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : !stats.data ? (
        <p className="text-slate-600">{t('sessionLog.loadError')}</p>
      ) : stats.data.totals.sessions === 0 ? (
        <p className="text-slate-600">{t('sessionLog.empty')}</p>
      ) : (
        <>
          <StatTiles stats={stats.data} />
          <WeeksChart weeks={stats.data.lastWeeks} />
          <div className="grid gap-6 md:grid-cols-2">
            <Breakdowns stats={stats.data} />
          </div>
          <SessionLog userId={userId} />
        </>
      )}
    </section>
  );
}

function StatTiles({ stats }: { stats: SessionStats }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const tiles = [
    ['streak', number(stats.streakDays)],
    ['sessions', number(stats.totals.sessions)],
    ['hours', number(stats.totals.hours)],
    ['spots', number(stats.totals.spots)],
    ['tricks', number(stats.totals.tricksLanded)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {tiles.map(([id, value]) => (
        <div key={id} className="rounded-xl bg-white p-3 shadow-sm">
          <dt className="text-sm text-slate-500">{t(`sessionLog.tiles.${id}Label`)}</dt>
          <dd className="text-2xl font-bold" data-testid={`sessions-${id}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Bars in a row that follows the page's direction; one summary for screen readers. */
function WeeksChart({ weeks }: { weeks: SessionStats['lastWeeks'] }) {
  const { t } = useTranslation();
  const formatDay = useFormatDate({ day: 'numeric', month: 'short' });
  const most = Math.max(1, ...weeks.map((w) => w.sessions));
  const summary = weeks.map((w) => t('sessionLog.chart.week', { date: formatDay(w.week), count: w.sessions })).join(', ');
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-medium text-slate-700">{t('sessionLog.chart.title')}</figcaption>
      <div role="img" aria-label={summary} className="flex h-24 items-end gap-1 rounded-xl bg-white p-3 shadow-sm" data-testid="sessions-chart">
        {weeks.map((w) => (
          <div
            key={w.week}
            aria-hidden="true"
            className="flex-1 rounded-t bg-brand-500"
            style={{ height: `${Math.max(2, (w.sessions / most) * 100)}%`, opacity: w.sessions ? 1 : 0.25 }}
          />
        ))}
      </div>
    </figure>
  );
}

/** A discipline's name in the active language, from the catalogue the page's loader read. */
function useDisciplineName() {
  const name = useLocalizedName();
  const { data: disciplines } = useDisciplines();
  return (id: string) => {
    const found = disciplines?.find((d) => d.id === id);
    return found ? name(found) : id;
  };
}

function Breakdowns({ stats }: { stats: SessionStats }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const disciplineName = useDisciplineName();
  const figures = (sessions: number, hours: number) => t('sessionLog.figures', { sessions: number(sessions), hours: number(hours), count: sessions });
  return (
    <>
      <ListSection title={t('sessionLog.byDiscipline')} isEmpty={stats.byDiscipline.length === 0} emptyText={t('sessionLog.empty')}>
        <ul className="space-y-1" data-testid="sessions-by-discipline">
          {stats.byDiscipline.map((d) => (
            <li key={d.disciplineId} className="flex justify-between gap-3 text-sm">
              <Link to={`/discipline/${encodeURIComponent(d.disciplineId)}`} className="font-medium hover:underline">
                {disciplineName(d.disciplineId)}
              </Link>
              <span className="text-slate-600">{figures(d.sessions, d.hours)}</span>
            </li>
          ))}
        </ul>
      </ListSection>
      <ListSection title={t('sessionLog.bySpot')} isEmpty={stats.bySpot.length === 0} emptyText={t('sessionLog.empty')}>
        <ul className="space-y-1" data-testid="sessions-by-spot">
          {stats.bySpot.map((s) => (
            <li key={s.place.id} className="flex justify-between gap-3 text-sm">
              <Link dir="auto" to={contentPath('place', s.place.disciplineId, s.place.id)} className="font-medium hover:underline">
                {s.place.name}
              </Link>
              <span className="text-slate-600">{figures(s.sessions, s.hours)}</span>
            </li>
          ))}
        </ul>
      </ListSection>
    </>
  );
}

function SessionLog({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const page = sessionLogPageFrom(search);
  const log = useSessionLog(userId, page);
  const items = log.data?.items ?? [];
  const last = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-800">{t('sessionLog.log')}</h3>
      {log.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">{t('sessionLog.empty')}</p>
      ) : (
        <ol className={`space-y-3 ${log.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`} data-testid="sessions-log">
          {items.map((session) => (
            <li key={session.id}>
              <SessionEntry session={session} />
            </li>
          ))}
        </ol>
      )}
      <nav aria-label={t('sessionLog.pages')} className="flex items-center justify-between gap-3">
        {page > 1 ? <PageLink page={page - 1} label={t('sessionLog.newer')} /> : <span />}
        {(log.data?.totalCapped || page < last) && items.length > 0 && <PageLink page={page + 1} label={t('sessionLog.older')} />}
      </nav>
    </div>
  );
}

function PageLink({ page, label }: { page: number; label: string }) {
  const { pathname, search } = useLocation();
  const next = new URLSearchParams(search);
  if (page > 1) next.set('sessions', String(page));
  else next.delete('sessions');
  const query = next.toString();
  return (
    <Link
      to={`${pathname}${query ? `?${query}` : ''}`}
      preventScrollReset
      className={buttonClass({ variant: 'outline', size: 'sm' })}
      data-testid={`sessions-page-${page}`}
    >
      {label}
    </Link>
  );
}

function SessionEntry({ session }: { session: Session }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate({ dateStyle: 'medium', timeStyle: 'short' });
  const duration = useDurationText();
  const disciplineName = useDisciplineName();
  return (
    <article className="rounded-xl bg-white p-4 shadow-sm" data-testid="session-entry">
      <p className="font-semibold">
        <Link dir="auto" to={contentPath('place', session.disciplineId, session.place.id)} className="hover:text-brand-700 hover:underline">
          {session.place.name}
        </Link>
      </p>
      <p className="text-sm text-slate-600">
        {disciplineName(session.disciplineId)}
        {' · '}
        <time dateTime={session.startedAt}>{formatDate(session.startedAt)}</time>
        {' · '}
        {session.durationMinutes === null ? t('sessionLog.ongoing') : duration(session.durationMinutes)}
        {session.visibility !== 'public' && ` · ${t(`sessionLog.visibility.${session.visibility}`)}`}
      </p>
      {session.note && (
        <p dir="auto" className="mt-2 text-slate-700">
          {session.note}
        </p>
      )}
      {session.tricks.length > 0 && (
        <p className="mt-2 text-sm text-slate-700">{t('sessionLog.landed', { tricks: session.tricks.map((x) => x.name).join(', ') })}</p>
      )}
      {session.companions.length > 0 && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>{t('sessionLog.with')}</span>
          {session.companions.map((c) => (
            <Link key={c.id} to={`/profile/${encodeURIComponent(c.id)}`} className="inline-flex items-center gap-1 hover:underline">
              <Avatar person={c} size="sm" />
              {c.name}
            </Link>
          ))}
        </div>
      )}
      <div className="mt-2 space-y-2">
        <SessionPhotos session={session} />
      </div>
    </article>
  );
}
