import { useTranslation } from 'react-i18next';

/** Picks the catalogue entry's name in the active language, falling back to its default name. */
export function useLocalizedName() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (item: { name: string; names?: Record<string, string> }) => item.names?.[lang] || item.name;
}

export function useFormatNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (value: number) => format.format(value);
}
