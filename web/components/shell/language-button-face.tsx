import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useLanguage } from '../../lib/language.ts';

/**
 * What the language button shows and says. Its name starts with the language it shows (WCAG 2.5.3,
 * label in name: a voice user says what they see), then says what the button is for.
 */
export function LanguageButtonFace() {
  const { t } = useTranslation();
  const { current, enabled } = useLanguage();
  const active = enabled.find((l) => l.code === current);
  return (
    <>
      <span aria-hidden="true">{active?.flag ?? '🌐'}</span>
      <span lang={current}>{active?.nativeName ?? current}</span>
      <span className="sr-only"> ({t('nav.language')})</span>
    </>
  );
}
