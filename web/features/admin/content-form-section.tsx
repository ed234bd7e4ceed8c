import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import type { AdminSectionKind } from '../../../common/admin-content.ts';
import { SelectField } from '../../components/ui/text-field.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { showServerFieldErrors, type SaveMutation, type SectionForm } from '../../lib/form.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useDisciplines } from '../../lib/disciplines.ts';
import { AdminFormCard } from './admin-form-card.tsx';
import { formReturnUrl } from './admin-tabs.ts';
import { adminKeys } from './admin.api.ts';

/**
 * What the admin form takes from a section: the definition of its form (the one its own dialog
 * uses, from `<section>-form-fields.tsx`) and its API hooks.
 */
export type ContentFormSection<V extends FieldValues, O extends B, Item extends { id: string; disciplineId: string }, B> = {
  form: SectionForm<V, O, Item, B>;
  /** Its data is null (or the query fails) when the item does not exist. */
  useItem: (id: string) => { data: Item | null | undefined; isError: boolean; error: unknown };
  useCreate: (disciplineId: string) => SaveMutation<B, Item>;
  useUpdate: (id: string) => SaveMutation<B, Item>;
};

export type ContentFormProps = { kind: AdminSectionKind; id: string | undefined };

/** The admin form of one section: 'Create New X' at /admin/new/{kind}, 'Edit X' at /admin/edit/{kind}/{id}. */
export function contentFormOf<V extends FieldValues, O extends B, Item extends { id: string; disciplineId: string }, B>(
  section: ContentFormSection<V, O, Item, B>,
): ComponentType<ContentFormProps> {
  return function SectionContentForm({ kind, id }: ContentFormProps) {
    return id === undefined ? <ContentCard section={section} kind={kind} /> : <EditContent section={section} kind={kind} id={id} />;
  };
}

function EditContent<V extends FieldValues, O extends B, Item extends { id: string; disciplineId: string }, B>({
  section,
  kind,
  id,
}: {
  section: ContentFormSection<V, O, Item, B>;
  kind: AdminSectionKind;
  id: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: item, isError, error } = section.useItem(id);
  const failed = isError || item === null;

  useEffect(() => {
    if (!failed) return;
    notify('error', t(`admin.contentForm.fetchError.${kind}`), isError ? errorText(t, error) : t('errors.CONTENT_NOT_FOUND'));
    navigate(formReturnUrl(kind), { replace: true });
  }, [failed]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!item) return <PageSpinner />;
  return <ContentCard section={section} kind={kind} item={item} />;
}

function ContentCard<V extends FieldValues, O extends B, Item extends { id: string; disciplineId: string }, B>({
  section,
  kind,
  item,
}: {
  section: ContentFormSection<V, O, Item, B>;
  kind: AdminSectionKind;
  item?: Item;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const localized = useLocalizedName();
  const { data: disciplines = [] } = useDisciplines();
  const { form: spec } = section;
  const form = useForm<V, unknown, O>({ resolver: spec.resolver, defaultValues: (item ? spec.valuesOf(item) : spec.empty) as DefaultValues<V> });
  const [disciplineId, setDisciplineId] = useState(item?.disciplineId ?? '');
  const [disciplineError, setDisciplineError] = useState<string>();
  const create = section.useCreate(disciplineId);
  const update = section.useUpdate(item?.id ?? '');
  const busy = create.isPending || update.isPending;
  const returnTo = formReturnUrl(kind);

  async function save(values: O) {
    const body: B = spec.toBody ? spec.toBody(values, item) : values;
    try {
      await (item ? update.mutateAsync(body) : create.mutateAsync(body));
      void client.invalidateQueries({ queryKey: adminKeys.all });
      notify('success', t(`admin.contentForm.saved.${kind}`));
      navigate(returnTo);
    } catch (error) {
      notify('error', t(`admin.contentForm.saveError.${kind}`), errorText(t, error));
      if (error instanceof ApiError && error.code === 'DISCIPLINE_NOT_FOUND') setDisciplineError(error.code);
      showServerFieldErrors(error, spec.serverFields, form.setError, spec.fieldOfCode);
    }
  }

  // The discipline is checked with the section's fields, so that every missing field shows at once.
  function submit(event: FormEvent<HTMLFormElement>) {
    const missing = disciplineId === '';
    setDisciplineError(missing ? 'REQUIRED' : undefined);
    void form.handleSubmit((values) => (missing ? undefined : save(values)))(event);
  }

  const Fields = spec.Fields;
  return (
    <AdminFormCard
      editing={!!item}
      title={t(`admin.contentForm.${item ? 'edit' : 'create'}.${kind}`)}
      returnTo={returnTo}
      busy={busy}
      onSubmit={submit}
      testId="admin-content-form"
    >
      <SelectField
        label={t('admin.contentForm.discipline')}
        value={disciplineId}
        onChange={(event) => {
          setDisciplineId(event.target.value);
          setDisciplineError(undefined);
        }}
        // The sections' PATCH keeps an item in its discipline.
        disabled={!!item}
        hint={item ? t('admin.contentForm.disciplineFixed') : undefined}
        error={disciplineError && t(`errors.${disciplineError}`)}
        required
        data-testid="admin-content-discipline"
      >
        <option value="">{t('admin.contentForm.chooseDiscipline')}</option>
        {disciplines.map((d) => (
          <option key={d.id} value={d.id}>
            {`${d.icon} ${localized(d)}`}
          </option>
        ))}
      </SelectField>
      <Fields form={form} />
    </AdminFormCard>
  );
}
