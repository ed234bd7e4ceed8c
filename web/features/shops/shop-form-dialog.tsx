import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { lineList } from '../../../common/content.ts';
import { SHOP_FIRST_YEAR, SHOP_MAX_BRANDS, SHOP_MAX_SPECIALTIES, shopInputSchema, splitList, type Shop } from '../../../common/shops.ts';
import { FormActions, FormDialog } from '../../components/ui/form-dialog.tsx';
import { TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useCreateShop, useUpdateShop } from './shops.api.ts';

// The form types lists and numbers as text; this turns them into what the API schema expects.
const formSchema = shopInputSchema.extend({
  establishedYear: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : Number(v)))
    .pipe(shopInputSchema.shape.establishedYear.unwrap()),
  sponsoredAthletes: z
    .string()
    .trim()
    .transform((v) => (v === '' ? 0 : Number(v)))
    .pipe(shopInputSchema.shape.sponsoredAthletes.unwrap()),
  specialties: z.string().transform(splitList).pipe(lineList(SHOP_MAX_SPECIALTIES, 60)),
  brands: z.string().transform(splitList).pipe(lineList(SHOP_MAX_BRANDS, 60)),
});

type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const FIELDS = ['name', 'description', 'location', 'establishedYear', 'sponsoredAthletes', 'specialties', 'brands', 'email', 'phone', 'website', 'imageUrl'] as const;

const EMPTY: FormValues = {
  name: '',
  description: '',
  location: '',
  establishedYear: '',
  sponsoredAthletes: '',
  specialties: '',
  brands: '',
  email: '',
  phone: '',
  website: '',
  imageUrl: '',
};

function valuesOf(shop: Shop | undefined): FormValues {
  if (!shop) return EMPTY;
  return {
    name: shop.name,
    description: shop.description,
    location: shop.location,
    establishedYear: shop.establishedYear === null ? '' : String(shop.establishedYear),
    sponsoredAthletes: String(shop.sponsoredAthletes),
    specialties: shop.specialties.join('\n'),
    brands: shop.brands.join('\n'),
    email: shop.email ?? '',
    phone: shop.phone ?? '',
    website: shop.website ?? '',
    imageUrl: shop.imageUrl ?? '',
  };
}

/**
 * 'Add Shop' (or editing `shop`) in a dialog. Specialties and brands are typed one per line or
 * separated by commas. The form stays open with what was typed when saving fails.
 */
export function ShopFormDialog({
  open,
  onOpenChange,
  disciplineId,
  shop,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disciplineId: string;
  shop?: Shop;
}) {
  const { t } = useTranslation();
  const create = useCreateShop(disciplineId);
  const update = useUpdateShop(shop?.id ?? '');
  const pending = create.isPending || update.isPending;
  const { register, handleSubmit, formState, setError, reset } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(shop),
  });
  const errors = formState.errors;

  // Editing starts from the shop as it is now, each time the dialog opens.
  useEffect(() => {
    if (open && shop) reset(valuesOf(shop));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const thisYear = new Date().getFullYear();
  // Shared schemas report a bad phone or year as VALIDATION_ERROR: say what is expected instead.
  const explained = (error: FieldError | undefined, text: string) => (error?.message === 'VALIDATION_ERROR' ? text : fieldError(t, error));

  const submit = handleSubmit(async (values) => {
    try {
      if (shop) {
        await update.mutateAsync(values);
        notify('success', t('shops.toast.updated'));
      } else {
        const created = await create.mutateAsync(values);
        notify('success', t('shops.toast.added'), created.status === 'pending' ? t('content.awaitingApproval') : undefined);
        reset(EMPTY);
      }
      onOpenChange(false);
    } catch (error) {
      notify('error', t(shop ? 'shops.toast.updateError' : 'shops.toast.addError'), errorText(t, error));
      showServerFieldErrors(error, FIELDS, setError);
    }
  });

  const title = shop ? t('shops.editShop') : t('shops.addShop');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} busy={pending} title={title} description={t('shops.form.subtitle')} testId="shop-form-dialog" wide>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <TextField label={t('shops.form.name')} autoComplete="off" maxLength={120} error={fieldError(t, errors.name)} {...register('name')} />
        <TextArea label={t('shops.form.description')} maxLength={2000} className="min-h-24" error={fieldError(t, errors.description)} {...register('description')} />
        <TextField
          label={t('shops.form.location')}
          placeholder={t('shops.form.locationPlaceholder')}
          autoComplete="off"
          maxLength={160}
          error={fieldError(t, errors.location)}
          {...register('location')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('shops.form.establishedYear')}
            type="number"
            inputMode="numeric"
            min={SHOP_FIRST_YEAR}
            max={thisYear}
            step={1}
            dir="ltr"
            hint={t('shops.form.optional')}
            error={explained(errors.establishedYear, t('shops.form.yearInvalid', { min: SHOP_FIRST_YEAR, max: thisYear }))}
            {...register('establishedYear')}
          />
          <TextField
            label={t('shops.form.sponsoredAthletes')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            dir="ltr"
            error={explained(errors.sponsoredAthletes, t('shops.form.sponsoredInvalid'))}
            {...register('sponsoredAthletes')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextArea
            label={t('shops.form.specialties')}
            hint={t('shops.form.listHint', { max: SHOP_MAX_SPECIALTIES })}
            className="min-h-24"
            error={fieldError(t, errors.specialties)}
            {...register('specialties')}
          />
          <TextArea
            label={t('shops.form.brands')}
            hint={t('shops.form.listHint', { max: SHOP_MAX_BRANDS })}
            className="min-h-24"
            error={fieldError(t, errors.brands)}
            {...register('brands')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('shops.form.email')}
            type="email"
            dir="ltr"
            autoComplete="off"
            hint={t('shops.form.optional')}
            error={fieldError(t, errors.email)}
            {...register('email')}
          />
          <TextField
            label={t('shops.form.phone')}
            type="tel"
            dir="ltr"
            autoComplete="off"
            maxLength={30}
            hint={t('shops.form.optional')}
            error={explained(errors.phone, t('shops.form.phoneInvalid'))}
            {...register('phone')}
          />
        </div>
        <TextField
          label={t('shops.form.website')}
          type="url"
          dir="ltr"
          placeholder="https://…"
          hint={t('shops.form.optional')}
          error={fieldError(t, errors.website)}
          {...register('website')}
        />
        <TextField
          label={t('shops.form.imageUrl')}
          type="url"
          dir="ltr"
          placeholder="https://…"
          hint={t('shops.form.imageUrlHint')}
          error={fieldError(t, errors.imageUrl)}
          {...register('imageUrl')}
        />
        <FormActions busy={pending} onCancel={() => onOpenChange(false)} submitLabel={shop ? t('shops.saveChanges') : t('shops.addShop')} submitTestId="shop-form-submit" />
      </form>
    </FormDialog>
  );
}
