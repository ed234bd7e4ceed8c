import type { Timestamp } from './schema-columns.ts';

// Calendar feeds (migration 0021), part of ./schema.ts's DB (checked against the migrated database by ./schema.test.ts).

/** A person's feed of their RSVPs: a SHA-256 of its secret token, never the token itself. */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
}
