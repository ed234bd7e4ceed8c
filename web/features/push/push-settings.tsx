import { useState } from 'react';
import type { PushDevice } from '../../../common/push.ts';
import { doneMessage } from '../../../common/actions.ts';
import { revokePushDeviceAction } from '../../../common/push-basics.ts';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { dateTimeFormat } from '../../lib/intl.ts';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { useDisplayTimeZone, useHydrated } from '../../lib/use-hydrated.ts';
import { pushBlocker, PushRefused, usePushDevices, useRevokePushDevice, useTurnOnPush } from './push.api.ts';

/**
 * The own profile's "Push notifications": turning push on for this browser (it needs the browser's
 * scripts: permission and subscription are the browser's), and the person's devices, each revoked
 * with a plain form. Which kinds of notification are pushed is chosen in the notification settings.
 */
export function PushSettings({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const devices = usePushDevices();
  return (
    <SettingsSection id="push-settings" title={t('push.title')} intro={t('push.intro')} query={devices} className={className}>
      {(data) =>
        data.publicKey === null ? (
          <p className="mt-4 text-sm text-slate-700">{t('push.unavailable')}</p>
        ) : (
          <div className="mt-4 space-y-4">
            <ThisDevice publicKey={data.publicKey} subscribed={data.devices.some((d) => d.current)} />
            {data.devices.length > 0 && (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('push.devices')} data-testid="push-devices">
                {data.devices.map((device) => (
                  <DeviceRow key={device.id} device={device} />
                ))}
              </ul>
            )}
          </div>
        )
      }
    </SettingsSection>
  );
}

/** This browser: already a device, or a button to make it one (or why it cannot be). */
function ThisDevice({ publicKey, subscribed }: { publicKey: string; subscribed: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const turnOn = useTurnOnPush();
  const [refused, setRefused] = useState<string | null>(null);
  if (!hydrated) return <p className="text-sm text-slate-700">{t('push.needsScripts')}</p>;
  if (subscribed)
    return (
      <p role="status" className="text-sm text-slate-700" data-testid="push-state">
        {t('push.on')}
      </p>
    );
  const blocker = refused ?? pushBlocker();
  if (blocker)
    return (
      <p role="status" className="text-sm text-slate-700" data-testid="push-state">
        {t(`push.${blocker}`)}
      </p>
    );
  const onClick = () =>
    turnOn.mutate(publicKey, {
      onSuccess: () => notify('success', t('push.turnedOn')),
      onError: (error) => {
        if (error instanceof PushRefused) setRefused(error.reason);
        else notify('error', t('push.failed'), errorText(t, error));
      },
    });
  return (
    <Button type="button" onClick={onClick} disabled={turnOn.isPending} data-testid="push-turn-on">
      {t('push.turnOn')}
    </Button>
  );
}

function DeviceRow({ device }: { device: PushDevice }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokePushDevice();
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: useDisplayTimeZone() });
  const name =
    device.browser && device.system
      ? t('push.deviceName', { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t('push.unknownDevice'));
  const onRevoke = () =>
    revoke.mutate(device, {
      // The same message as the plain form's (common/push-basics.ts).
      onSuccess: () => notifyFlash(t, doneMessage(revokePushDeviceAction, null, { id: device.id })),
      onError: (error) => notify('error', t('profile.errorSaving'), errorText(t, error)),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="push-device">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <bdi>{name}</bdi>
          {device.current && <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{t('push.thisDevice')}</span>}
        </p>
        <p className="text-sm text-slate-600">
          {t('push.added', { date: date.format(new Date(device.createdAt)) })}
          {device.lastPushAt && <> · {t('push.lastPush', { date: date.format(new Date(device.lastPushAt)) })}</>}
        </p>
      </div>
      <ActionForm action={revokePushDeviceAction} fields={{ id: device.id }} onSubmit={onRevoke}>
        <Button type="submit" variant="outline" disabled={revoke.isPending} aria-label={t('push.revokeNamed', { name })}>
          {t('push.revoke')}
        </Button>
      </ActionForm>
    </li>
  );
}
