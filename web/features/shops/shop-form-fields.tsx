import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { z } from 'zod';
import { lineList } from '../../../common/content.ts';
import { SHOP_FIRST_YEAR, SHOP_MAX_BRANDS, SHOP_MAX_SPECIALTIES, shopInputSchema, splitList, type Shop } from '../../../common/shops.ts';
import { TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, sectionForm, useSectionFields } from '../../lib/form.ts';

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

/** How a shop's form is checked, filled and shown: one definition for every form of a shop. */
export const shopForm = sectionForm({
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
  Fields: ShopFormFields,
});

/**
 * A shop's fields, as the section's dialog and the admin form both show them. Specialties and
 * brands are typed one per line or separated by commas.
 */
export function ShopFormFields({ form }: { form: UseFormReturn<FormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const field = useSectionFields(form, 'shops');
  const errors = form.formState.errors;
  const thisYear = new Date().getFullYear();
  // Shared schemas report a bad phone or year as VALIDATION_ERROR: say what is expected instead.
  const explained = (error: FieldError | undefined, text: string) => (error?.message === 'VALIDATION_ERROR' ? text : fieldError(t, error));
  return (
    <>
      <TextField {...field('name')} autoComplete="off" maxLength={120} />
      <TextArea {...field('description')} maxLength={2000} className="min-h-24" />
      <TextField {...field('location')} placeholder={t('shops.form.locationPlaceholder')} autoComplete="off" maxLength={160} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('establishedYear')}
          type="number"
          inputMode="numeric"
          min={SHOP_FIRST_YEAR}
          max={thisYear}
          step={1}
          dir="ltr"
          hint={t('shops.form.optional')}
          error={explained(errors.establishedYear, t('shops.form.yearInvalid', { min: SHOP_FIRST_YEAR, max: thisYear }))}
        />
        <TextField
          {...field('sponsoredAthletes')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          dir="ltr"
          error={explained(errors.sponsoredAthletes, t('shops.form.sponsoredInvalid'))}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea {...field('specialties')} hint={t('shops.form.listHint', { max: SHOP_MAX_SPECIALTIES })} className="min-h-24" />
        <TextArea {...field('brands')} hint={t('shops.form.listHint', { max: SHOP_MAX_BRANDS })} className="min-h-24" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('email')} type="email" dir="ltr" autoComplete="off" hint={t('shops.form.optional')} />
        <TextField
          {...field('phone')}
          type="tel"
          dir="ltr"
          autoComplete="off"
          maxLength={30}
          hint={t('shops.form.optional')}
          error={explained(errors.phone, t('shops.form.phoneInvalid'))}
        />
      </div>
      <TextField {...field('website')} type="url" dir="ltr" placeholder="https://…" hint={t('shops.form.optional')} />
      <TextField {...field('imageUrl')} type="url" dir="ltr" placeholder="https://…" hint={t('shops.form.imageUrlHint')} />
    </>
  );
}
