import { useTranslation } from '../../lib/i18n-binding.tsx';
import { dateTimeFormat } from '../../lib/intl.ts';

/** A message's time: the clock for today, the date otherwise, in the active language. */
export function useMessageTime() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const clock = dateTimeFormat(lang, { timeStyle: 'short' });
  const day = dateTimeFormat(lang, { dateStyle: 'medium' });
  const full = dateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short' });
  return {
    short(value: string) {
      const date = new Date(value);
      return (date.toDateString() === new Date().toDateString() ? clock : day).format(date);
    },
    full: (value: string) => full.format(new Date(value)),
  };
}
