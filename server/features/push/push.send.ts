import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { languageDir } from '../../../common/languages.ts';
import { notificationPath } from '../../../common/notifications.ts';
import type { PushPayload } from '../../../common/push.ts';
import { mailLanguage, translate } from '../../lib/mail-texts.ts';
import { loadNotifications } from '../../lib/notifications.ts';
import { queueGate } from '../../lib/queue-gate.ts';
import { notificationSentence } from '../notifications/index.ts';
import { devicesAnswered, forgetExpiredDevices, liveDevices, stillDue, takeQueued } from './push.db.ts';

// Notifications taken from the queue per run; the rest wait for the next run.
const BATCH = 200;
// A push service that does not answer within this is given up on for this notification.
const SEND_TIMEOUT_MS = 10_000;
// People whose pushes are sent at once.
const PEOPLE_AT_ONCE = 8;
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

/**
 * Sends the queued notifications to their people's devices, in each person's language, carrying only
 * what the bell shows (the sentence and the link). A notification read meanwhile, of a type no longer
 * pushed, or of a banned person is dropped. A device the push service says is gone (404, 410) is
 * removed. Each notification is taken off the queue by one server only (skip locked), and pushed once:
 * one a device misses is still in the bell. Returns the number of pushes delivered. `timeoutMs`: how long
 * a push service may take to answer (tests shorten it).
 */
export async function sendQueuedPushes(app: FastifyInstance, { timeoutMs = SEND_TIMEOUT_MS } = {}): Promise<number> {
  const keys = app.config.push;
  await forgetExpiredDevices(app.db);
  const taken = await takeQueued(app.db, BATCH);
  if (!keys || taken.length === 0) return 0;
  const due = await stillDue(app.db, taken);
  const byUser = new Map<string, { language: string | null; ids: number[] }>();
  for (const row of due) {
    const entry = byUser.get(row.user_id) ?? { language: row.preferred_language, ids: [] };
    entry.ids.push(Number(row.id));
    byUser.set(row.user_id, entry);
  }
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  // People are served side by side, so that one slow push service (SEND_TIMEOUT_MS a push) holds up
  // its own devices only, never everyone else's.
  const gate = queueGate(PEOPLE_AT_ONCE);
  const counts = await Promise.all(
    [...byUser].map(async ([userId, person]) => {
      await gate.enter();
      try {
        return await pushToPerson(app, userId, person, vapidDetails, timeoutMs);
      } finally {
        gate.leave();
      }
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/**
 * One person's notifications to each of their live devices, oldest first. A device whose push service
 * did not answer in time is given up on for the rest of this run (its pushes are still in the bell).
 */
async function pushToPerson(
  app: FastifyInstance,
  userId: string,
  person: { language: string | null; ids: number[] },
  vapidDetails: VapidDetails,
  timeoutMs: number,
): Promise<number> {
  let usable = (await liveDevices(app.db, userId)).filter((d) => isPushService(d.endpoint, app.config.pushServices));
  if (usable.length === 0) return 0;
  const language = mailLanguage(person.language);
  const notifications = await loadNotifications(app.db, userId, { ids: person.ids, limit: person.ids.length });
  let delivered = 0;
  for (const n of notifications.reverse()) {
    if (usable.length === 0) break;
    const payload: PushPayload = {
      title: translate(language, 'app.name'),
      body: notificationSentence(language, n),
      url: `${app.config.publicUrl}${notificationPath(n) ?? '/notifications'}`,
      tag: `notification-${n.id}`,
      lang: language,
      dir: languageDir(language),
    };
    const results = await Promise.allSettled(usable.map((d) => deliver(d, JSON.stringify(payload), vapidDetails, timeoutMs)));
    const sent: number[] = [];
    const gone: number[] = [];
    const silent = new Set<string>();
    results.forEach((result, i) => {
      const device = usable[i]!;
      if (result.status === 'rejected') {
        app.log.warn({ err: result.reason, deviceId: device.id }, 'push not delivered');
        silent.add(String(device.id));
      } else if (result.value < 300) sent.push(Number(device.id));
      else if (result.value === 404 || result.value === 410) gone.push(Number(device.id));
      else app.log.warn({ status: result.value, deviceId: device.id }, 'push refused by its service');
    });
    await devicesAnswered(app.db, { sent, gone });
    delivered += sent.length;
    usable = usable.filter((d) => !silent.has(String(d.id)) && !gone.includes(Number(d.id)));
  }
  return delivered;
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
 * Runs the sender every `ms` (0: never), one run at a time; the timer stops when the app closes.
 * Without keys it still runs, emptying the queue (devices kept from when push was on).
 */
export function schedulePushes(app: FastifyInstance, ms: number): void {
  if (ms <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendQueuedPushes(app)
      .catch((error: unknown) => app.log.error({ err: error }, 'push sending failed'))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
