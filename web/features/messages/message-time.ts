import { useTranslation } from 'react-i18next';

/** A message's time: the clock for today, the date otherwise, in the active language. */
export function useMessageTime() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const clock = new Intl.DateTimeFormat(lang, { timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const full = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short' });
  return {
    short(value: string) {
      const date = new Date(value);
      return (date.toDateString() === new Date().toDateString() ? clock : day).format(date);
    },
    full: (value: string) => full.format(new Date(value)),
  };
}
