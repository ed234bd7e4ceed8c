import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { contentPath, type ContentType } from '../../../common/content-basics.ts';
import type { Activity } from '../../../common/profiles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useLocalizedName } from '../../lib/localized.ts';
import { useDisplayTimeZone } from '../../lib/use-hydrated.ts';
import { dateTimeFormat } from '../../lib/intl.ts';

type Target = Activity['target'];
const shared = (type: ContentType) => (target: Target) => contentPath(type, target.disciplineId ?? '', target.id);

const LINKS: Record<Activity['type'], (target: Target) => string> = {
  followed_discipline: (target) => `/discipline/${target.id}`,
  joined_team: (target) => `/team/${target.id}`,
  led_team: (target) => `/team/${target.id}`,
  followed_user: (target) => `/profile/${target.id}`,
  shared_place: shared('place'),
  shared_event: shared('event'),
  shared_trick: shared('trick'),
  shared_review: shared('review'),
  shared_shop: shared('shop'),
  shared_article: shared('article'),
};

export function ActivityList({ items, loading }: { items: Activity[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const name = useLocalizedName();
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: useDisplayTimeZone() });
  if (loading) return <Spinner />;
  if (!items?.length) return <p className="text-slate-600">{t('profile.activity.empty')}</p>;
  return (
    <ol className="space-y-3">
      {items.map((item) => (
        <li key={`${item.type}-${item.target.id}-${item.at}`} className="flex items-center justify-between gap-4 rounded-xl bg-white p-4 shadow-sm">
          <span>
            {t(`profile.activity.${item.type}`)}{' '}
            <Link to={LINKS[item.type](item.target)} className="font-semibold text-brand-700 hover:underline">
              {name(item.target)}
            </Link>
          </span>
          <time dateTime={item.at} className="shrink-0 text-sm text-slate-500">
            {date.format(new Date(item.at))}
          </time>
        </li>
      ))}
    </ol>
  );
}
