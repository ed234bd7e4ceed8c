import { useTranslation } from '../../lib/i18n-binding.tsx';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationChannel } from '../../../common/notifications.ts';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from './notifications.api.ts';

/** The own profile's 'Notifications' settings: one channel per type, saved on change. */
export function NotificationSettings({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  return (
    <SettingsSection
      id="notification-settings"
      title={t('notifications.settings.title')}
      intro={t('notifications.settings.intro')}
      query={preferences}
      className={className}
    >
      {(chosen) => (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {NOTIFICATION_TYPES.map((type) => (
            <div key={type} className="flex flex-col gap-1">
              <label htmlFor={`notify-${type}`} className="text-sm font-medium text-slate-700">
                {t(`notifications.settings.types.${type}`)}
              </label>
              <select
                id={`notify-${type}`}
                value={chosen[type]}
                disabled={save.isPending}
                onChange={(event) =>
                  save.mutate(
                    { [type]: event.target.value as NotificationChannel },
                    {
                      onSuccess: () => notify('success', t('notifications.settings.saved')),
                      onError: (error) => notify('error', t('profile.errorSaving'), errorText(t, error)),
                    },
                  )
                }
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
              >
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {t(`notifications.settings.channels.${channel}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      )}
    </SettingsSection>
  );
}
