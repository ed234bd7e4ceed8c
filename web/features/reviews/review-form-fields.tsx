import { zodResolver } from '@hookform/resolvers/zod';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { z } from 'zod';
import { REVIEW_CATEGORIES } from '../../../common/reviews-basics.ts';
import { REVIEW_CONTENT_MAX, reviewInputSchema, type Review } from '../../../common/reviews.ts';
import { SelectField, TextArea, TextField } from '../../components/ui/text-field.tsx';
import { sectionForm, useSectionFields } from '../../lib/form.ts';

const shape = reviewInputSchema.shape;

// The shared schema, with the fields typed as text here: one pro or con per line, an empty price is none.
const formSchema = reviewInputSchema.extend({
  price: z
    .string()
    .transform((v) => (v.trim() === '' ? null : Number(v.replace(',', '.'))))
    .pipe(shape.price.unwrap()),
  pros: z
    .string()
    .transform((v) => v.split('\n'))
    .pipe(shape.pros.unwrap()),
  cons: z
    .string()
    .transform((v) => v.split('\n'))
    .pipe(shape.cons.unwrap()),
});

type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

// Empty number inputs give NaN, which the schema reports as a required field.
const EMPTY: FormValues = {
  productName: '',
  brand: '',
  category: 'Board',
  content: '',
  rating: Number.NaN,
  overallScore: Number.NaN,
  price: '',
  releaseDate: '',
  pros: '',
  cons: '',
  imageUrl: '',
};

/** How a review's form is checked, filled, sent and shown: one definition for every form of a review. */
export const reviewForm = sectionForm({
  resolver: zodResolver(formSchema),
  empty: EMPTY,
  valuesOf: (review: Review): FormValues => ({
    productName: review.productName,
    brand: review.brand,
    category: review.category,
    content: review.content,
    rating: review.rating,
    overallScore: review.overallScore ?? Number.NaN,
    price: review.price === null ? '' : String(review.price),
    releaseDate: review.releaseDate?.slice(0, 7) ?? '',
    pros: review.pros.join('\n'),
    cons: review.cons.join('\n'),
    imageUrl: review.imageUrl ?? '',
  }),
  /** The month field cannot show a day: an untouched month keeps the stored day. */
  toBody: (values: FormOutput, review: Review | undefined) => {
    const stored = review?.releaseDate;
    return { ...values, releaseDate: stored && values.releaseDate === `${stored.slice(0, 7)}-01` ? stored : values.releaseDate };
  },
  Fields: ReviewFormFields,
});

/** A gear review's fields, as the section's dialog and the admin form both show them. */
export function ReviewFormFields({ form }: { form: UseFormReturn<FormValues, unknown, FormOutput> }) {
  const { t } = useTranslation();
  const field = useSectionFields(form, 'reviews');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('productName')} autoComplete="off" maxLength={120} />
        <TextField {...field('brand')} autoComplete="off" maxLength={80} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field('category')}>
          {REVIEW_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`reviews.categories.${c}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          {...field('releaseDate')}
          type="month"
          dir="ltr"
          placeholder={t('reviews.form.releaseDatePlaceholder')}
          hint={t('reviews.form.releaseDateHint')}
        />
      </div>
      <TextArea {...field('content')} maxLength={REVIEW_CONTENT_MAX} className="min-h-40" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          {...field('rating', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step={0.5}
          min={0}
          max={5}
          dir="ltr"
          hint={t('reviews.form.ratingHint')}
        />
        <TextField
          {...field('overallScore', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0}
          max={10}
          dir="ltr"
          hint={t('reviews.form.overallScoreHint')}
        />
        <TextField {...field('price')} type="number" inputMode="decimal" step={0.01} min={0} dir="ltr" hint={t('reviews.form.priceHint')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea {...field('pros')} hint={t('reviews.form.linesHint')} className="min-h-28" />
        <TextArea {...field('cons')} hint={t('reviews.form.linesHint')} className="min-h-28" />
      </div>
      <TextField {...field('imageUrl')} type="url" dir="ltr" placeholder="https://…" hint={t('reviews.form.imageUrlHint')} />
    </>
  );
}
