import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from './i18n-binding.tsx';

/** The <head> element matching `selector`, created with `attributes` when missing. */
function headElement<T extends HTMLElement>(selector: string, tag: string, attributes: Record<string, string>): T {
  let element = document.head.querySelector<T>(selector);
  if (!element) {
    element = document.createElement(tag) as T;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.appendChild(element);
  }
  return element;
}

export type PageMeta = { title: string; description: string };

/** The server's page renderer listens here for the title and description it writes into <head>. */
export const PageMetaSink = createContext<((meta: PageMeta) => void) | null>(null);

/** Sets the document title ('{title} - Stoked', or the product name alone) and meta description. */
export function usePageMeta(title: string | undefined, description?: string, opts: { raw?: boolean } = {}): void {
  const { t } = useTranslation();
  const product = t('app.name');
  const fullTitle = !title ? product : opts.raw ? title : `${title} - ${product}`;
  const text = description ?? t('app.description');
  useContext(PageMetaSink)?.({ title: fullTitle, description: text });
  useEffect(() => {
    document.title = fullTitle;
    headElement<HTMLMetaElement>('meta[name="description"]', 'meta', { name: 'description' }).content = text;
  }, [fullTitle, text]);
}

/** The site logo from the settings doubles as the favicon. */
export function useFavicon(href: string): void {
  useEffect(() => {
    headElement<HTMLLinkElement>('link[rel="icon"]', 'link', { rel: 'icon' }).href = href;
  }, [href]);
}
