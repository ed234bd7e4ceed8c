import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './schema-columns.ts';

// Condition reports on places (migration 0014), part of ./schema.ts's DB (checked against the
// migrated database by ./schema.test.ts).

export interface ConditionReportsTable {
  id: Generated<string>;
  place_id: string;
  author_id: string;
  kind: 'water' | 'snow' | 'sky' | 'ground';
  values: Json;
  note: string | null;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface ConditionReportLikesTable {
  report_id: string;
  user_id: string;
  created_at: Timestamp;
}
