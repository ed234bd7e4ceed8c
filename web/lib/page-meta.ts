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

/**
 * What a shared link previews (OpenGraph, Twitter cards) and what search engines read (JSON-LD,
 * schema.org): the server writes it into the page's <head> (server/lib/web-pages.ts). `structured`
 * is one schema.org thing without its @context; `image` a URL, absolute or from the site's root.
 */
export type StructuredData = { '@type': string; [field: string]: unknown };
export type PageMeta = {
  title: string;
  description: string;
  siteName?: string;
  /** OpenGraph's type: an item page is an article or a profile, anything else a website. */
  kind?: 'website' | 'article' | 'profile';
  image?: string;
  /** The generated picture of an item (common/share-cards.ts), previewed when it has no `image`. */
  card?: string;
  structured?: StructuredData;
};
export type ShareOptions = Pick<PageMeta, 'kind' | 'structured' | 'card'> & { image?: string | null };

/** The server's page renderer listens here for the title and description it writes into <head>. */
export const PageMetaSink = createContext<((meta: PageMeta) => void) | null>(null);

/**
 * Sets the document title ('{title} - Stoked', or the product name alone) and meta description; on
 * the server also the page's share preview and structured data (`share`).
 */
export function usePageMeta(title: string | undefined, description?: string, opts: { raw?: boolean; share?: ShareOptions } = {}): void {
  const { t } = useTranslation();
  const product = t('app.name');
  const fullTitle = !title ? product : opts.raw ? title : `${title} - ${product}`;
  const text = description ?? t('app.description');
  const { image, ...share } = opts.share ?? {};
  useContext(PageMetaSink)?.({ title: fullTitle, description: text, siteName: product, ...share, ...(image ? { image } : {}) });
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
