import { lazy } from 'react';

// The feed feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The home page, part of the first load, imports it: keep it light.
export { FeedSkeleton } from './feed-skeleton.tsx';

/** Only signed-in people see the feed: visitors never download its code. */
export const FeedSection = lazy(() => import('./feed-section.tsx'));
