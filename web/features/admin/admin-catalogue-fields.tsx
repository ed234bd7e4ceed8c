import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CATALOGUE_ICON_MAX, CATALOGUE_ID_MAX, CATALOGUE_NAME_MAX } from '../../../common/admin-catalogue.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '../../../common/languages.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText, notify } from '../../lib/toast.ts';

/** The languages a name can be translated into: `name` itself is the English one. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter((l) => l.code !== DEFAULT_LANGUAGE);

/** The form's translation inputs, one per language, from stored names (missing ones blank). */
export function translationValues(names: Record<string, string> = {}): Partial<Record<LanguageCode, string>> {
  return Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l.code, names[l.code] ?? '']));
}

/** The form fields that identify a discipline or a category: ID (fixed once created), name and icon. */
export function IdentityFields({
  editing,
  storedId,
  idInput,
  nameInput,
  iconInput,
  errors,
}: {
  editing: boolean;
  storedId: string | undefined;
  idInput: UseFormRegisterReturn;
  nameInput: UseFormRegisterReturn;
  iconInput: UseFormRegisterReturn;
  errors: { id?: string; name?: string; icon?: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      {editing ? (
        // Shown, not submitted: the ID is immutable and an edit never sends it.
        <TextField label={t('admin.catalogue.form.id')} value={storedId ?? ''} disabled readOnly dir="ltr" hint={t('admin.catalogue.form.idFixed')} />
      ) : (
        <TextField
          label={t('admin.catalogue.form.id')}
          required
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          dir="ltr"
          maxLength={CATALOGUE_ID_MAX}
          hint={t('admin.catalogue.form.idHint')}
          error={errors.id}
          {...idInput}
        />
      )}
      <TextField label={t('admin.catalogue.form.name')} required autoComplete="off" maxLength={CATALOGUE_NAME_MAX} error={errors.name} {...nameInput} />
      <TextField
        label={t('admin.catalogue.form.icon')}
        autoComplete="off"
        placeholder="🏄"
        hint={t('admin.catalogue.form.iconHint', { max: CATALOGUE_ICON_MAX })}
        error={errors.icon}
        {...iconInput}
      />
    </>
  );
}

/** Optional names per language, folded away: most edits leave them alone. */
export function TranslationFields({ input, errorOf }: { input: (code: LanguageCode) => UseFormRegisterReturn; errorOf: (code: LanguageCode) => string | undefined }) {
  const { t } = useTranslation();
  const hasError = TRANSLATED_LANGUAGES.some((l) => errorOf(l.code));
  return (
    <details className="group rounded-lg border border-slate-200 px-4 py-3" open={hasError || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-slate-700">{t('admin.catalogue.form.translations')}</summary>
      <p className="mt-1 text-xs text-slate-500">{t('admin.catalogue.form.translationsHint')}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {TRANSLATED_LANGUAGES.map((l) => (
          <TextField
            key={l.code}
            label={t('admin.catalogue.form.nameIn', { language: l.nativeName })}
            lang={l.code}
            dir={l.dir}
            autoComplete="off"
            maxLength={CATALOGUE_NAME_MAX}
            error={errorOf(l.code)}
            {...input(l.code)}
          />
        ))}
      </div>
    </details>
  );
}

/** An edited item that cannot be read: the error toast, then back to its list (spec §8 Admin forms). */
export function useFetchFailure(failed: boolean, error: unknown, title: string, returnTo: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!failed) return;
    notify('error', title, errorText(t, error));
    navigate(returnTo, { replace: true });
  }, [failed, error, title, returnTo, navigate, t]);
}
