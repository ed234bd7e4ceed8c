import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { z } from 'zod';
import { disciplineCreateSchema, type AdminDiscipline } from '../../../common/admin-catalogue.ts';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldError } from '../../lib/form.ts';
import { textOrder } from '../../lib/intl.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { CatalogueFormCard, translationValues, useCatalogueSubmit, useFetchFailure } from './admin-catalogue-fields.tsx';
import { useAdminCategories, useAdminDiscipline, useSaveDiscipline } from './admin-catalogue.api.ts';
import type { AdminFormProps } from './admin-form-props.ts';

type FormValues = z.input<typeof disciplineCreateSchema>;
type FormOutput = z.output<typeof disciplineCreateSchema>;

const FIELDS = ['id', 'name', 'icon', 'names', 'categoryIds'] as const;
const FIELD_OF_CODE: Record<string, string> = {
  DISCIPLINE_EXISTS: 'id',
  INVALID_SLUG: 'id',
  ID_REQUIRED: 'id',
  NAME_REQUIRED: 'name',
  UNKNOWN_CATEGORY: 'categoryIds',
};

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
  const stored = useAdminDiscipline(id);
  useFetchFailure('disciplines', stored);
  if (id !== undefined && !stored.data) return <PageSpinner />;
  return <DisciplineFormCard id={id} stored={stored.data} />;
}

function DisciplineFormCard({ id, stored }: { id: string | undefined; stored: AdminDiscipline | undefined }) {
  const { t, i18n } = useTranslation();
  const name = useLocalizedName();
  const ids = useId();
  const editing = id !== undefined;
  const categories = useAdminCategories();
  const save = useSaveDiscipline(id);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const sortedCategories = useMemo(() => {
    const order = textOrder(language);
    return [...(categories.data ?? [])].sort((a, b) => a.position - b.position || order(name(a), name(b)));
  }, [categories.data, name, language]);
  const { register, handleSubmit, control, formState, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(disciplineCreateSchema),
    defaultValues: valuesOf(stored),
  });
  const submit = handleSubmit(
    useCatalogueSubmit<FormValues, FormOutput>({
      kind: 'disciplines',
      editing,
      mutate: save.mutate,
      setError,
      fields: FIELDS,
      fieldOfCode: FIELD_OF_CODE,
      errorTitle: (error) => (error instanceof ApiError && error.code === 'UNKNOWN_CATEGORY' ? t('admin.catalogue.disciplines.assignError') : undefined),
    }),
  );

  return (
    <CatalogueFormCard
      kind="disciplines"
      editing={editing}
      storedId={stored?.id}
      busy={save.isPending}
      onSubmit={(event) => void submit(event)}
      register={register}
      errors={formState.errors}
      testId="admin-discipline-form"
    >
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
                <div
                  className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-1 rounded-lg border border-slate-200 p-2"
                  data-testid="admin-discipline-categories"
                >
                  {sortedCategories.map((c) => {
                    const checked = selected.has(c.id);
                    return (
                      <label
                        key={c.id}
                        className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''}`}
                      >
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-brand-600"
                          checked={checked}
                          onChange={(e) => toggle(c.id, e.target.checked)}
                          onBlur={field.onBlur}
                        />
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
    </CatalogueFormCard>
  );
}
