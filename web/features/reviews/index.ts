// The reviews feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The admin's content form edits reviews with these.
export { reviewForm } from './review-form-fields.tsx';
export { useReview, useCreateReview, useUpdateReview } from './reviews.api.ts';
