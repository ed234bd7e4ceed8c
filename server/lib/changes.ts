/**
 * The columns to update for a PATCH: only the fields that were sent (undefined = not sent,
 * null = clear), renamed to their columns.
 */
export function changedColumns<T extends Record<string, unknown>, R>(changes: T, columns: { [K in keyof T]?: keyof R & string }): Partial<R> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns) as [keyof T, string][]) {
    if (changes[field] !== undefined) out[column] = changes[field];
  }
  return out as Partial<R>;
}
