import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseEnabledLanguages } from '../../../common/languages.ts';
import { fail } from '../../lib/errors.ts';
import { inLanguage } from '../../lib/share-preview.ts';
import { getSiteSettings } from '../settings/index.ts';
import { itemEntries, partCounts, sitePages, SITEMAP_KINDS, type SitemapEntry, type SitemapKind } from './sitemap.db.ts';

/**
 * /robots.txt and the sitemap (issue 21, item 6): an index of parts, `pages` and each kind of item
 * in parts of SITEMAP_PART_SIZE, every address with its language alternates (`?lang=`).
 */

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const XML = 'application/xml; charset=utf-8';
const partSchema = z.object({ part: z.string().regex(new RegExp(`^(?:pages|(?:${SITEMAP_KINDS.join('|')})-[1-9][0-9]{0,5})\\.xml$`), { error: 'NOT_FOUND' }) });

export async function sitemapRoutes(app: FastifyInstance): Promise<void> {
  const origin = app.config.publicUrl.replace(/\/$/, '');
  const enabledLanguages = async () => {
    return parseEnabledLanguages((await getSiteSettings(app.db, app.config)).enabledLanguages);
  };

  app.get('/robots.txt', { config: { cache: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(`User-agent: *\nDisallow: /api/\nDisallow: /admin\nSitemap: ${origin}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', { config: { cache: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const counts = await partCounts(app.db);
    const parts = ['pages', ...SITEMAP_KINDS.flatMap((kind) => Array.from({ length: counts[kind] }, (_, i) => `${kind}-${i + 1}`))];
    const body = parts.map((part) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${part}.xml`)}</loc></sitemap>`).join('');
    return reply
      .type(XML)
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>\n`);
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/sitemaps/:part', { config: { cache: 'public' }, schema: { hide: true, params: partSchema } }, async (request, reply) => {
      const name = request.params.part.replace(/\.xml$/, '');
      let entries: SitemapEntry[];
      if (name === 'pages') entries = await sitePages(app.db);
      else {
        const [kind, part] = name.split('-') as [SitemapKind, string];
        entries = await itemEntries(app.db, kind, Number(part));
        if (entries.length === 0) fail('NOT_FOUND');
      }
      const languages = await enabledLanguages();
      const url = (entry: SitemapEntry) => {
        const loc = `${origin}${entry.path}`;
        const alternates =
          languages.length > 1
            ? [...languages.map((code) => [code, inLanguage(loc, code)]), ['x-default', loc]]
                .map(([code, href]) => `<xhtml:link rel="alternate" hreflang="${code}" href="${escapeXml(href!)}"/>`)
                .join('')
            : '';
        return `<url><loc>${escapeXml(loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}${alternates}</url>`;
      };
      return reply
        .type(XML)
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.map(url).join('')}</urlset>\n`,
        );
    });
}
