import type { TFunction } from 'i18next';
import { errorText, notify } from './toast.ts';

// Apart from the outbox itself (web/lib/outbox.ts, with its IndexedDB), so that what only reads the
// outcome of an action (a like's button on every card) does not carry it.

/** Thrown by `sendOrQueue` when there was no connection: the action waits on the device. */
export class QueuedOffline extends Error {
  constructor() {
    super('Saved on this device; sent when the connection returns');
  }
}

export const isQueued = (error: unknown): error is QueuedOffline => error instanceof QueuedOffline;

/**
 * The toast of an action that did not go through: 'Saved on this device' when it waits for the
 * connection, else `title` with the server's reason.
 */
export function notifyUnsent(t: TFunction, title: string, error: unknown): void {
  if (isQueued(error)) notify('info', t('outbox.queued'), t('outbox.queuedHint'));
  else notify('error', title, errorText(t, error));
}
