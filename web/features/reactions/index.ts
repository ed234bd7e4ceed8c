// The reactions feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md).
export { CommentsSection } from './comments-section.tsx';
export { CardReactions, LikeButton } from './like-button.tsx';
export { RatingInput, Stars } from './rating-stars.tsx';
