import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, isLanguageCode, languageDir, type LanguageCode } from '../../common/languages.ts';
import type { Mail } from './mailer.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../web/locales');

type Catalogue = Record<string, unknown>;
const catalogues = new Map<LanguageCode, Catalogue>();

/** The web's own catalogue, so that a text lives in one place for the pages and the mails. */
function catalogue(language: LanguageCode): Catalogue {
  let found = catalogues.get(language);
  if (!found) {
    found = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8')) as Catalogue;
    catalogues.set(language, found);
  }
  return found;
}

function lookup(language: LanguageCode, key: string): string | undefined {
  let node: unknown = catalogue(language);
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Catalogue)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** i18next's essentials: `{{name}}` values and `_one`/`_other`… plural forms by the language's rules. */
export function translate(language: LanguageCode, key: string, values: Record<string, string | number> = {}): string {
  const pluralKey = typeof values.count === 'number' ? `${key}_${new Intl.PluralRules(language).select(values.count)}` : undefined;
  const text =
    (pluralKey && lookup(language, pluralKey)) ??
    lookup(language, key) ??
    (pluralKey && lookup(DEFAULT_LANGUAGE, pluralKey)) ??
    lookup(DEFAULT_LANGUAGE, key) ??
    key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A person's saved language, or the site's default for none or one we do not know. */
export function mailLanguage(preferred: string | null | undefined): LanguageCode {
  return isLanguageCode(preferred) ? preferred : DEFAULT_LANGUAGE;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type MailContent = {
  to: string;
  subject: string;
  /** Paragraphs in reading order; a line break inside one stays a line break. */
  paragraphs: string[];
  /** The one thing the mail asks for: a button in HTML, the bare address in plain text. */
  action?: { label: string; url: string };
  /** Said after the action (an expiry, "ignore this if…"). */
  after?: string[];
};

/**
 * One mail in one language: a plain-text part and an HTML part with the language's direction, so
 * an Arabic mail reads right to left in any mail client. Every text is escaped in the HTML.
 */
export function composeMail(language: LanguageCode, content: MailContent): Mail {
  const dir = languageDir(language);
  const after = content.after ?? [];
  const text = [...content.paragraphs, ...(content.action ? [content.action.url] : []), ...after].join('\n\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      paragraph(`${translate(language, 'mail.linkHint')}\n${content.action.url}`)
    : '';
  const html =
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.5;color:#0f172a;direction:${dir};text-align:${dir === 'rtl' ? 'right' : 'left'}">` +
    `<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px">${content.paragraphs.map(paragraph).join('')}${button}${after.map(paragraph).join('')}</div></body></html>`;
  return { to: content.to, subject: content.subject, text, html, link: content.action?.url };
}
