import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema-columns.ts';

// Sessions (check-ins) at places (migration 0017), part of ./schema.ts's DB (checked against the
// migrated database by ./schema.test.ts).

export type SessionVisibility = 'public' | 'followers' | 'private';

export interface RideSessionsTable {
  id: Generated<string>;
  author_id: string;
  place_id: string;
  discipline_id: string;
  started_at: ColumnType<Date, Date | string, Date | string>;
  duration_minutes: number | null;
  note: string | null;
  visibility: Generated<SessionVisibility>;
  created_at: Timestamp;
}

export interface RideSessionTricksTable {
  session_id: string;
  trick_id: string;
}

export interface RideSessionCompanionsTable {
  session_id: string;
  user_id: string;
  status: Generated<'pending' | 'accepted'>;
  created_at: Timestamp;
}
