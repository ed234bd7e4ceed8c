import type { Generated } from 'kysely';
import type { Timestamp } from './schema-columns.ts';

// Web Push (migrations 0022, 0027), part of ./schema.ts's DB (checked against the migrated database by ./schema.test.ts).

/** A browser that accepted push for a person, bound to the session it was made in. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  browser: string | null;
  system: string | null;
  created_at: Timestamp;
  last_push_at: Date | null;
  /** The VAPID public key the browser subscribed with (migration 0027); null for older subscriptions. */
  vapid_public_key: string | null;
}

/** New notifications of a type their person gets by push, until the sender takes them. */
export interface PushQueueTable {
  notification_id: number;
  queued_at: Timestamp;
}
