import { z } from 'zod';
import { galleryFields } from './photos.ts';
import { contentItemFields, contentListQuerySchema, imageUrl, line, pageOf, paragraph, ratingSummarySchema, reactionSummarySchema } from './content.ts';
import { ARTICLE_PAGE_SIZE } from './paging.ts';

/** Shared by the articles API and the web app. Zod issues carry error codes (see error-codes.ts). */

export const ARTICLE_TITLE_MAX = 160;
export const ARTICLE_CONTENT_MAX = 50_000;
export const ARTICLE_EXCERPT_LENGTH = 200;
/** The excerpt reads only the start of a body: enough once the syntax is stripped, and it keeps the regexes cheap. */
export const EXCERPT_SOURCE_LENGTH = 2000;

const fields = {
  title: line(ARTICLE_TITLE_MAX),
  /** Markdown; rendered without raw HTML, so it is stored as the author typed it. */
  content: paragraph(ARTICLE_CONTENT_MAX),
  imageUrl,
};

export const articleInputSchema = z.object(fields);
export type ArticleInput = z.input<typeof articleInputSchema>;

// Without defaults: a field left out of an update keeps its stored value.
export const articleUpdateSchema = z.object(fields).partial();
export type ArticleUpdate = z.input<typeof articleUpdateSchema>;

export const articleListQuerySchema = contentListQuerySchema(ARTICLE_PAGE_SIZE);
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;

const summaryFields = {
  ...contentItemFields,
  title: z.string(),
  imageUrl: z.string().nullable(),
  ...galleryFields,
  /** The start of the text with its Markdown syntax removed. */
  excerpt: z.string(),
  reactions: reactionSummarySchema,
  rating: ratingSummarySchema,
};

/** A card of the list: everything but the body, which can be long. */
export const articleSummarySchema = z.object(summaryFields);
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = z.object({ ...summaryFields, content: z.string() });
export type Article = z.infer<typeof articleSchema>;

export const articleListSchema = pageOf(articleSummarySchema);
export type ArticleList = z.infer<typeof articleListSchema>;

/**
 * The first `max` characters of a Markdown text as plain text: code fences, images, link targets,
 * HTML tags, headings, emphasis, quotes and list markers removed; cut at a word with '…'.
 */
export function markdownExcerpt(markdown: string, max = ARTICLE_EXCERPT_LENGTH): string {
  const text = markdown
    .slice(0, EXCERPT_SOURCE_LENGTH)
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/!\[([^\]]*)\]\((?:[^()\n]|\([^()\n]*\))*\)/g, '$1')
    .replace(/\[([^\]]*)\]\((?:[^()\n]|\([^()\n]*\))*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s{0,3}\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, ' ')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
