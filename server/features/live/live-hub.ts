import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { LIVE_EVENTS } from '../../../common/live-events.ts';
import type { Notification } from '../../../common/notifications.ts';
import type { Database } from '../../db/client.ts';
import type { DB } from '../../db/schema.ts';
import { LIVE_CHANNEL, type LiveSignal, type StreamEndSignal } from '../../lib/live.ts';
import { loadNotifications } from '../../lib/notifications.ts';
import { liveSessions } from './live.db.ts';

/** A buggy client reconnecting in a loop must not pile up connections. */
export const MAX_STREAMS_PER_USER = 10;
/** How many missed notifications a resuming client receives; the rest it reads from the list. */
export const MAX_REPLAY = 100;
/** Keeps proxies and load balancers from closing a quiet stream. */
const PING_INTERVAL_MS = 25_000;
/** A client that stops reading gets dropped (and resumes on reconnect) instead of filling memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const SOCKET_GRACE_MS = 2000;

const signalSchema = z.discriminatedUnion('event', [
  z.object({ userId: z.string().min(1), event: z.literal('notification'), id: z.number().int() }),
  z.object({ userId: z.string().min(1), event: z.literal('message'), conversationId: z.string(), messageId: z.number().int() }),
  z.object({ userId: z.string().min(1), event: z.literal('unread') }),
  z.object({ userId: z.string().min(1), event: z.literal('session-end'), sessionId: z.string().min(1) }),
  z.object({ userId: z.string().min(1), event: z.literal('account'), role: z.enum(['user', 'admin']), banned: z.boolean() }),
]) satisfies z.ZodType<LiveSignal | StreamEndSignal>;

export function parseSignal(payload: string): LiveSignal | StreamEndSignal | null {
  try {
    const parsed = signalSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Who a stream was opened for: it lasts as long as this session does and the role stays the same. */
export type StreamOwner = { userId: string; sessionId: string; role: 'user' | 'admin' };

/** One open Server-Sent Events response of one user. Writes happen in order, one task at a time. */
export class LiveStream {
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  /** Sent by the resume, so that the live signal of the same notification is not sent twice. */
  #replayed = new Set<number>();

  constructor(
    readonly owner: StreamOwner,
    private readonly res: ServerResponse,
    private readonly log: FastifyBaseLogger,
    private readonly onEnd: (stream: LiveStream) => void,
  ) {
    res.on('close', () => this.end());
  }

  get userId(): string {
    return this.owner.userId;
  }

  get closed(): boolean {
    return this.#closed;
  }

  enqueue(task: () => Promise<void> | void): void {
    this.#queue = this.#queue
      .then(() => (this.#closed ? undefined : task()))
      .catch((error: unknown) => this.log.warn({ err: error, userId: this.userId }, 'live stream delivery failed'));
  }

  write(chunk: string): void {
    if (this.#closed) return;
    this.res.write(chunk);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) this.end(true);
  }

  send(event: string, data: unknown, id?: number): void {
    this.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  sendNotification(notification: Notification, replay = false): void {
    if (replay) this.#replayed.add(notification.id);
    else if (this.#replayed.has(notification.id)) return;
    this.send(LIVE_EVENTS.notification, notification, notification.id);
  }

  /** `now`: drop the connection without waiting for the client to read what is buffered. */
  end(now = false): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onEnd(this);
    const socket = this.res.socket;
    if (!socket || now) {
      socket?.destroy();
      return;
    }
    if (!this.res.writableEnded) this.res.end();
    // The connection goes too: a kept-alive one would hold a closing server open until it times out,
    // and so would a client that stopped reading.
    socket.destroySoon();
    setTimeout(() => socket.destroy(), SOCKET_GRACE_MS).unref();
  }
}

/**
 * The live delivery of one server process: one LISTEN on the database for all its users, and the
 * open streams of each user here. Signals come from any process through PostgreSQL, so a write
 * served by one server reaches clients connected to another.
 */
export class LiveHub {
  #streams = new Map<string, Set<LiveStream>>();
  #unlisten: (() => Promise<void>) | null = null;
  #ping: NodeJS.Timeout | undefined;
  /** Armed only while streams are open, so that an idle process queries nothing. */
  #sessionTimer: NodeJS.Timeout | undefined;
  #sessionCheck: Promise<void> | undefined;
  #stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    /**
     * A stream whose session ends in a way nothing publishes (its time runs out) outlives it by at most
     * this; every other end is published on the live channel and closes it at once.
     */
    private readonly sessionCheckMs: number,
  ) {}

  async start(database: Database): Promise<void> {
    this.#unlisten = await database.listen(LIVE_CHANNEL, (payload) => this.#dispatch(payload), {
      log: this.log,
      // Signals sent while the listener was away are lost: every client refreshes what it shows.
      onReconnect: () => this.#everyStream((s) => s.enqueue(() => s.send(LIVE_EVENTS.unread, {}))),
    });
    this.#ping = setInterval(() => this.#everyStream((s) => s.enqueue(() => s.write(': ping\n\n'))), PING_INTERVAL_MS);
    this.#ping.unref();
  }

  /** Takes over `res` (headers already written) for `owner`; resumes after `lastEventId` when given. */
  open(owner: StreamOwner, res: ServerResponse, lastEventId?: number): LiveStream {
    const { userId } = owner;
    const stream = new LiveStream(owner, res, this.log, (s) => this.#remove(s));
    if (this.#stopped) {
      stream.end();
      return stream;
    }
    let streams = this.#streams.get(userId);
    if (!streams) {
      streams = new Set();
      this.#streams.set(userId, streams);
    }
    // Registered before the resume reads, so a signal in between is queued behind it, not lost.
    streams.add(stream);
    if (streams.size > MAX_STREAMS_PER_USER) streams.values().next().value!.end();
    this.#armSessionCheck();
    if (lastEventId !== undefined) {
      stream.enqueue(async () => {
        const missed = await loadNotifications(this.db, userId, { afterId: lastEventId, limit: MAX_REPLAY });
        for (const notification of missed.reverse()) stream.sendNotification(notification, true);
      });
    }
    return stream;
  }

  /** How many streams are open, for one user or in all. */
  count(userId?: string): number {
    if (userId !== undefined) return this.#streams.get(userId)?.size ?? 0;
    let total = 0;
    for (const streams of this.#streams.values()) total += streams.size;
    return total;
  }

  /** Ends every stream (so that the server can close) and refuses new ones. */
  endAll(): void {
    this.#stopped = true;
    clearTimeout(this.#sessionTimer);
    this.#everyStream((s) => s.end());
  }

  async stop(): Promise<void> {
    this.endAll();
    clearInterval(this.#ping);
    // A check under way would query a database about to close.
    await this.#sessionCheck;
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    await unlisten?.();
  }

  #dispatch(payload: string): void {
    const signal = parseSignal(payload);
    if (!signal) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'malformed live signal ignored');
      return;
    }
    const streams = this.#streams.get(signal.userId);
    if (!streams?.size) return;
    // Ended here, at once: the streams are out of the map before the next signal is dispatched, and
    // what was queued for them is dropped (a closed stream runs no task and writes nothing).
    if (signal.event === 'session-end') {
      for (const s of [...streams]) if (s.owner.sessionId === signal.sessionId) s.end();
    } else if (signal.event === 'account') {
      for (const s of [...streams]) if (signal.banned || s.owner.role !== signal.role) s.end();
    } else if (signal.event === 'notification') {
      // Read once for all of this user's streams.
      const loaded = loadNotifications(this.db, signal.userId, { ids: [signal.id], limit: 1 }).then((rows) => rows[0]);
      loaded.catch(() => {});
      for (const s of streams) {
        s.enqueue(async () => {
          const notification = await loaded;
          if (notification) s.sendNotification(notification);
        });
      }
    } else if (signal.event === 'message') {
      const data = { conversationId: signal.conversationId, messageId: signal.messageId };
      for (const s of streams) s.enqueue(() => s.send(LIVE_EVENTS.message, data));
    } else {
      for (const s of streams) s.enqueue(() => s.send(LIVE_EVENTS.unread, {}));
    }
  }

  #armSessionCheck(): void {
    if (this.#sessionTimer || this.#sessionCheck || this.#stopped) return;
    this.#sessionTimer = setTimeout(() => {
      this.#sessionTimer = undefined;
      this.#sessionCheck = this.#checkSessions().finally(() => {
        this.#sessionCheck = undefined;
        if (this.count() > 0) this.#armSessionCheck();
      });
    }, this.sessionCheckMs);
    this.#sessionTimer.unref();
  }

  /**
   * Ends the streams whose session is gone or no longer what it was, in one query for all of this
   * process's streams: each process checks its own, so no message between processes is needed.
   */
  async #checkSessions(): Promise<void> {
    // Streams opened while the query runs are left for the next check: their sessions were not asked about.
    const streams: LiveStream[] = [];
    this.#everyStream((s) => streams.push(s));
    if (streams.length === 0) return;
    const found = await liveSessions(this.db, [...new Set(streams.map((s) => s.owner.sessionId))]).catch((error: unknown) => {
      // Sessions cannot be told apart while the database is away; the next check tries again.
      if (!this.#stopped) this.log.warn({ err: error }, 'live session check failed');
      return null;
    });
    if (!found) return;
    for (const stream of streams) {
      const session = found.get(stream.owner.sessionId);
      if (!session || session.userId !== stream.userId || session.role !== stream.owner.role) stream.end();
    }
  }

  #everyStream(action: (stream: LiveStream) => void): void {
    for (const streams of [...this.#streams.values()]) for (const s of [...streams]) action(s);
  }

  #remove(stream: LiveStream): void {
    const streams = this.#streams.get(stream.userId);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) this.#streams.delete(stream.userId);
  }
}
