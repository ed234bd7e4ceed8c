import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useCategory } from '../../lib/disciplines.ts';

export default function CategoryPage() {
  const { categoryId = '' } = useParams();
  const { t } = useTranslation();
  const name = useLocalizedName();
  const { data: category, isLoading, isError } = useCategory(categoryId);
  const title = category ? name(category) : isError ? t('category.notFound') : undefined;
  usePageMeta(title, category ? t('category.metaDescription', { name: name(category) }) : undefined);

  if (isLoading) return <PageSpinner />;
  if (!category) return <StateMessage icon="🧭" title={t('category.notFound')} text={t('category.notFoundText')} homeLabel={t('common.returnHome')} />;

  return (
    <>
      <section className="text-white" style={{ background: `linear-gradient(135deg, ${category.color}, #0f172a)` }}>
        <div className="mx-auto max-w-6xl px-4 py-16 text-center">
          <span className="text-6xl" aria-hidden="true">
            {category.icon}
          </span>
          <h1 className="mt-4 text-4xl font-extrabold">{name(category)}</h1>
          <p className="mt-3 text-lg text-white/85">{t('category.discover', { name: name(category) })}</p>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12">
        {category.disciplines.length === 0 ? (
          <p className="py-12 text-center text-slate-600">{t('category.empty')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {category.disciplines.map((discipline, index) => (
              <li key={discipline.id} className="animate-fade-up" style={{ animationDelay: `${index * 0.1}s` }}>
                <Link
                  to={`/discipline/${discipline.id}`}
                  className="flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm transition hover:-translate-y-1 hover:shadow-md"
                >
                  <span className="text-5xl" aria-hidden="true">
                    {discipline.icon}
                  </span>
                  <span className="text-lg font-semibold">{name(discipline)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
