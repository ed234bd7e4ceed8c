import { useTranslation } from '../../lib/i18n-binding.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** Privacy and Terms share one layout: a title, the update date, an intro and titled sections. */
export function LegalPage({ ns, sections }: { ns: 'privacy' | 'terms'; sections: readonly string[] }) {
  const { t } = useTranslation();
  usePageMeta(t(`${ns}.title`), t(`${ns}.intro`));
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">{t(`${ns}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-500">{t(`${ns}.updated`)}</p>
      <p className="mt-6 text-lg text-slate-700">{t(`${ns}.intro`)}</p>
      {sections.map((s) => (
        <section key={s} className="mt-8">
          <h2 className="text-xl font-semibold">{t(`${ns}.${s}Title`)}</h2>
          <p className="mt-2 text-slate-700">{t(`${ns}.${s}Text`)}</p>
        </section>
      ))}
    </article>
  );
}
