import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The PostgreSQL channel that carries live signals to every server process (LISTEN/NOTIFY). */
export const LIVE_CHANNEL = 'stoked_live';

/**
 * A signal for one user's open connections. It carries ids only (NOTIFY payloads are limited to
 * 8000 bytes); each server reads what it needs for its own clients.
 */
export type LiveSignal =
  | { userId: string; event: 'notification'; id: number }
  | { userId: string; event: 'message'; conversationId: string; messageId: number }
  | { userId: string; event: 'unread' };

/**
 * What ends streams, published by the database itself on the same channel (triggers of migration
 * 0025), never by `publish`: a session gone (signed out, revoked, expired on purpose, its account
 * deleted), and an account's new role and ban. Being on the same channel as the signals above, it
 * reaches every process before anything published after it.
 */
export type StreamEndSignal =
  { userId: string; event: 'session-end'; sessionId: string } | { userId: string; event: 'account'; role: 'user' | 'admin'; banned: boolean };

/**
 * Sends the signal through PostgreSQL. Inside a transaction it is delivered on commit and dropped
 * on rollback, so nobody hears of a write that did not happen.
 */
export async function publish(db: Kysely<DB>, signal: LiveSignal): Promise<void> {
  await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`.execute(db);
}
