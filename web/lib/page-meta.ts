import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title ('{title} - Stoked', or the product name alone) and meta description. */
export function usePageMeta(title: string | undefined, description?: string, opts: { raw?: boolean } = {}): void {
  const { t } = useTranslation();
  const product = t('app.name');
  const fullTitle = !title ? product : opts.raw ? title : `${title} - ${product}`;
  const text = description ?? t('app.description');
  useEffect(() => {
    document.title = fullTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = text;
  }, [fullTitle, text]);
}
