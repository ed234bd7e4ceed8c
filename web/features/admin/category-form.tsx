import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { categoryCreateSchema, DEFAULT_CATALOGUE_COLOR, type AdminCategory } from '../../../common/admin-catalogue.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { IdentityFields, TranslationFields, translationValues, useFetchFailure } from './admin-catalogue-fields.tsx';
import { useAdminCategory, useSaveCategory } from './admin-catalogue.api.ts';
import { AdminFormCard } from './admin-form-card.tsx';
import type { AdminFormProps } from './admin-form-page.tsx';
import { formReturnUrl } from './admin-tabs.ts';

type FormValues = z.input<typeof categoryCreateSchema>;
type FormOutput = z.output<typeof categoryCreateSchema>;

const FIELDS = ['id', 'name', 'icon', 'names', 'color'] as const;
const FIELD_OF_CODE: Record<string, string> = { CATEGORY_EXISTS: 'id', INVALID_SLUG: 'id', ID_REQUIRED: 'id', NAME_REQUIRED: 'name' };
const RETURN_TO = formReturnUrl('categories');

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
  const { t } = useTranslation();
  const stored = useAdminCategory(id);
  useFetchFailure(stored.isError, stored.error, t('admin.catalogue.categories.fetchOneError'), RETURN_TO);
  if (id !== undefined && !stored.data) return <PageSpinner />;
  return <CategoryFormCard id={id} stored={stored.data} />;
}

function CategoryFormCard({ id, stored }: { id: string | undefined; stored: AdminCategory | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const colorId = useId();
  const editing = id !== undefined;
  const save = useSaveCategory(id);
  const { register, handleSubmit, formState, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(categoryCreateSchema),
    defaultValues: valuesOf(stored),
  });
  const errors = formState.errors;

  const submit = handleSubmit((values) => {
    const { id: newId, ...changes } = values;
    save.mutate(editing ? changes : { id: newId, ...changes }, {
      onSuccess: () => {
        notify('success', t(editing ? 'admin.catalogue.categories.updated' : 'admin.catalogue.categories.created'), values.name);
        navigate(RETURN_TO);
      },
      onError: (error) => {
        showServerFieldErrors(error, FIELDS, setError, FIELD_OF_CODE);
        notify('error', t(editing ? 'admin.catalogue.categories.updateError' : 'admin.catalogue.categories.createError'), errorText(t, error));
      },
    });
  });

  return (
    <AdminFormCard
      editing={editing}
      title={t(editing ? 'admin.catalogue.categories.editTitle' : 'admin.catalogue.categories.createTitle')}
      returnTo={RETURN_TO}
      busy={save.isPending}
      onSubmit={(event) => void submit(event)}
      testId="admin-category-form"
    >
      <IdentityFields
        editing={editing}
        storedId={stored?.id}
        idInput={register('id')}
        nameInput={register('name')}
        iconInput={register('icon')}
        errors={{ id: fieldError(t, errors.id), name: fieldError(t, errors.name), icon: fieldError(t, errors.icon) }}
      />
      <div className="space-y-1">
        <label htmlFor={colorId} className="block text-sm font-medium text-slate-700">
          {t('admin.catalogue.form.color')}
        </label>
        <input id={colorId} type="color" className="h-10 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1" {...register('color')} />
      </div>
      <TranslationFields input={(code) => register(`names.${code}`)} errorOf={(code) => fieldError(t, errors.names?.[code])} />
    </AdminFormCard>
  );
}
