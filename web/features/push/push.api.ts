import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushDevices } from '../../../common/push.ts';
import { revokePushDeviceAction } from '../../../common/push-basics.ts';
import { api, sendAction } from '../../lib/api.ts';
import { toBase64url } from '../../../common/base64url.ts';

export const pushKeys = { devices: ['push-devices'] as const };

export const pushQueries = {
  devices: () => queryOptions({ queryKey: pushKeys.devices, queryFn: ({ signal }) => api<PushDevices>('/api/push/devices', { signal }) }),
};

export function usePushDevices() {
  return useQuery(pushQueries.devices());
}

/** Why this browser cannot take push: none when it can. */
export type PushBlocker = 'unsupported' | 'denied';

export function pushBlocker(): PushBlocker | null {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : null;
}

/** The browser's own subscription, if it has one (to unsubscribe it with the device). */
async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether a subscription's key is the server's (base64url text). */
function sameKey(key: ArrayBuffer | null, publicKey: string): boolean {
  if (!key) return false;
  return toBase64url(new Uint8Array(key)) === publicKey.replace(/=+$/, '');
}

export class PushRefused extends Error {
  constructor(readonly reason: PushBlocker) {
    super(reason);
  }
}

/**
 * Turns push on for this browser: the person's permission (asked on their click), a subscription
 * at the browser's push service for the server's key, then the device kept by the server.
 */
export function useTurnOnPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const blocker = pushBlocker();
      if (blocker) throw new PushRefused(blocker);
      if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('denied');
      // No worker (a development server, or one that failed to start): no push either.
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) throw new PushRefused('unsupported');
      let subscription = await registration.pushManager.getSubscription();
      // One made for another key (the site's keys changed) is refused by the push service: made anew.
      if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      return api<PushDevice>('/api/push/devices', { method: 'POST', body: subscription.toJSON() });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

/** Revokes a device; this browser's own subscription goes too when it is this device. */
export function useRevokePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice) => {
      await sendAction(revokePushDeviceAction, { id: device.id });
      if (device.current) await (await browserSubscription().catch(() => null))?.unsubscribe();
    },
    onSuccess: (_answer, device) =>
      client.setQueryData<PushDevices>(pushKeys.devices, (data) => data && { ...data, devices: data.devices.filter((d) => d.id !== device.id) }),
  });
}
