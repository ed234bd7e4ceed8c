import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ContentType } from '../../common/content-basics.ts';
import type { Page } from '../../common/content.ts';
import type { DB } from '../db/schema.ts';
import { addContribution, CONTENT_TABLES, newestFirstPage, publicTotal, updateContribution, type Viewer } from './content.ts';
import { containsText } from './like.ts';

/**
 * The database side of the discipline sections, as alike as their routes (content-routes.ts): each
 * section module writes only its query and its item, and takes the rest from here.
 */

type Db = Kysely<DB>;
type Fields = Record<string, unknown>;

/**
 * Contributing, editing and deleting an item of `type`, named in the approvals queue by its field `nameField`.
 * Its likes, comments, ratings and queue entry go with it when it is deleted (a trigger of migration 0005).
 */
export function contributions<Input extends Fields, Changes extends Fields>(type: ContentType, nameField: keyof Input & keyof Changes & string) {
  return {
    /** An admin's item is public at once; anyone else's waits in the approvals queue. */
    create: (db: Db, disciplineId: string, input: Input, author: NonNullable<Viewer>): Promise<string> =>
      addContribution(db, type, disciplineId, input, input[nameField] as string, author),
    /** Changes the fields that were sent; the status stays as it is. */
    update: (db: Db, id: string, changes: Changes): Promise<void> => updateContribution(db, type, id, changes, changes[nameField] as string | undefined),
    remove: async (db: Db, id: string): Promise<void> => {
      await db
        .deleteFrom(CONTENT_TABLES[type] as 'places')
        .where('id', '=', id)
        .execute();
    },
  };
}

type ListFilters = { q?: string; page: number; limit: number };

/**
 * A section's reads and writes, from `items` (its items `viewer` may see: content.ts's visibleItems, as `c`,
 * with the columns `toItem` reads): one item; a page of a discipline's, newest first, where `search` names the
 * text columns (and jsonb lists) `q` looks in and `exact` the column of each filter matched as it is; and
 * `contributions`. Articles and events read their items their own way and take only `contributions`.
 */
export function sectionStore<Row, Item, Input extends Fields, Changes extends Fields, Filters extends ListFilters>(section: {
  type: ContentType;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  items: (db: Db, viewer: Viewer) => SelectQueryBuilder<DB, any, Row>;
  toItem: (row: Row, viewer: Viewer) => Item;
  nameField: keyof Input & keyof Changes & string;
  search: { text: string[]; lists?: string[] };
  exact?: Partial<Record<Exclude<keyof Filters, keyof ListFilters>, string>>;
  /** A section's own filter that no column holds as it is (a place's access today): its condition, or undefined when unset. */
  narrow?: (filters: Filters) => Expression<SqlBool> | undefined;
}) {
  const { type, items, toItem } = section;
  const column = (name: string) => sql.ref(`c.${name}`);
  return {
    ...contributions<Input, Changes>(type, section.nameField),

    /** The item as `viewer` may see it, or undefined when it does not exist or is hidden from them. */
    async get(db: Db, id: string, viewer: Viewer): Promise<Item | undefined> {
      const row = await items(db, viewer)
        .where(sql<SqlBool>`${column('id')} = ${id}`)
        .executeTakeFirst();
      return row && toItem(row, viewer);
    },

    async list(db: Db, disciplineId: string, filters: Filters, viewer: Viewer): Promise<Page<Item>> {
      let query = items(db, viewer).where(sql<SqlBool>`${column('discipline_id')} = ${disciplineId}`);
      const q = filters.q?.trim();
      if (q) query = query.where(containsText(q, section.search.text, section.search.lists));
      let narrowed = !!q;
      for (const [filter, exactColumn] of Object.entries(section.exact ?? {}) as [keyof Filters, string][]) {
        const value = filters[filter];
        if (!value) continue;
        query = query.where(sql<SqlBool>`${sql.ref(exactColumn)} = ${value}`);
        narrowed = true;
      }
      const own = section.narrow?.(filters);
      if (own) {
        query = query.where(own);
        narrowed = true;
      }
      return newestFirstPage(db, query, 'c', filters, (row) => toItem(row, viewer), publicTotal(db, type, disciplineId, viewer, narrowed));
    },
  };
}
