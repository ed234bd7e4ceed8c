import { useTranslation } from '../../lib/i18n-binding.tsx';

/** A session's length in the active language: '45 min', '2 h', '1 h 30 min'. */
export function useDurationText() {
  const { t } = useTranslation();
  return (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    if (h === 0) return t('sessionLog.duration.minutes', { m });
    return m === 0 ? t('sessionLog.duration.hours', { h }) : t('sessionLog.duration.hoursMinutes', { h, m });
  };
}
