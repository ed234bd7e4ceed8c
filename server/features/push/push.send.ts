import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { languageDir } from '../../../common/languages.ts';
import { notificationPath } from '../../../common/notifications.ts';
import type { PushPayload } from '../../../common/push.ts';
import { mailLanguage, translate } from '../../lib/mail-texts.ts';
import { loadNotifications } from '../../lib/notifications.ts';
import { sentOnce } from '../../lib/jobs.ts';
import { notificationSentence } from '../notifications/index.ts';
import { devicesAnswered, forgetExpiredDevices, liveDevices, stillDue, takeQueued } from './push.db.ts';

// Notifications moved into the job queue per run; the rest wait for the next run.
const BATCH = 200;
// A push service that does not answer within this is given up on for this run: the job tries it again later.
const SEND_TIMEOUT_MS = 10_000;
// Pushes (notifications) sent at once in each process.
const PUSHES_AT_ONCE = 8;
// Kept by the push service this long for a device that is off, then dropped: news older than a day is in the bell.
const TTL_SECONDS = 86_400;

/**
 * Whether an endpoint is at one of the configured push services: an https host (or a subdomain of
 * one) or an exact origin. Anything else would have the server send requests wherever a person
 * points it, inside our own network included.
 */
export function isPushService(endpoint: string, services: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) =>
    service.includes('://')
      ? url.origin === new URL(service).origin
      : url.protocol === 'https:' && (url.hostname === service || url.hostname.endsWith(`.${service}`)),
  );
}

export const PUSH_QUEUE = 'push';

/** A push a device's service could not take now (5xx, 429, no answer): the job is run again later. */
export const PUSH_RETRY = { retryLimit: 6, retryDelaySeconds: 15, retryDelayMaxSeconds: 900 };

/**
 * Moves the queued notifications (push_queue, written in each notification's own transaction) into
 * the job queue, one `push` job each, in one transaction: taken off by one process only (skip locked),
 * each queued once. Devices of sessions that ended are forgotten first. Without keys the queue is
 * emptied (devices kept from when push was on). Returns the number of jobs queued.
 */
export async function dispatchQueuedPushes(app: FastifyInstance): Promise<number> {
  await forgetExpiredDevices(app.db);
  return app.db.transaction().execute(async (tx) => {
    const taken = await takeQueued(tx, BATCH);
    if (!app.config.push) return 0;
    for (const id of taken) await app.jobs.send(PUSH_QUEUE, { notificationId: id }, { db: tx, key: `push:${id}` });
    return taken.length;
  });
}

/**
 * Queues what waits (dispatchQueuedPushes) and runs the `push` jobs due now in this process (tests;
 * the server's workers do it on their own). Returns the number of pushes delivered.
 */
export async function sendQueuedPushes(app: FastifyInstance, { timeoutMs = SEND_TIMEOUT_MS } = {}): Promise<number> {
  await dispatchQueuedPushes(app);
  let delivered = 0;
  await app.jobs.drain(PUSH_QUEUE, async (data) => {
    try {
      delivered += await pushNotification(app, data as PushJob, timeoutMs);
    } catch (error) {
      // A run with devices left to try again fails (its retry), though it reached others.
      if (error instanceof DevicesLeft) delivered += error.reached;
      throw error;
    }
  });
  return delivered;
}

type PushJob = { notificationId: number; key: string };
type VapidDetails = { subject: string; publicKey: string; privateKey: string };

// What a push service's answer means for the device: delivered, gone (404, 410: the subscription
// ended), refused for good (another 4xx: no use trying again) or to be tried again (5xx, 429).
type Outcome = 'sent' | 'already' | 'gone' | 'refused' | 'retry';
class PushAnswer extends Error {
  constructor(readonly status: number) {
    super(`push service answered ${status}`);
  }
}

/** The run's failure when devices are to be tried again: the job's retry reaches only them. */
class DevicesLeft extends Error {
  constructor(
    readonly left: number,
    readonly reached: number,
  ) {
    super(`push to ${left} device(s) to be tried again`);
  }
}

/**
 * One notification to each of its person's live devices, in their language, carrying only what the
 * bell shows (the sentence and the link); devices side by side, so that a slow push service holds up
 * its own device only. A notification read meanwhile, of a type no longer pushed, or of a banned person
 * is dropped. Each device gets it once (its key in sent_jobs): a run again after a failure reaches only
 * the devices that were not reached. Throws when a device is to be tried again (the job's retry).
 * Returns the number of devices reached in this run.
 */
export async function pushNotification(app: FastifyInstance, { notificationId, key }: PushJob, timeoutMs = SEND_TIMEOUT_MS): Promise<number> {
  const keys = app.config.push;
  if (!keys) return 0;
  const [due] = await stillDue(app.db, [notificationId]);
  if (!due) return 0;
  const devices = (await liveDevices(app.db, due.user_id)).filter((d) => isPushService(d.endpoint, app.config.pushServices));
  if (devices.length === 0) return 0;
  const language = mailLanguage(due.preferred_language);
  const [n] = await loadNotifications(app.db, due.user_id, { ids: [notificationId], limit: 1 });
  if (!n) return 0;
  const payload: PushPayload = {
    title: translate(language, 'app.name'),
    body: notificationSentence(language, n),
    url: `${app.config.publicUrl}${notificationPath(n) ?? '/notifications'}`,
    tag: `notification-${n.id}`,
    lang: language,
    dir: languageDir(language),
  };
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const outcomes = await Promise.all(
    devices.map(async (device): Promise<Outcome> => {
      try {
        const sent = await sentOnce(app.db, `${key}:${device.id}`, async () => {
          const status = await deliver(device, JSON.stringify(payload), vapidDetails, timeoutMs);
          if (status >= 300) throw new PushAnswer(status);
        });
        return sent ? 'sent' : 'already';
      } catch (error) {
        const status = error instanceof PushAnswer ? error.status : undefined;
        if (status === 404 || status === 410) return 'gone';
        app.log.warn({ err: error, deviceId: device.id }, 'push not delivered');
        return status !== undefined && status < 500 && status !== 429 ? 'refused' : 'retry';
      }
    }),
  );
  const of = (outcome: Outcome) => devices.filter((_, i) => outcomes[i] === outcome).map((d) => Number(d.id));
  await devicesAnswered(app.db, { sent: of('sent'), gone: of('gone') });
  const again = of('retry').length;
  if (again > 0) throw new DevicesLeft(again, of('sent').length);
  return of('sent').length;
}
/**
 * One push: encrypted for the device (RFC 8291) and signed (VAPID, RFC 8292) by web-push, sent with
 * fetch, which never follows a redirect (a push service's answer cannot send us elsewhere). Returns
 * the push service's status.
 */
async function deliver(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  vapidDetails: VapidDetails,
  timeoutMs: number,
): Promise<number> {
  const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
    vapidDetails,
    TTL: TTL_SECONDS,
  });
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.body?.cancel();
  return res.status;
}

/**
 * The `push` queue (its worker only when the server sends on its own: `ms` > 0), and the move of
 * queued notifications into it every `ms`, in every process (each row is taken by one); the timer stops
 * when the app closes.
 */
export function definePushes(app: FastifyInstance, ms: number): void {
  app.jobs.define<PushJob>(PUSH_QUEUE, {
    ...PUSH_RETRY,
    expireInSeconds: 120,
    concurrency: PUSHES_AT_ONCE,
    work: (data) => pushNotification(app, data),
    worker: ms > 0,
  });
  if (ms <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    dispatchQueuedPushes(app)
      .catch((error: unknown) => app.log.error({ err: error }, 'push queueing failed'))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
