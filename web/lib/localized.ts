import { nameIn } from '../../common/languages.ts';
import { useTranslation } from './i18n-binding.tsx';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl.ts';
import { useDisplayTimeZone } from './use-hydrated.ts';

/** Picks the catalogue entry's name in the active language, falling back to its default name. */
export function useLocalizedName() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (item: { name: string; names?: Record<string, string> }) => nameIn(item, lang);
}

export function useFormatNumber() {
  const { i18n } = useTranslation();
  const format = numberFormat(i18n.language);
  return (value: number) => format.format(value);
}

/** A distance in kilometres, with the unit as the active language writes it ('5.2 km', '٥٫٢ كم'). */
export function useFormatDistance() {
  const { i18n } = useTranslation();
  const format = numberFormat(i18n.language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
  return (km: number) => format.format(km);
}

/** Prices are in US dollars, written the way the active language writes money. */
export function useFormatPrice() {
  const { i18n } = useTranslation();
  const format = numberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  return (value: number) => format.format(value);
}

/**
 * Formats dates in the active language. A date-only value ('2019-05-01') is a calendar day and is
 * shown as such in every time zone; a timestamp is shown in the visitor's own zone.
 */
export function useFormatDate(options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const dayFormat = dateTimeFormat(lang, { ...options, timeZone: 'UTC' });
  const instantFormat = dateTimeFormat(lang, { ...options, timeZone: useDisplayTimeZone() });
  return (value: string) => {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(date.getTime())) return value;
    return (dateOnly ? dayFormat : instantFormat).format(date);
  };
}

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
  const format = relativeTimeFormat(i18n.resolvedLanguage ?? i18n.language, { numeric: 'auto' });
  return (value: string, now = Date.now()) => {
    const seconds = (new Date(value).getTime() - now) / 1000;
    if (Number.isNaN(seconds)) return '';
    for (const [unit, size] of UNITS) {
      if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
    }
    return format.format(0, 'second');
  };
}
