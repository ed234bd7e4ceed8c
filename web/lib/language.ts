import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from './i18n-binding.tsx';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, isLanguageCode, parseEnabledLanguages, resolveLanguage, type LanguageCode } from '../../common/languages.ts';
import type { LanguageChoice } from '../../common/profiles.ts';
import { api } from './api.ts';
import { authKeys, useMe } from './session.ts';
import { useSiteSettings } from './site-settings.ts';

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The enabled languages (spec §4), the active one, and a setter that refuses disabled codes. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const settings = useSiteSettings();
  // The same list object until the settings change (the query keeps equal data's identity), so the
  // effect and the setter below follow the list itself.
  const enabled = useMemo(() => parseEnabledLanguages(settings.enabledLanguages), [settings.enabledLanguages]);
  const current = (isLanguageCode(i18n.language) ? i18n.language : 'en') as LanguageCode;

  // When an admin disables the active language, fall back as at start-up.
  useEffect(() => {
    if (!enabled.includes(current)) void i18n.changeLanguage(resolveLanguage(readStoredLanguage(), enabled, navigator.languages));
  }, [enabled, current, i18n]);

  const { user } = useMe();
  const client = useQueryClient();
  /**
   * Switches the language; for a signed-in person it is also saved as their preferred language, in
   * which their mails are written (`save: false` where it was just saved or just read from the profile).
   */
  const setLanguage = useCallback(
    (code: LanguageCode, { save = true }: { save?: boolean } = {}) => {
      if (!enabled.includes(code)) return;
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
      } catch {
        // private mode: the choice lasts for this visit only
      }
      void i18n.changeLanguage(code);
      if (save && user && user.preferredLanguage !== code) {
        // In the background: the page is already in the new language, and a failed save only
        // leaves the mails in the previous one until the next switch.
        void api('/api/language', { method: 'PUT', body: { language: code } satisfies LanguageChoice })
          .then(() => client.setQueryData(authKeys.me, { user: { ...user, preferredLanguage: code } }))
          .catch(() => undefined);
      }
    },
    [enabled, i18n, user, client],
  );

  return { current, enabled: LANGUAGES.filter((l) => enabled.includes(l.code)), setLanguage };
}
