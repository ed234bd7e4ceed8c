import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { LANGUAGES, parseEnabledLanguages, type LanguageCode } from '../../../common/languages.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { useSaveLanguages } from './admin-settings.api.ts';

/** Settings › Languages: the nine interface languages as switches; at least one stays on. */
export function SettingsLanguages() {
  const saved = parseEnabledLanguages(useSiteSettings().enabledLanguages);
  // Held here: the form below remounts when the list is saved, and a mutation's callbacks die with its component.
  const save = useSaveLanguages();
  // A fresh form whenever the stored list changes (loaded, or saved here or by another admin).
  return <LanguagesForm key={saved.join(',')} saved={saved} save={save} />;
}

function LanguagesForm({ saved, save }: { saved: LanguageCode[]; save: ReturnType<typeof useSaveLanguages> }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState<LanguageCode[]>(saved);
  const dirty = enabled.length !== saved.length || enabled.some((code) => !saved.includes(code));
  const hintId = 'admin-languages-hint';

  const toggle = (code: LanguageCode, on: boolean) =>
    setEnabled((current) => (on ? [...current, code] : current.length > 1 ? current.filter((c) => c !== code) : current));

  return (
    <form
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="admin-settings-languages"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(enabled, {
          onSuccess: () => notify('success', t('admin.settings.languages.saved')),
          onError: (error) => notify('error', t('admin.settings.languages.saveError'), errorText(t, error)),
        });
      }}
    >
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">{t('admin.settings.languages.title')}</legend>
        <p className="mt-1 text-sm text-slate-600">{t('admin.settings.languages.intro')}</p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {LANGUAGES.map((language) => {
            const checked = enabled.includes(language.code);
            const last = checked && enabled.length === 1;
            return (
              <li key={language.code}>
                <label
                  className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 ${checked ? 'border-brand-300 bg-brand-50' : 'border-slate-200'} ${last ? 'cursor-not-allowed' : ''}`}
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={checked}
                    disabled={last || save.isPending}
                    aria-describedby={last ? hintId : undefined}
                    onChange={(event) => toggle(language.code, event.target.checked)}
                  />
                  <span aria-hidden="true" className="text-xl">
                    {language.flag}
                  </span>
                  <span lang={language.code} className="font-medium text-slate-900">
                    {language.nativeName}
                  </span>
                  {language.englishName !== language.nativeName && <span className="text-sm text-slate-500">{language.englishName}</span>}
                </label>
              </li>
            );
          })}
        </ul>
        {enabled.length === 1 && (
          <p id={hintId} className="mt-3 text-sm text-slate-600">
            {t('admin.settings.languages.lastOneHint')}
          </p>
        )}
      </fieldset>
      <Button type="submit" className="mt-5" busy={save.isPending} disabled={!dirty}>
        {t('common.save')}
      </Button>
    </form>
  );
}
