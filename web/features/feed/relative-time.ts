import { useTranslation } from 'react-i18next';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** 'in 3 days', '5 minutes ago', 'now' in the active language, from an ISO time. */
export function useRelativeTime() {
  const { i18n } = useTranslation();
  const format = new Intl.RelativeTimeFormat(i18n.resolvedLanguage ?? i18n.language, { numeric: 'auto' });
  return (value: string, now = Date.now()) => {
    const seconds = (new Date(value).getTime() - now) / 1000;
    if (Number.isNaN(seconds)) return '';
    for (const [unit, size] of UNITS) {
      if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
    }
    return format.format(0, 'second');
  };
}
