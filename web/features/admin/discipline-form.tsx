import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { disciplineCreateSchema, type AdminDiscipline } from '../../../common/admin-catalogue.ts';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { IdentityFields, TranslationFields, translationValues, useFetchFailure } from './admin-catalogue-fields.tsx';
import { useAdminCategories, useAdminDiscipline, useSaveDiscipline } from './admin-catalogue.api.ts';
import { AdminFormCard } from './admin-form-card.tsx';
import type { AdminFormProps } from './admin-form-page.tsx';
import { formReturnUrl } from './admin-tabs.ts';

type FormValues = z.input<typeof disciplineCreateSchema>;
type FormOutput = z.output<typeof disciplineCreateSchema>;

const FIELDS = ['id', 'name', 'icon', 'names', 'categoryIds'] as const;
const FIELD_OF_CODE: Record<string, string> = { DISCIPLINE_EXISTS: 'id', INVALID_SLUG: 'id', ID_REQUIRED: 'id', NAME_REQUIRED: 'name', UNKNOWN_CATEGORY: 'categoryIds' };
const RETURN_TO = formReturnUrl('disciplines');

function valuesOf(discipline: AdminDiscipline | undefined): FormValues {
  return {
    id: discipline?.id ?? '',
    name: discipline?.name ?? '',
    icon: discipline?.icon ?? '',
    names: translationValues(discipline?.names),
    categoryIds: discipline?.categoryIds ?? [],
  };
}

/** /admin/new/disciplines and /admin/edit/disciplines/{id} (spec §2 Admin forms, §4 Discipline save). */
export default function DisciplineForm({ id }: AdminFormProps) {
  const { t } = useTranslation();
  const stored = useAdminDiscipline(id);
  useFetchFailure(stored.isError, stored.error, t('admin.catalogue.disciplines.fetchOneError'), RETURN_TO);
  if (id !== undefined && !stored.data) return <PageSpinner />;
  return <DisciplineFormCard id={id} stored={stored.data} />;
}

function DisciplineFormCard({ id, stored }: { id: string | undefined; stored: AdminDiscipline | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useLocalizedName();
  const ids = useId();
  const editing = id !== undefined;
  const categories = useAdminCategories();
  const save = useSaveDiscipline(id);
  const sortedCategories = useMemo(() => [...(categories.data ?? [])].sort((a, b) => a.position - b.position || name(a).localeCompare(name(b))), [categories.data, name]);
  const { register, handleSubmit, control, formState, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(disciplineCreateSchema),
    defaultValues: valuesOf(stored),
  });
  const errors = formState.errors;

  const submit = handleSubmit((values) => {
    const { id: newId, ...changes } = values;
    save.mutate(editing ? changes : { id: newId, ...changes }, {
      onSuccess: () => {
        notify('success', t(editing ? 'admin.catalogue.disciplines.updated' : 'admin.catalogue.disciplines.created'), values.name);
        navigate(RETURN_TO);
      },
      onError: (error) => {
        showServerFieldErrors(error, FIELDS, setError, FIELD_OF_CODE);
        const title =
          error instanceof ApiError && error.code === 'UNKNOWN_CATEGORY'
            ? 'admin.catalogue.disciplines.assignError'
            : editing
              ? 'admin.catalogue.disciplines.updateError'
              : 'admin.catalogue.disciplines.createError';
        notify('error', t(title), errorText(t, error));
      },
    });
  });

  return (
    <AdminFormCard
      editing={editing}
      title={t(editing ? 'admin.catalogue.disciplines.editTitle' : 'admin.catalogue.disciplines.createTitle')}
      returnTo={RETURN_TO}
      busy={save.isPending}
      onSubmit={(event) => void submit(event)}
      testId="admin-discipline-form"
    >
      <IdentityFields
        editing={editing}
        storedId={stored?.id}
        idInput={register('id')}
        nameInput={register('name')}
        iconInput={register('icon')}
        errors={{ id: fieldError(t, errors.id), name: fieldError(t, errors.name), icon: fieldError(t, errors.icon) }}
      />
      <Controller
        control={control}
        name="categoryIds"
        render={({ field, fieldState }) => {
          const selected = new Set(field.value);
          const toggle = (categoryId: string, on: boolean) => {
            const next = new Set(selected);
            if (on) next.add(categoryId);
            else next.delete(categoryId);
            field.onChange([...next]);
          };
          return (
            <fieldset aria-describedby={fieldState.error ? `${ids}-categories-error` : undefined}>
              <legend className="text-sm font-medium text-slate-700">{t('admin.catalogue.form.categories')}</legend>
              {categories.isLoading ? (
                <Spinner className="mt-2 h-5 w-5" />
              ) : categories.isError ? (
                <p className="mt-1 text-sm text-red-600">{t('admin.catalogue.categories.fetchError')}</p>
              ) : (
                <div className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-1 rounded-lg border border-slate-200 p-2" data-testid="admin-discipline-categories">
                  {sortedCategories.map((c) => {
                    const checked = selected.has(c.id);
                    return (
                      <label key={c.id} className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''}`}>
                        <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={checked} onChange={(e) => toggle(c.id, e.target.checked)} onBlur={field.onBlur} />
                        <span aria-hidden="true">{c.icon}</span>
                        <span className="truncate">{name(c)}</span>
                      </label>
                    );
                  })}
                </div>
              )}
              {fieldState.error && (
                <p id={`${ids}-categories-error`} className="mt-1 text-sm text-red-600" role="alert">
                  {fieldError(t, fieldState.error)}
                </p>
              )}
            </fieldset>
          );
        }}
      />
      <TranslationFields input={(code) => register(`names.${code}`)} errorOf={(code) => fieldError(t, errors.names?.[code])} />
    </AdminFormCard>
  );
}
