import { isSectionKind, type AdminSectionKind } from '../../../common/admin-content.ts';
import { articleForm, useArticle, useCreateArticle, useUpdateArticle } from '../articles/index.ts';
import { eventForm, useCreateEvent, useEvent, useUpdateEvent } from '../events/index.ts';
import { placeForm, useCreatePlace, usePlace, useUpdatePlace } from '../places/index.ts';
import { reviewForm, useCreateReview, useReview, useUpdateReview } from '../reviews/index.ts';
import { shopForm, useCreateShop, useShop, useUpdateShop } from '../shops/index.ts';
import { trickForm, useCreateTrick, useTrick, useUpdateTrick } from '../tricks/index.ts';
import type { AdminFormProps } from './admin-form-props.ts';
import { contentFormOf } from './content-form-section.tsx';

/**
 * Each section's admin form: its fields are the section's own (the ones its dialog shows), plus the
 * discipline. Creating goes through the section's contribution endpoint (an admin's is approved at
 * once), editing through its PATCH.
 */
const FORMS = {
  articles: contentFormOf({ form: articleForm, useItem: useArticle, useCreate: useCreateArticle, useUpdate: useUpdateArticle }),
  events: contentFormOf({ form: eventForm, useItem: useEvent, useCreate: useCreateEvent, useUpdate: useUpdateEvent }),
  places: contentFormOf({ form: placeForm, useItem: usePlace, useCreate: useCreatePlace, useUpdate: useUpdatePlace }),
  reviews: contentFormOf({ form: reviewForm, useItem: useReview, useCreate: useCreateReview, useUpdate: useUpdateReview }),
  tricks: contentFormOf({ form: trickForm, useItem: useTrick, useCreate: useCreateTrick, useUpdate: useUpdateTrick }),
  shops: contentFormOf({ form: shopForm, useItem: useShop, useCreate: useCreateShop, useUpdate: useUpdateShop }),
} satisfies Record<AdminSectionKind, unknown>;

/** /admin/new/{kind} and /admin/edit/{kind}/{id} for articles, events, places, reviews, tricks and shops. */
export default function ContentForm({ kind, id }: AdminFormProps) {
  // The form page sends only content kinds here.
  if (!isSectionKind(kind)) return null;
  const Form = FORMS[kind];
  return <Form kind={kind} id={id} />;
}
