import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Link } from 'react-router';
import { useCategories } from '../../lib/disciplines.ts';
import { useLocalizedName } from '../../lib/localized.ts';

export function Footer() {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const { data: categories = [] } = useCategories();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{t('app.name')}</p>
          <p className="mt-2 text-sm">{t('app.tagline')}</p>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{t('footer.categories')}</h2>
          <ul className="grid grid-cols-2 gap-1 text-sm">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`/category/${c.id}`} className="hover:text-white">
                  {name(c)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{t('footer.legal')}</h2>
          <ul className="space-y-1 text-sm">
            <li>
              <Link to="/contact" className="hover:text-white">{t('nav.contact')}</Link>
            </li>
            <li>
              <Link to="/privacy" className="hover:text-white">{t('nav.privacy')}</Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-white">{t('nav.terms')}</Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
