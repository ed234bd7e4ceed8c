import { LANGUAGE_PARAM } from '../../common/languages.ts';
import type { PageMeta } from '../../web/lib/page-meta.ts';

/**
 * The <head> tags of a page's share preview (OpenGraph, Twitter cards) and its structured data
 * (JSON-LD), from what the page's route said of itself (web/lib/page-meta.ts). A page only the
 * person asking may see (a secret spot) is rendered for them alone and never kept in the shared
 * cache, so its tags reach nobody else.
 */

export const escapeAttribute = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** An absolute address of the site's own path or an http(s) URL; anything else is left out. */
function absolute(url: string | undefined, origin: string): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return `${origin}${url}`;
  return /^https?:\/\//i.test(url) ? url : undefined;
}

// Shown when the page has no picture of its own: the site's logo.
const FALLBACK_IMAGE = '/logo.png';

/** The address of `pageUrl` in `language` (common/languages.ts LANGUAGE_PARAM); a card's address already has a query (its version). */
export const inLanguage = (pageUrl: string, language: string) => `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;

/**
 * `pageUrl`: the page's absolute address, without its query; `languages`: the site's, each an
 * alternate of the page (hreflang), the plain address the default; `named`: the page's address
 * named its language, which makes that address its own (canonical) one.
 */
export function shareTags(meta: PageMeta, language: string, pageUrl: string, languages: readonly string[] = [], named = false): string {
  const origin = new URL(pageUrl).origin;
  const own = named ? inLanguage(pageUrl, language) : pageUrl;
  const image = absolute(meta.image, origin);
  // An item without a picture of its own is previewed by its generated card, in the page's language.
  const preview = image ?? absolute(meta.card && inLanguage(meta.card, language), origin);
  const tags: [string, string, string | undefined][] = [
    ['property', 'og:site_name', meta.siteName],
    ['property', 'og:type', meta.kind ?? 'website'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', own],
    ['property', 'og:locale', language.replace('-', '_')],
    ['property', 'og:image', preview ?? `${origin}${FALLBACK_IMAGE}`],
    ['name', 'twitter:card', preview ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  let head = `<link rel="canonical" href="${escapeAttribute(own)}" />`;
  if (languages.length > 1) {
    for (const code of languages) head += `<link rel="alternate" hreflang="${code}" href="${escapeAttribute(inLanguage(pageUrl, code))}" />`;
    head += `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(pageUrl)}" />`;
  }
  for (const [attribute, name, content] of tags) {
    if (content) head += `<meta ${attribute}="${name}" content="${escapeAttribute(content)}" />`;
  }
  if (meta.structured) {
    const data = { '@context': 'https://schema.org', ...meta.structured, url: own, ...(image ? { image } : {}), inLanguage: language };
    head += `<script type="application/ld+json">${scriptJson(data)}</script>`;
  }
  return head;
}
