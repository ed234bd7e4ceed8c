import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useCategories } from '../../lib/disciplines.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { Link } from '../ui/link.tsx';
import { navLinkClass } from './nav-classes.ts';

/** The small-screen menu's links (home, teams, each category): in its dialog, and in the header's disclosure before the scripts. */
export function SmallScreenNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const { data: categories = [] } = useCategories();
  return (
    <nav aria-label={t('nav.mainNavigation')} className="flex flex-col gap-1">
      <Link to="/" onClick={onNavigate} className={navLinkClass}>
        {t('nav.home')}
      </Link>
      <Link to="/teams" onClick={onNavigate} className={navLinkClass}>
        {t('nav.teams')}
      </Link>
      <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('nav.disciplines')}</p>
      {categories.map((c) => (
        <Link key={c.id} to={`/category/${c.id}`} onClick={onNavigate} className={navLinkClass}>
          <span aria-hidden="true" className="me-2">
            {c.icon}
          </span>
          {name(c)}
        </Link>
      ))}
    </nav>
  );
}
