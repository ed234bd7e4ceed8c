import { useTranslation } from 'react-i18next';
import { notificationText, type Notification } from '../../../common/notifications.ts';

/** A notification's sentence in the active language: who did what to which team or item. */
export function useNotificationText() {
  const { t } = useTranslation();
  return (n: Notification) => {
    const { key, values } = notificationText(n);
    return t(`notifications.text.${key}`, { ...values, actor: values.actor || t('notifications.someone') });
  };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday'… in the active language. */
export function useRelativeTime() {
  const { i18n } = useTranslation();
  const format = new Intl.RelativeTimeFormat(i18n.resolvedLanguage ?? i18n.language, { numeric: 'auto' });
  return (iso: string, now = Date.now()) => {
    const seconds = Math.round((Date.parse(iso) - now) / 1000);
    for (const [unit, size] of UNITS) {
      if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
    }
    return format.format(0, 'second');
  };
}
