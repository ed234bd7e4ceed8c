import type { ColumnType } from 'kysely';

/** Column types shared by the tables of ./schema.ts and ./schema-content.ts. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Status = 'pending' | 'approved' | 'rejected';
export type Json = ColumnType<Record<string, string>, string, string>;
