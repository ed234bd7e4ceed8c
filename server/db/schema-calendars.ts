import type { RepeatFrequency } from '../../common/recurrence.ts';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema-columns.ts';

// Calendar feeds (migration 0021) and event series (0023), part of ./schema.ts's DB (checked against the migrated database by ./schema.test.ts).

/** A person's feed of their RSVPs: a SHA-256 of its secret token, never the token itself. */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
}

/** A recurring event's rule (migration 0023): its dates are rows of `events`. */
export interface EventSeriesTable {
  id: Generated<string>;
  frequency: RepeatFrequency;
  date_count: number;
  time_zone: string;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
