import { sql, type Kysely } from 'kysely';
import { CONTENT_TYPES, contentPath, SECTION_OF, type ContentType } from '../../../common/content-basics.ts';
import type { DB } from '../../db/schema.ts';
import { CONTENT_TABLES } from '../../lib/content.ts';

/**
 * What the sitemap lists (issue 21, item 6): the public pages and every item the public may open.
 * Approved items only, which leaves out secret spots by construction (migration 0016: a crew or
 * private place is never approved), and approved public teams. People's profiles are not listed:
 * being findable by a search engine is a choice the product does not make for them.
 */

type Db = Kysely<DB>;
export type SitemapEntry = { path: string; lastmod?: string };
/** The sitemap protocol allows 50,000 addresses a file; each here carries one alternate per language. */
export const SITEMAP_PART_SIZE = 5000;
export const SITEMAP_KINDS = [...CONTENT_TYPES, 'team'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

const DISCIPLINE_SECTIONS = ['teams', 'athletes', ...Object.values(SECTION_OF)];
const STATIC_PAGES = ['/', '/teams', '/contact', '/privacy', '/terms'];

/** The pages that are not items: home, categories, each discipline's hub and sections. */
export async function sitePages(db: Db): Promise<SitemapEntry[]> {
  const [categories, disciplines] = await Promise.all([
    db.selectFrom('categories').select('id').orderBy('id').execute(),
    db.selectFrom('disciplines').select('id').orderBy('id').execute(),
  ]);
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...categories.map((c) => ({ path: `/category/${encodeURIComponent(c.id)}` })),
    ...disciplines.flatMap((d) => {
      const hub = `/discipline/${encodeURIComponent(d.id)}`;
      return [{ path: hub }, ...DISCIPLINE_SECTIONS.map((section) => ({ path: `${hub}/${section}` }))];
    }),
  ];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** How many parts of SITEMAP_PART_SIZE each kind of item fills. */
export async function partCounts(db: Db): Promise<Record<SitemapKind, number>> {
  const counts = await Promise.all(
    SITEMAP_KINDS.map(async (kind) => {
      const table = kind === 'team' ? 'teams' : CONTENT_TABLES[kind];
      let query = db
        .selectFrom(`${table} as c` as 'teams as c')
        .select(sql<string>`count(*)`.as('n'))
        .where('c.status', '=', 'approved');
      if (kind === 'team') query = query.where('c.is_private', '=', false);
      const row = await query.executeTakeFirstOrThrow();
      return [kind, Math.ceil(Number(row.n) / SITEMAP_PART_SIZE)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<SitemapKind, number>;
}

/** Part `part` (from 1) of one kind's items, in a stable order (by id) so parts neither overlap nor skip. */
export async function itemEntries(db: Db, kind: SitemapKind, part: number): Promise<SitemapEntry[]> {
  const offset = (part - 1) * SITEMAP_PART_SIZE;
  if (kind === 'team') {
    const rows = await db
      .selectFrom('teams')
      .select(['id', 'updated_at'])
      .where('status', '=', 'approved')
      .where('is_private', '=', false)
      .orderBy('id')
      .limit(SITEMAP_PART_SIZE)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ path: `/team/${encodeURIComponent(r.id)}`, lastmod: iso(r.updated_at) }));
  }
  const rows = await db
    .selectFrom(`${CONTENT_TABLES[kind]} as c` as 'places as c')
    .select(['c.id', 'c.discipline_id', 'c.updated_at'])
    .where('c.status', '=', 'approved')
    .orderBy('c.id')
    .limit(SITEMAP_PART_SIZE)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ path: contentPath(kind as ContentType, r.discipline_id, r.id), lastmod: iso(r.updated_at) }));
}
