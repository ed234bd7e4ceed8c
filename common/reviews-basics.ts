/** What review pages need without the review schemas (common/reviews.ts): nothing here imports zod. */

export const REVIEW_CATEGORIES = ['Board', 'Wetsuit', 'Camera', 'Accessories'] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];
/** Cards show this many pros and cons; the detail page shows all. */
export const REVIEW_CARD_POINTS = 2;
