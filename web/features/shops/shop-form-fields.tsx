import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { z } from 'zod';
import { lineList } from '../../../common/content.ts';
import { SHOP_FIRST_YEAR, SHOP_MAX_BRANDS, SHOP_MAX_SPECIALTIES, shopInputSchema, splitList, type Shop } from '../../../common/shops.ts';
import { TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError } from '../../lib/form.ts';

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

/**
 * A shop's fields, as the section's dialog and the admin form both show them. Specialties and
 * brands are typed one per line or separated by commas.
 */
export function ShopFormFields({ form }: { form: UseFormReturn<FormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const { register, formState } = form;
  const errors = formState.errors;
  const thisYear = new Date().getFullYear();
  // Shared schemas report a bad phone or year as VALIDATION_ERROR: say what is expected instead.
  const explained = (error: FieldError | undefined, text: string) => (error?.message === 'VALIDATION_ERROR' ? text : fieldError(t, error));
  return (
    <>
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
    </>
  );
}

/** How a shop's form is checked, filled and shown: one definition for every form of a shop. */
export const shopForm = {
  resolver: zodResolver(formSchema),
  empty: EMPTY,
  valuesOf: (shop: Shop): FormValues => ({
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
  }),
  serverFields: ['name', 'description', 'location', 'establishedYear', 'sponsoredAthletes', 'specialties', 'brands', 'email', 'phone', 'website', 'imageUrl'],
  Fields: ShopFormFields,
};
