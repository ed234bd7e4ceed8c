import { Suspense } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from '../../components/ui/link.tsx';
import { ButtonLink, buttonClass } from '../../components/ui/button.tsx';
import { useFormatNumber, useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useMe } from '../../lib/session.ts';
import { useCategories } from '../../lib/disciplines.ts';
import { FeedSection, FeedSkeleton } from '../feed/index.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { useHomeStats } from './home.api.ts';

const SHIPPED_BACKGROUND = '/images/home-background.webp';
const FEATURES = [
  { key: 'athletes', icon: '🏅' },
  { key: 'places', icon: '📍' },
  { key: 'events', icon: '📅' },
  { key: 'tricktionary', icon: '🎯' },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const formatNumber = useFormatNumber();
  const { homepageBackgroundUrl } = useSiteSettings();
  const { user } = useMe();
  const { data: stats } = useHomeStats();
  const { data: categories = [] } = useCategories();
  usePageMeta(undefined, t('app.description'));
  const background = homepageBackgroundUrl || SHIPPED_BACKGROUND;
  // The hero is the largest thing on the first screen: its image is fetched with the page, not after the styles.
  preload(background, { as: 'image', fetchPriority: 'high' });

  const statItems = [
    { key: 'athletes', value: stats?.athletes },
    { key: 'spots', value: stats?.spots },
    { key: 'events', value: stats?.events },
    { key: 'disciplines', value: stats?.disciplines },
  ] as const;

  return (
    <>
      <section
        className="relative isolate flex min-h-[70vh] items-center overflow-hidden bg-slate-900 bg-cover bg-center text-white"
        style={{ backgroundImage: `url("${background}")` }}
      >
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-slate-950/70 via-slate-900/50 to-slate-950/80" />
        <div className="mx-auto max-w-4xl px-4 py-24 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{t('home.title')}</h1>
          <p className="mt-6 text-lg text-slate-200 sm:text-2xl">{t('home.subtitle')}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            {!user && (
              <ButtonLink to="/register" size="lg">
                {t('home.join')}
              </ButtonLink>
            )}
            <a href="#categories" className={buttonClass({ size: 'lg', variant: 'ghost' }, 'border border-white/40 bg-white/10 text-white hover:bg-white/20')}>
              {t('home.exploreDisciplines')}
            </a>
          </div>
        </div>
      </section>

      <section aria-label={t('home.statsLabel')} className="bg-white">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center md:grid-cols-4">
          {statItems.map((item) => (
            <div key={item.key}>
              <dt className="text-sm font-medium text-slate-500">{t(`home.stats.${item.key}`)}</dt>
              <dd className="mt-1 text-3xl font-extrabold text-brand-600" data-testid={`stat-${item.key}`}>
                {item.value === undefined ? '–' : formatNumber(item.value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {user && (
        <Suspense
          fallback={
            <div className="mx-auto max-w-3xl px-4 py-12">
              <FeedSkeleton />
            </div>
          }
        >
          <FeedSection />
        </Suspense>
      )}

      <section id="categories" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-3xl font-bold">{t('home.exploreCategories')}</h2>
        <p className="mt-2 text-slate-600">{t('home.exploreCategoriesText')}</p>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {categories.slice(0, 4).map((category) => {
            const first = category.disciplines[0];
            return (
              <Link
                key={category.id}
                to={first ? `/discipline/${first.id}` : `/category/${category.id}`}
                className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-md"
                style={{ borderTopColor: category.color, borderTopWidth: 4 }}
              >
                <span className="text-4xl" aria-hidden="true">
                  {category.icon}
                </span>
                <h3 className="mt-4 text-xl font-semibold group-hover:text-brand-700">{name(category)}</h3>
                <p className="mt-1 text-sm text-slate-500">{t('home.disciplineCount', { count: category.disciplines.length })}</p>
              </Link>
            );
          })}
        </div>
      </section>

      <section className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-3xl font-bold">{t('home.featuresTitle')}</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((f) => (
              <li key={f.key} className="rounded-2xl bg-slate-50 p-6">
                <span className="text-3xl" aria-hidden="true">
                  {f.icon}
                </span>
                <h3 className="mt-3 text-lg font-semibold">{t(`home.features.${f.key}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`home.features.${f.key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
