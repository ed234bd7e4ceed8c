import { sql, type Expression, type SqlBool } from 'kysely';

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally (used with `escape '\'`). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Rows where any of the text `columns`, or any entry of the jsonb string lists `listColumns`,
 * contains `text`, case-insensitively, its wildcards taken literally. Columns are named as 'alias.column'.
 */
export function containsText(text: string, columns: string[], listColumns: string[] = []): Expression<SqlBool> {
  const pattern = containsPattern(text.toLowerCase());
  const tests = [
    ...columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
    ...listColumns.map((c) => sql`exists (select 1 from jsonb_array_elements_text(${sql.ref(c)}) e(v) where lower(e.v) like ${pattern} escape '\\')`),
  ];
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

/**
 * Rows where any of `columns`, which hold lower-cased text (so that an index can hold them as they are
 * tested), contains `text`, case-insensitively, its wildcards taken literally. Same matches as containsText
 * over the original columns.
 */
export function containsLowerText(text: string, columns: string[]): Expression<SqlBool> {
  const pattern = containsPattern(text.toLowerCase());
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`${sql.ref(c)} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}
