import { isSectionKind, type AdminSectionKind } from '../../../common/admin-content.ts';
import { articleForm } from '../articles/article-form-fields.tsx';
import { useArticle, useCreateArticle, useUpdateArticle } from '../articles/articles.api.ts';
import { eventForm } from '../events/event-form-fields.tsx';
import { useCreateEvent, useEvent, useUpdateEvent } from '../events/events.api.ts';
import { placeForm } from '../places/place-form-fields.tsx';
import { useCreatePlace, usePlace, useUpdatePlace } from '../places/places.api.ts';
import { reviewForm } from '../reviews/review-form-fields.tsx';
import { useCreateReview, useReview, useUpdateReview } from '../reviews/reviews.api.ts';
import { shopForm } from '../shops/shop-form-fields.tsx';
import { useCreateShop, useShop, useUpdateShop } from '../shops/shops.api.ts';
import { trickForm } from '../tricks/trick-form-fields.tsx';
import { useCreateTrick, useTrick, useUpdateTrick } from '../tricks/tricks.api.ts';
import type { AdminFormProps } from './admin-form-page.tsx';
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
