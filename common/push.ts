import { z } from 'zod';
import { withInput } from './actions.ts';
import { isHttpUrl } from './content-basics.ts';
import { revokePushDeviceAction } from './push-basics.ts';

/**
 * Web Push (issue 21, item 4): the devices a person gets notifications on. Shared by the API and the
 * web app; the notification types a person has pushed are channels of common/notifications.ts.
 */

/** A person may keep this many devices; a new one beyond it replaces the longest unused. */
export const PUSH_DEVICES_MAX = 20;

/** How many bytes base64url text (padded or not) stands for; 0 when it is not base64url. */
export function base64urlBytes(value: string): number {
  const bare = value.replace(/={1,2}$/, '');
  return /^[A-Za-z0-9_-]+$/.test(bare) ? Math.floor((bare.length * 3) / 4) : 0;
}

const base64url = (bytes: number) =>
  z
    .string()
    .max(200)
    .refine((v) => base64urlBytes(v) === bytes, { message: `must be ${bytes} bytes in base64url` });

/** What PushManager.subscribe() answers (PushSubscription.toJSON()), as the browser sends it. */
export const pushSubscriptionSchema = z.object({
  // Not marked as a URL field for the pages (format uri): nobody is shown it; the server sends to it,
  // and only at a push service it knows (server/features/push).
  endpoint: z.string().trim().max(1000, { error: 'TOO_LONG' }).refine(isHttpUrl, { error: 'INVALID_URL' }),
  // An uncompressed P-256 point and a 16-byte secret (RFC 8291).
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** One of the person's devices; `current` is the one the request came from (same session). */
export const pushDeviceSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  createdAt: z.string(),
  lastPushAt: z.string().nullable(),
  current: z.boolean(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDevicesSchema = z.object({
  /** The server's VAPID public key (applicationServerKey); null when push is off on this site. */
  publicKey: z.string().nullable(),
  devices: z.array(pushDeviceSchema),
});
export type PushDevices = z.infer<typeof pushDevicesSchema>;

/** The revoke action's field (common/push-basics.ts): a device's id as text, as its path gives it. */
export const revokePushDeviceWithInput = withInput(revokePushDeviceAction, z.object({ id: z.string().max(100) }));

/** What a push carries: no more than the notification shows in the bell, in the person's language. */
export type PushPayload = { title: string; body: string; url: string; tag: string; lang: string; dir: 'ltr' | 'rtl' };
