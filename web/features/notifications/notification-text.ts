import { useTranslation } from '../../lib/i18n-binding.tsx';
import { notificationText, type Notification } from '../../../common/notifications.ts';

/** A notification's sentence in the active language: who did what to which team or item. */
export function useNotificationText() {
  const { t } = useTranslation();
  return (n: Notification) => {
    const { key, values } = notificationText(n);
    return t(`notifications.text.${key}`, { ...values, actor: values.actor || t('notifications.someone') });
  };
}
