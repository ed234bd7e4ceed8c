import { useEffect, type FormEvent, type ReactNode } from 'react';
import type { FieldError, FieldValues, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import { CATALOGUE_ICON_MAX, CATALOGUE_ID_MAX, CATALOGUE_NAME_MAX } from '../../../common/admin-catalogue.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '../../../common/languages.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { AdminFormCard } from './admin-form-card.tsx';
import { formReturnUrl } from './admin-tabs.ts';

/** The languages a name can be translated into: `name` itself is the English one. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter((l) => l.code !== DEFAULT_LANGUAGE);

/** The form's translation inputs, one per language, from stored names (missing ones blank). */
export function translationValues(names: Record<string, string> = {}): Partial<Record<LanguageCode, string>> {
  return Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l.code, names[l.code] ?? '']));
}

type CatalogueKind = 'disciplines' | 'categories';
type CatalogueField = 'id' | 'name' | 'icon' | `names.${LanguageCode}`;

/**
 * A discipline or category form: the card titled after its kind, the ID, name and icon first, the
 * kind's own fields (`children`), then the optional names per language.
 */
export function CatalogueFormCard({
  kind,
  editing,
  storedId,
  busy,
  onSubmit,
  register,
  errors,
  testId,
  children,
}: {
  kind: CatalogueKind;
  editing: boolean;
  storedId: string | undefined;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  register: (field: CatalogueField) => UseFormRegisterReturn;
  errors: { id?: FieldError; name?: FieldError; icon?: FieldError; names?: Partial<Record<LanguageCode, FieldError>> };
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AdminFormCard
      editing={editing}
      title={t(`admin.catalogue.${kind}.${editing ? 'editTitle' : 'createTitle'}`)}
      returnTo={formReturnUrl(kind)}
      busy={busy}
      onSubmit={onSubmit}
      testId={testId}
    >
      <IdentityFields
        editing={editing}
        storedId={storedId}
        idInput={register('id')}
        nameInput={register('name')}
        iconInput={register('icon')}
        errors={{ id: fieldError(t, errors.id), name: fieldError(t, errors.name), icon: fieldError(t, errors.icon) }}
      />
      {children}
      <TranslationFields input={(code) => register(`names.${code}`)} errorOf={(code) => fieldError(t, errors.names?.[code])} />
    </AdminFormCard>
  );
}

/** The form fields that identify a discipline or a category: ID (fixed once created), name and icon. */
function IdentityFields({
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
function TranslationFields({ input, errorOf }: { input: (code: LanguageCode) => UseFormRegisterReturn; errorOf: (code: LanguageCode) => string | undefined }) {
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
export function useFetchFailure(kind: CatalogueKind, stored: { isError: boolean; error: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isError, error } = stored;
  useEffect(() => {
    if (!isError) return;
    notify('error', t(`admin.catalogue.${kind}.fetchOneError`), errorText(t, error));
    navigate(formReturnUrl(kind), { replace: true });
  }, [isError, error, kind, navigate, t]);
}

type SaveCallbacks = { onSuccess: () => void; onError: (error: Error) => void };

/**
 * The submit of a discipline or category form; the ID goes only with a create (an edit never sends it).
 * Saved: a toast, then back to the list. Refused: the server's field errors next to their fields and a toast.
 */
export function useCatalogueSubmit<F extends FieldValues, O extends { id: string; name: string }>({
  kind,
  editing,
  mutate,
  setError,
  fields,
  fieldOfCode,
  errorTitle = () => undefined,
}: {
  kind: CatalogueKind;
  editing: boolean;
  mutate: (body: O | Omit<O, 'id'>, callbacks: SaveCallbacks) => void;
  setError: UseFormSetError<F>;
  fields: readonly string[];
  fieldOfCode: Record<string, string>;
  /** A refusal's own toast title, instead of 'Error creating…' or 'Error updating…'. */
  errorTitle?: (error: Error) => string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (values: O) => {
    const { id: _id, ...changes } = values;
    mutate(editing ? changes : values, {
      onSuccess: () => {
        notify('success', t(`admin.catalogue.${kind}.${editing ? 'updated' : 'created'}`), values.name);
        navigate(formReturnUrl(kind));
      },
      onError: (error) => {
        showServerFieldErrors(error, fields, setError, fieldOfCode);
        notify('error', errorTitle(error) ?? t(`admin.catalogue.${kind}.${editing ? 'updateError' : 'createError'}`), errorText(t, error));
      },
    });
  };
}
