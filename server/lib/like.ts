/** A LIKE pattern matching `text` anywhere, its wildcards taken literally (used with `escape '\'`). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
