import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useCategories } from '../../lib/disciplines.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { useLinkList } from '../../lib/link-list.ts';

export function Footer() {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const { data: categories = [] } = useCategories();
  const followLink = useLinkList();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300" onClick={followLink}>
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
                <a href={`/category/${c.id}`} className="hover:text-white">
                  {name(c)}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{t('footer.legal')}</h2>
          <ul className="space-y-1 text-sm">
            <li>
              <a href="/contact" className="hover:text-white">
                {t('nav.contact')}
              </a>
            </li>
            <li>
              <a href="/privacy" className="hover:text-white">
                {t('nav.privacy')}
              </a>
            </li>
            <li>
              <a href="/terms" className="hover:text-white">
                {t('nav.terms')}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
