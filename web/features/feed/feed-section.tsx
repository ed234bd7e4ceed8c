import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { contentPath } from '../../../common/content-basics.ts';
import { feedItemKey, type FeedItem, type FeedReason } from '../../../common/feed.ts';
import { Avatar, TeamLogo } from '../../components/ui/avatar.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { EmptyList } from '../../components/ui/paged-list.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFormatDate, useLocalizedName, useRelativeTime } from '../../lib/localized.ts';
import { useDurationText } from '../sessions/index.ts';
import { useFeed } from './feed.api.ts';
import { FeedSkeleton } from './feed-skeleton.tsx';

/** The signed-in user's feed on the home page; loaded on demand, so visitors never download it. */
export default function FeedSection() {
  const { t } = useTranslation();
  const feed = useFeed();
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="feed-title" className="bg-slate-50" data-testid="feed">
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h2 id="feed-title" className="text-3xl font-bold">
          {t('feed.title')}
        </h2>
        <p className="mt-2 text-slate-600">{t('feed.subtitle')}</p>
        <div className="mt-6">
          {feed.isLoading ? (
            <FeedSkeleton />
          ) : feed.isError && items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center" role="alert">
              <p className="text-slate-700">{t('feed.loadError')}</p>
              <Button variant="outline" onClick={() => void feed.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <EmptyList
              icon="🧭"
              title={t('feed.emptyTitle')}
              text={t('feed.emptyText')}
              testId="feed-empty"
              action={
                <a href="#categories" className={buttonClass()}>
                  {t('feed.emptyAction')}
                </a>
              }
            />
          ) : (
            <>
              <ul className="space-y-4">
                {items.map((item) => (
                  <li key={feedItemKey(item)}>
                    <FeedCard item={item} />
                  </li>
                ))}
              </ul>
              {feed.hasNextPage && (
                <div className="mt-8 flex justify-center">
                  <Button variant="outline" size="lg" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
                    {feed.isFetchingNextPage && <Spinner className="h-4 w-4 border-2" />}
                    {t('feed.loadMore')}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function ReasonLine({ reason }: { reason: FeedReason }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const text =
    reason.type === 'discipline'
      ? t('feed.reason.discipline', { name: name(reason) })
      : reason.type === 'person'
        ? t('feed.reason.person', { name: reason.name })
        : t('feed.reason.team', { name: reason.name });
  return (
    <p className="text-xs font-medium text-slate-500" data-testid="feed-reason">
      {text}
    </p>
  );
}

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

function FeedCard({ item }: { item: FeedItem }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const formatDate = useFormatDate({ dateStyle: 'medium', timeStyle: 'short' });
  const time = (
    <time dateTime={item.createdAt} title={formatDate(item.createdAt)}>
      {relative(item.createdAt)}
    </time>
  );

  if (item.kind === 'member') {
    const teamPath = `/team/${encodeURIComponent(item.team.id)}`;
    return (
      <article className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="feed-item">
        <Link to={`/profile/${encodeURIComponent(item.member.id)}`} className="shrink-0" aria-label={item.member.name}>
          <Avatar person={item.member} />
        </Link>
        <div className="min-w-0 flex-1">
          <ReasonLine reason={item.reason} />
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span className={`${BADGE} bg-emerald-100 text-emerald-800`}>{t('feed.types.member')}</span>
          </div>
          <h3 className="mt-1 text-lg font-semibold">
            <Link to={teamPath} className="hover:text-brand-700 hover:underline">
              {t('feed.memberJoined', { name: item.member.name, team: item.team.name })}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-slate-500">{time}</p>
        </div>
        <Link to={teamPath} className="hidden shrink-0 sm:block" aria-hidden="true" tabIndex={-1}>
          <TeamLogo team={item.team} size="md" />
        </Link>
      </article>
    );
  }

  if (item.kind === 'session') return <SessionCard item={item} time={time} />;

  const upcoming = item.kind === 'upcoming_event';
  return (
    <article className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="feed-item">
      {item.author ? (
        <Link to={`/profile/${encodeURIComponent(item.author.id)}`} className="shrink-0" aria-label={item.author.name}>
          <Avatar person={item.author} />
        </Link>
      ) : (
        <Avatar person={{ name: '?', avatarUrl: null }} />
      )}
      <div className="min-w-0 flex-1">
        <ReasonLine reason={item.reason} />
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className={`${BADGE} bg-brand-100 text-brand-700`}>{t(`feed.types.${item.type}`)}</span>
          {upcoming && <span className={`${BADGE} bg-amber-100 text-amber-800`}>{t('feed.upcoming')}</span>}
        </div>
        <h3 className="mt-1 text-lg font-semibold break-words">
          <Link dir="auto" to={contentPath(item.type, item.disciplineId, item.id)} className="hover:text-brand-700 hover:underline">
            {item.title}
          </Link>
        </h3>
        {item.excerpt && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{item.excerpt}</p>}
        <p className="mt-2 text-sm text-slate-500">
          {item.author && (
            <span dir="auto" className="font-medium text-slate-700">
              {item.author.name}
            </span>
          )}
          {item.author && ' · '}
          {upcoming ? t('feed.startsOn', { date: formatDate(item.startDate) }) : time}
        </p>
      </div>
      {item.imageUrl && <img src={item.imageUrl} alt="" loading="lazy" className="hidden h-20 w-20 shrink-0 rounded-lg object-cover sm:block" />}
    </article>
  );
}

/** A followed rider's session: where, how long, the tricks landed and their note. */
function SessionCard({ item, time }: { item: Extract<FeedItem, { kind: 'session' }>; time: ReactNode }) {
  const { t } = useTranslation();
  const duration = useDurationText();
  return (
    <article className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="feed-item">
      <Link to={`/profile/${encodeURIComponent(item.author.id)}`} className="shrink-0" aria-label={item.author.name}>
        <Avatar person={item.author} />
      </Link>
      <div className="min-w-0 flex-1">
        <ReasonLine reason={item.reason} />
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className={`${BADGE} bg-sky-100 text-sky-800`}>{t('feed.types.session')}</span>
        </div>
        <h3 className="mt-1 text-lg font-semibold break-words">
          <Link dir="auto" to={contentPath('place', item.disciplineId, item.place.id)} className="hover:text-brand-700 hover:underline">
            {t('feed.sessionAt', { name: item.author.name, place: item.place.name })}
          </Link>
        </h3>
        {item.tricks.length > 0 && (
          <p className="mt-1 text-sm text-slate-700">{t('sessionLog.landed', { tricks: item.tricks.map((x) => x.name).join(', ') })}</p>
        )}
        {item.excerpt && (
          <p dir="auto" className="mt-1 line-clamp-2 text-sm text-slate-600">
            {item.excerpt}
          </p>
        )}
        <p className="mt-2 text-sm text-slate-500">
          {item.durationMinutes !== null && `${duration(item.durationMinutes)} · `}
          {time}
        </p>
      </div>
      {item.imageUrl && <img src={item.imageUrl} alt="" loading="lazy" className="hidden h-20 w-20 shrink-0 rounded-lg object-cover sm:block" />}
    </article>
  );
}
