import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import type { z } from 'zod';
import { categoryCreateSchema, DEFAULT_CATALOGUE_COLOR, type AdminCategory } from '../../../common/admin-catalogue.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { CatalogueFormCard, translationValues, useCatalogueSubmit, useFetchFailure } from './admin-catalogue-fields.tsx';
import { useAdminCategory, useSaveCategory } from './admin-catalogue.api.ts';
import type { AdminFormProps } from './admin-form-props.ts';

type FormValues = z.input<typeof categoryCreateSchema>;
type FormOutput = z.output<typeof categoryCreateSchema>;

const FIELDS = ['id', 'name', 'icon', 'names', 'color'] as const;
const FIELD_OF_CODE: Record<string, string> = { CATEGORY_EXISTS: 'id', INVALID_SLUG: 'id', ID_REQUIRED: 'id', NAME_REQUIRED: 'name' };

function valuesOf(category: AdminCategory | undefined): FormValues {
  return {
    id: category?.id ?? '',
    name: category?.name ?? '',
    icon: category?.icon ?? '',
    color: category?.color ?? DEFAULT_CATALOGUE_COLOR,
    names: translationValues(category?.names),
  };
}

/** /admin/new/categories and /admin/edit/categories/{id} (spec §2 Admin forms). */
export default function CategoryForm({ id }: AdminFormProps) {
  const stored = useAdminCategory(id);
  useFetchFailure('categories', stored);
  if (id !== undefined && !stored.data) return <PageSpinner />;
  return <CategoryFormCard id={id} stored={stored.data} />;
}

function CategoryFormCard({ id, stored }: { id: string | undefined; stored: AdminCategory | undefined }) {
  const { t } = useTranslation();
  const colorId = useId();
  const editing = id !== undefined;
  const save = useSaveCategory(id);
  const { register, handleSubmit, formState, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(categoryCreateSchema),
    defaultValues: valuesOf(stored),
  });
  const submit = handleSubmit(
    useCatalogueSubmit<FormValues, FormOutput>({ kind: 'categories', editing, mutate: save.mutate, setError, fields: FIELDS, fieldOfCode: FIELD_OF_CODE }),
  );

  return (
    <CatalogueFormCard
      kind="categories"
      editing={editing}
      storedId={stored?.id}
      busy={save.isPending}
      onSubmit={(event) => void submit(event)}
      register={register}
      errors={formState.errors}
      testId="admin-category-form"
    >
      <div className="space-y-1">
        <label htmlFor={colorId} className="block text-sm font-medium text-slate-700">
          {t('admin.catalogue.form.color')}
        </label>
        <input id={colorId} type="color" className="h-10 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1" {...register('color')} />
      </div>
    </CatalogueFormCard>
  );
}
